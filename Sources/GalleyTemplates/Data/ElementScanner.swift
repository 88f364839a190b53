/// Finds where one top-level array element ends, without parsing it.
///
/// It tracks bracket depth, strings (either quote, with escapes) and comments. The element ends
/// after the bracket that closes it, or — for a scalar — before a `,` or `]` at depth 0. A raw
/// line break ends a string (strings cannot contain one), so an unterminated string spoils only
/// its own record.
struct ElementScanner {
    private enum State {
        case normal, string, escape, escapeCR, slash, lineComment, blockComment, blockCommentStar
    }

    private var state = State.normal
    private var depth = 0
    private var quote: UInt8 = 0

    mutating func reset() {
        self = ElementScanner()
    }

    /// Scans `bytes`; returns how many belong to the element and whether the element ended.
    mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>, line: inout Int, column: inout Int) -> (Int, Bool) {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch state {
            case .normal:
                if depth == 0, byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") { return (index, true) }
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "'"):
                    state = .string
                    quote = byte
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if depth > 0 {
                        depth -= 1
                        if depth == 0 {
                            Self.track(byte, line: &line, column: &column)
                            return (index + 1, true)
                        }
                    }
                case UInt8(ascii: "/"):
                    state = .slash
                default:
                    break
                }
            case .string:
                if byte == UInt8(ascii: "\\") {
                    state = .escape
                } else if byte == quote || byte == 0x0A || byte == 0x0D {
                    state = .normal
                }
            case .escape:
                state = byte == 0x0D ? .escapeCR : .string
            case .escapeCR:
                state = .string
                if byte != 0x0A { continue }  // Re-read this byte as string content.
            case .slash:
                if byte == UInt8(ascii: "/") {
                    state = .lineComment
                } else if byte == UInt8(ascii: "*") {
                    state = .blockComment
                } else {
                    state = .normal
                    continue  // Re-read this byte normally.
                }
            case .lineComment:
                if byte == 0x0A { state = .normal }
            case .blockComment:
                if byte == UInt8(ascii: "*") { state = .blockCommentStar }
            case .blockCommentStar:
                if byte == UInt8(ascii: "/") {
                    state = .normal
                } else if byte != UInt8(ascii: "*") {
                    state = .blockComment
                }
            }
            Self.track(byte, line: &line, column: &column)
            index += 1
        }
        return (bytes.count, false)
    }

    /// Advances a line:column position past `byte` (columns count UTF-8 scalars).
    static func track(_ byte: UInt8, line: inout Int, column: inout Int) {
        if byte == 0x0A {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }
}
