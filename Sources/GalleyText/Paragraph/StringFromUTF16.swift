/// `String(decoding: units, as: UTF16.self)`, transcoded in one pass: the standard library's
/// generic path parses scalar by scalar and was a third of formatting a number with ICU (W1
/// formats 40 a document). ICU's output and paragraph text (UTF-16 for ICU and HarfBuzz) come
/// back to Swift through it. An unpaired surrogate becomes U+FFFD, as there.
///
/// Text of up to 15 UTF-8 bytes (a formatted amount, a short line) is made as a small string,
/// stored in the `String` itself: a string made with room for more is a heap allocation
/// whatever it ends up holding, and room for 3 bytes a unit is more than 15 from 6 units on.
func stringFromUTF16(_ units: UnsafeBufferPointer<UInt16>) -> String {
    if units.count <= smallStringBytes {
        let small = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: units.count * 3) { room -> String? in
            let written = transcode(units, into: room)
            guard written <= smallStringBytes else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: room[..<written]), as: UTF8.self)
        }
        if let small { return small }
    }
    return String(unsafeUninitializedCapacity: units.count * 3) { transcode(units, into: $0) }
}

/// The most UTF-8 bytes a Swift string keeps without a heap buffer (on 64-bit platforms).
private let smallStringBytes = 15

/// Writes `units` as UTF-8 into `bytes` (room for 3 bytes a unit); returns the bytes written.
private func transcode(_ units: UnsafeBufferPointer<UInt16>, into bytes: UnsafeMutableBufferPointer<UInt8>) -> Int {
    var written = 0
    var index = 0
    func put(_ scalar: UInt32) {
        switch scalar {
        case 0..<0x80:
            bytes[written] = UInt8(scalar)
            written += 1
        case 0x80..<0x800:
            bytes[written] = UInt8(0xC0 | scalar >> 6)
            bytes[written + 1] = UInt8(0x80 | scalar & 0x3F)
            written += 2
        case 0x800..<0x10000:
            bytes[written] = UInt8(0xE0 | scalar >> 12)
            bytes[written + 1] = UInt8(0x80 | scalar >> 6 & 0x3F)
            bytes[written + 2] = UInt8(0x80 | scalar & 0x3F)
            written += 3
        default:
            bytes[written] = UInt8(0xF0 | scalar >> 18)
            bytes[written + 1] = UInt8(0x80 | scalar >> 12 & 0x3F)
            bytes[written + 2] = UInt8(0x80 | scalar >> 6 & 0x3F)
            bytes[written + 3] = UInt8(0x80 | scalar & 0x3F)
            written += 4
        }
    }
    while index < units.count {
        let unit = UInt32(units[index])
        index += 1
        if unit & 0xF800 != 0xD800 {
            put(unit)
        } else if unit < 0xDC00, index < units.count, units[index] & 0xFC00 == 0xDC00 {
            put(0x10000 + ((unit - 0xD800) << 10) + (UInt32(units[index]) - 0xDC00))
            index += 1
        } else {
            put(0xFFFD)
        }
    }
    return written
}
