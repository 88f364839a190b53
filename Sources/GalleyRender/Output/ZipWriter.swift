import CImageCodecs

/// Writes a zip archive as a stream of byte chunks: each entry's local header and data as soon
/// as the entry is known, the central directory at the end, so a server can send a batch's
/// outputs while later ones are still rendering.
///
/// Entries are *stored* (not compressed): PDF streams and PNG pixels are deflate-compressed
/// already, and deflating them again would cost time for a few percent. Names are UTF-8 (flag
/// bit 11); every entry has the same timestamp (1980-01-01 00:00, the earliest a zip can say)
/// so archives are reproducible. No zip64: past 65,535 entries or 4 GiB the writer throws.
///
/// ```swift
/// var zip = ZipWriter()
/// send(try zip.entry(name: "0.pdf", bytes: pdf))
/// send(try zip.finish())
/// ```
public struct ZipWriter: Sendable {
    private var directory: [UInt8] = []
    private var offset = 0
    private var count = 0

    /// An empty archive.
    public init() {}

    /// The local header and data of one stored entry.
    /// - Throws: `RenderError.io` past the classic zip's limits (65,535 entries, 4 GiB).
    public mutating func entry(name: String, bytes: [UInt8]) throws(RenderError) -> [UInt8] {
        let nameBytes = Array(name.utf8)
        guard count < 65_535, nameBytes.count < 65_536, offset + 30 + nameBytes.count + bytes.count < 1 << 32 else {
            throw RenderError.io(path: "<zip>", message: "the archive would pass 65,535 entries or 4 GiB")
        }
        let crc = bytes.withUnsafeBufferPointer { imagecodecs_crc32(0, $0.baseAddress, $0.count) }
        var local: [UInt8] = []
        local.reserveCapacity(30 + nameBytes.count + bytes.count)
        Self.put32(0x0403_4b50, &local)
        Self.putCommon(crc: crc, size: bytes.count, nameLength: nameBytes.count, &local)
        Self.put16(0, &local)  // extra field length
        local += nameBytes
        local += bytes

        Self.put32(0x0201_4b50, &directory)
        Self.put16(20, &directory)  // made by: version 2.0, MS-DOS attributes
        Self.putCommon(crc: crc, size: bytes.count, nameLength: nameBytes.count, &directory)
        Self.put16(0, &directory)  // extra field length
        Self.put16(0, &directory)  // comment length
        Self.put16(0, &directory)  // disk number
        Self.put16(0, &directory)  // internal attributes
        Self.put32(0, &directory)  // external attributes
        Self.put32(UInt32(offset), &directory)
        directory += nameBytes

        offset += local.count
        count += 1
        return local
    }

    /// The central directory and its end record; the archive is complete after these bytes.
    public mutating func finish() -> [UInt8] {
        var tail = directory
        Self.put32(0x0605_4b50, &tail)
        Self.put16(0, &tail)  // this disk
        Self.put16(0, &tail)  // the directory's disk
        Self.put16(UInt16(count), &tail)
        Self.put16(UInt16(count), &tail)
        Self.put32(UInt32(directory.count), &tail)
        Self.put32(UInt32(offset), &tail)
        Self.put16(0, &tail)  // comment length
        directory = []
        return tail
    }

    /// The fields the local header and the directory entry share, from "version needed" to the
    /// name's length.
    private static func putCommon(crc: UInt32, size: Int, nameLength: Int, _ bytes: inout [UInt8]) {
        put16(20, &bytes)  // version needed: 2.0
        put16(1 << 11, &bytes)  // flags: UTF-8 names
        put16(0, &bytes)  // method: stored
        put16(0, &bytes)  // time 00:00:00
        put16(0x21, &bytes)  // date 1980-01-01
        put32(crc, &bytes)
        put32(UInt32(size), &bytes)  // compressed size
        put32(UInt32(size), &bytes)  // size
        put16(UInt16(nameLength), &bytes)
    }

    private static func put16(_ value: UInt16, _ bytes: inout [UInt8]) {
        bytes.append(UInt8(value & 0xff))
        bytes.append(UInt8(value >> 8))
    }

    private static func put32(_ value: UInt32, _ bytes: inout [UInt8]) {
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8((value >> UInt32(shift)) & 0xff)) }
    }
}
