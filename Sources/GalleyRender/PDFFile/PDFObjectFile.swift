/// One PDF file's objects as they are written: numbers handed out in advance (a page names
/// its fonts before they exist), each object's offset kept for the cross-reference table,
/// and the trailer written at the end. The file is kept in memory.
struct PDFObjectFile {
    var buffer = PDFBuffer()
    /// Each object's byte offset, by number; -1 until it is written. Number 0 is the free list's head.
    private var offsets: [Int] = [0]

    init() {
        buffer.reserveCapacity(64 * 1024)
        // The second line's bytes above 127 tell transfer tools the file is binary.
        buffer.append("%PDF-1.7\n%")
        for byte: UInt8 in [0xB5, 0xED, 0xAE, 0xFB] { buffer.append(byte: byte) }
        buffer.append("\n")
    }

    /// A new object number, to be written later with `begin(_:)`.
    mutating func reserve() -> Int {
        offsets.append(-1)
        return offsets.count - 1
    }

    /// Starts object `number` (from `reserve()`); the caller appends its value and calls `end()`.
    mutating func begin(_ number: Int) {
        precondition(offsets[number] < 0, "PDF object \(number) written twice")
        offsets[number] = buffer.count
        buffer.append(number)
        buffer.append(" 0 obj\n")
    }

    mutating func end() { buffer.append("\nendobj\n") }

    /// Object `number` as a stream of `data`, its dictionary's other entries written by
    /// `entries` (without the `<<`, `>>` and `/Length`).
    mutating func writeStream(
        _ number: Int, data: [UInt8], filter: StaticString? = nil, entries: (inout PDFBuffer) -> Void = { _ in }
    ) {
        begin(number)
        buffer.append("<< /Length ")
        buffer.append(data.count)
        if let filter {
            buffer.append(" /Filter ")
            buffer.append(filter)
        }
        buffer.append(" ")
        entries(&buffer)
        buffer.append(" >>\nstream\n")
        buffer.append(contentsOf: data)
        buffer.append("\nendstream")
        end()
    }

    /// Object `number` as `data` deflated (`/FlateDecode`).
    mutating func writeCompressedStream(
        _ number: Int, data: [UInt8], deflater: Deflater, entries: (inout PDFBuffer) -> Void = { _ in }
    ) throws(RenderError) {
        let compressed = try deflater.compress(data)
        writeStream(number, data: compressed, filter: "/FlateDecode", entries: entries)
    }

    /// Writes the cross-reference table and the trailer, and returns the whole file.
    mutating func finish(root: Int, info: Int?, id: [UInt8]) -> [UInt8] {
        let start = buffer.count
        buffer.append("xref\n0 ")
        buffer.append(offsets.count)
        buffer.append("\n0000000000 65535 f \n")
        for offset in offsets.dropFirst() {
            precondition(offset >= 0, "a PDF object was reserved and never written")
            var digits = String(offset)
            digits = String(repeating: "0", count: max(0, 10 - digits.count)) + digits
            buffer.append(raw: digits)
            buffer.append(" 00000 n \n")
        }
        buffer.append("trailer\n<< /Size ")
        buffer.append(offsets.count)
        buffer.append(" /Root ")
        buffer.append(root)
        buffer.append(" 0 R")
        if let info {
            buffer.append(" /Info ")
            buffer.append(info)
            buffer.append(" 0 R")
        }
        // The file identifier, twice (the original and this version): a digest of the content,
        // so identical documents get identical bytes.
        buffer.append(" /ID [<")
        for byte in id { buffer.appendHexByte(byte) }
        buffer.append("> <")
        for byte in id { buffer.appendHexByte(byte) }
        buffer.append(">] >>\nstartxref\n")
        buffer.append(start)
        buffer.append("\n%%EOF\n")
        return buffer.bytes
    }

    /// The object reference `number 0 R`.
    static func reference(_ number: Int, in buffer: inout PDFBuffer) {
        buffer.append(number)
        buffer.append(" 0 R")
    }
}
