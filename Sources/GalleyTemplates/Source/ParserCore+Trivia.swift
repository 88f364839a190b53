/// Whitespace, comments and describing the current character in messages.
extension ParserCore {
    /// Skips whitespace (JSON's plus JSON5's VT, FF, NBSP, BOM, U+2028, U+2029) and comments.
    mutating func skipTrivia() throws(ParseFailure) {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C:
                position += 1
            case UInt8(ascii: "/"):
                try skipComment()
            case 0xC2 where byte(at: position + 1) == 0xA0:
                position += 2
            case 0xE2
            where byte(at: position + 1) == 0x80 && (byte(at: position + 2) == 0xA8 || byte(at: position + 2) == 0xA9):
                position += 3
            case 0xEF where byte(at: position + 1) == 0xBB && byte(at: position + 2) == 0xBF:
                position += 3
            default:
                return
            }
        }
    }

    private mutating func skipComment() throws(ParseFailure) {
        let start = position
        switch byte(at: position + 1) {
        case UInt8(ascii: "/"):
            position += 2
            while position < bytes.count, bytes[position] != 0x0A, bytes[position] != 0x0D { position += 1 }
        case UInt8(ascii: "*"):
            position += 2
            while position + 1 < bytes.count {
                if bytes[position] == UInt8(ascii: "*"), bytes[position + 1] == UInt8(ascii: "/") {
                    position += 2
                    return
                }
                position += 1
            }
            throw failure("unterminated comment", hint: "close it with */", at: start)
        default:
            throw failure("unexpected '/'", hint: "comments start with // or /*")
        }
    }

    /// The byte at `index`, or `nil` past the end.
    func byte(at index: Int) -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    /// "end of input", "'x'" or "character 'é'" for the current position, for messages.
    func describeCurrent() -> String {
        guard position < bytes.count else { return "end of input" }
        let lead = bytes[position]
        let length: Int
        switch lead {
        case 0x00..<0x80: length = 1
        case 0xC0..<0xE0: length = 2
        case 0xE0..<0xF0: length = 3
        default: length = 4
        }
        let end = min(bytes.count, position + length)
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<end]), as: UTF8.self)
        if lead < 0x20 || lead == 0x7F {
            return "control character U+\(String(lead, radix: 16, uppercase: true).leftPadded(to: 4))"
        }
        return "'\(text)'"
    }
}

extension String {
    /// The string padded on the left with zeros to `width` characters.
    func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
