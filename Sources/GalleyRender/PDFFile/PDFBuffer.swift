import GalleyLayout

/// The bytes of a PDF being written: ASCII tokens, integers and reals appended without
/// formatting through `printf` (cairo's `%f` for every number was 5–11% of a PDF's
/// instructions), strings and names escaped as PDF wants them.
struct PDFBuffer {
    var bytes: [UInt8] = []

    var count: Int { bytes.count }

    mutating func reserveCapacity(_ capacity: Int) { bytes.reserveCapacity(capacity) }

    mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    /// A token or operator (ASCII).
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Text that is already PDF syntax (a dictionary key with its value, say).
    mutating func append(raw text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    mutating func append(byte: UInt8) { bytes.append(byte) }

    mutating func append(contentsOf other: [UInt8]) { bytes.append(contentsOf: other) }

    mutating func append(_ value: Int) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
            appendDigits(UInt64(value.magnitude))
        } else {
            appendDigits(UInt64(value))
        }
    }

    /// Writes `value` with up to `PDFBuffer.decimals` decimals, trailing zeros dropped (`12`,
    /// `0.5`, `-3.1416`): a ten-thousandth of a point is far below what any device shows, and
    /// a colour component needs a 255th. Values beyond ±10¹² (no page holds one) are clamped,
    /// and a value that is not finite is written as 0, so the file stays valid whatever comes.
    mutating func append(real value: Double) {
        guard value.isFinite else {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        let clamped = min(max(value, -1e12), 1e12)
        let scaled = (clamped * Self.scale).rounded()
        var units = UInt64(scaled.magnitude)
        if units == 0 {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        if scaled < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(units / Self.unitsPerWhole)
        units %= Self.unitsPerWhole
        guard units != 0 else { return }
        bytes.append(UInt8(ascii: "."))
        var divisor = Self.unitsPerWhole / 10
        while units != 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(units / divisor))
            units %= divisor
            divisor /= 10
        }
    }

    /// `x y width height` (a `re` operand list).
    mutating func append(rectangle rect: Rect) {
        appendSeparated(rect.minX, rect.minY, rect.width, rect.height)
    }

    /// `minX minY maxX maxY` (a `/BBox` or `/Rect` array's contents).
    mutating func append(corners rect: Rect) {
        appendSeparated(rect.minX, rect.minY, rect.maxX, rect.maxY)
    }

    /// `a b c d tx ty` (a `cm` or `Tm` operand list).
    mutating func append(matrix m: AffineTransform) {
        appendSeparated(m.a, m.b, m.c, m.d)
        bytes.append(UInt8(ascii: " "))
        appendSeparated(m.tx, m.ty)
    }

    /// `x y`.
    mutating func append(point: Point) { appendSeparated(point.x, point.y) }

    /// A dictionary entry `/name N 0 R`, after a space.
    mutating func append(entry name: String, reference number: Int) {
        bytes.append(UInt8(ascii: " "))
        append(name: name)
        bytes.append(UInt8(ascii: " "))
        PDFObjectFile.reference(number, in: &self)
    }

    private mutating func appendSeparated(_ a: Double, _ b: Double) {
        append(real: a)
        bytes.append(UInt8(ascii: " "))
        append(real: b)
    }

    private mutating func appendSeparated(_ a: Double, _ b: Double, _ c: Double, _ d: Double) {
        appendSeparated(a, b)
        bytes.append(UInt8(ascii: " "))
        appendSeparated(c, d)
    }

    static let decimals = 4
    private static let unitsPerWhole: UInt64 = 10_000
    private static let scale = 10_000.0

    private mutating func appendDigits(_ value: UInt64) {
        var length = 1
        var probe = value
        while probe >= 10 {
            probe /= 10
            length += 1
        }
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: length))
        var rest = value
        var index = bytes.count - 1
        repeat {
            bytes[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
            index -= 1
        } while rest != 0
    }

    /// A name object (`/Name`): bytes outside `!`…`~`, and the delimiters, as `#xx`.
    mutating func append(name: String) {
        bytes.append(UInt8(ascii: "/"))
        // NUL cannot be written in a name at all; it is left out.
        for byte in name.utf8 where byte != 0 {
            if byte < 0x21 || byte > 0x7e || Self.isDelimiter(byte) || byte == UInt8(ascii: "#") {
                bytes.append(UInt8(ascii: "#"))
                appendHexByte(byte)
            } else {
                bytes.append(byte)
            }
        }
    }

    /// A text string (document information, outline titles, annotation URIs are byte strings
    /// and go through `append(literal:)`): ASCII as a literal, anything else as UTF-16BE with
    /// its byte-order mark, in hex.
    mutating func append(textString text: String) {
        // Printable ASCII (and tab and line ends) is the same in PDFDocEncoding; bytes 0x18–0x1F
        // and 0x7F are not.
        if text.utf8.allSatisfy({ ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            append(literal: Array(text.utf8))
            return
        }
        bytes.append(UInt8(ascii: "<"))
        appendHexByte(0xFE)
        appendHexByte(0xFF)
        for unit in text.utf16 {
            appendHexByte(UInt8(unit >> 8))
            appendHexByte(UInt8(unit & 0xFF))
        }
        bytes.append(UInt8(ascii: ">"))
    }

    /// A literal string `( … )` with its parentheses, backslashes and control bytes escaped.
    mutating func append(literal string: [UInt8]) {
        bytes.append(UInt8(ascii: "("))
        for byte in string {
            switch byte {
            case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "\\"):
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(byte)
            case 0..<0x20, 0x7f...:
                // Octal, three digits: unambiguous whatever follows.
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(UInt8(ascii: "0") + (byte >> 6))
                bytes.append(UInt8(ascii: "0") + ((byte >> 3) & 7))
                bytes.append(UInt8(ascii: "0") + (byte & 7))
            default:
                bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: ")"))
    }

    /// Two uppercase hexadecimal digits.
    mutating func appendHexByte(_ byte: UInt8) {
        bytes.append(Self.hexDigits[Int(byte >> 4)])
        bytes.append(Self.hexDigits[Int(byte & 0x0F)])
    }

    /// A 16-bit code as four hexadecimal digits (a CID in a content stream or a CMap).
    mutating func appendHex16(_ value: UInt16) {
        appendHexByte(UInt8(value >> 8))
        appendHexByte(UInt8(value & 0xFF))
    }

    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    private static func isDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "["),
            UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "/"), UInt8(ascii: "%"):
            return true
        default:
            return false
        }
    }
}
