/// Finds the `BDC` operators of a content stream (ISO 32000-1 §7.8.2, §14.6) and rewrites
/// their operands: how the writer turns cairo's flat `Span` tags into the roles and artifacts
/// of the structure tree it builds.
///
/// A small tokenizer rather than a text search, so nothing inside a string, a comment or an
/// inline image's data is mistaken for an operator. Example: in
/// `/Span << /MCID 0 >> BDC (x) Tj EMC` it finds one sequence with tag `Span` and MCID 0, whose
/// operands `/Span << /MCID 0 >>` can be replaced by `/Artifact << /Type /Layout >>`.
enum MarkedContentScanner {
    /// One `BDC` operator: its tag, its MCID (if its properties are an inline dictionary with
    /// one) and the byte range of its operands and operator.
    struct Sequence: Equatable {
        var tag: String
        var mcid: Int?
        var range: Range<Int>
    }

    /// Every `BDC` of `bytes`, in order.
    static func sequences(in bytes: [UInt8]) -> [Sequence] {
        var found: [Sequence] = []
        var index = 0
        var operands: [Token] = []
        while let token = nextToken(bytes, &index) {
            guard case .other = token.kind else {
                operands.append(token)
                continue
            }
            let word = bytes[token.range]
            if word.elementsEqual("BDC".utf8), let first = operands.first(where: { $0.kind != .dictionaryEnd }),
                let tagToken = operands.first(where: { $0.kind == .name })
            {
                let tag = String(decoding: bytes[tagToken.range].dropFirst(), as: UTF8.self)
                found.append(
                    Sequence(
                        tag: tag, mcid: mcid(in: operands, bytes),
                        range: first.range.lowerBound..<token.range.upperBound))
            } else if word.elementsEqual("BI".utf8) {
                skipInlineImage(bytes, &index)
            }
            operands.removeAll(keepingCapacity: true)
        }
        return found
    }

    /// `bytes` with the operands and operator of each sequence in `replacements` (by its range)
    /// replaced by the given text.
    static func rewrite(_ bytes: [UInt8], _ replacements: [(Range<Int>, String)]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + replacements.count * 16)
        var cursor = 0
        for (range, text) in replacements.sorted(by: { $0.0.lowerBound < $1.0.lowerBound }) {
            guard range.lowerBound >= cursor else { continue }
            output.append(contentsOf: bytes[cursor..<range.lowerBound])
            output.append(contentsOf: text.utf8)
            cursor = range.upperBound
        }
        output.append(contentsOf: bytes[cursor...])
        return output
    }

    // MARK: Tokens

    private struct Token {
        enum Kind: Equatable { case name, number, string, dictionaryStart, dictionaryEnd, array, other }
        var kind: Kind
        var range: Range<Int>
    }

    private static func mcid(in operands: [Token], _ bytes: [UInt8]) -> Int? {
        for (position, token) in operands.enumerated() where token.kind == .name {
            guard bytes[token.range].elementsEqual("/MCID".utf8), position + 1 < operands.count,
                operands[position + 1].kind == .number
            else { continue }
            return Int(String(decoding: bytes[operands[position + 1].range], as: UTF8.self))
        }
        return nil
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0x0C || byte == 0x00
    }

    private static func isDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x28, 0x29, 0x3C, 0x3E, 0x5B, 0x5D, 0x7B, 0x7D, 0x2F, 0x25: true  // ( ) < > [ ] { } / %
        default: false
        }
    }

    private static func nextToken(_ bytes: [UInt8], _ index: inout Int) -> Token? {
        while index < bytes.count {
            let byte = bytes[index]
            if isWhitespace(byte) {
                index += 1
                continue
            }
            if byte == 0x25 {  // % comment to the end of the line
                while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
                continue
            }
            let start = index
            switch byte {
            case 0x28:  // ( literal string, nested parentheses and backslash escapes
                var depth = 0
                while index < bytes.count {
                    let c = bytes[index]
                    if c == 0x5C {
                        index += 2
                        continue
                    }
                    if c == 0x28 { depth += 1 }
                    if c == 0x29 { depth -= 1 }
                    index += 1
                    if depth == 0 { break }
                }
                return Token(kind: .string, range: start..<min(index, bytes.count))
            case 0x3C:
                if index + 1 < bytes.count, bytes[index + 1] == 0x3C {
                    index += 2
                    return Token(kind: .dictionaryStart, range: start..<index)
                }
                while index < bytes.count, bytes[index] != 0x3E { index += 1 }
                index = min(index + 1, bytes.count)
                return Token(kind: .string, range: start..<index)
            case 0x3E:
                index += index + 1 < bytes.count && bytes[index + 1] == 0x3E ? 2 : 1
                return Token(kind: .dictionaryEnd, range: start..<index)
            case 0x5B, 0x5D, 0x7B, 0x7D:
                index += 1
                return Token(kind: .array, range: start..<index)
            case 0x2F:
                index += 1
                while index < bytes.count, !isWhitespace(bytes[index]), !isDelimiter(bytes[index]) { index += 1 }
                return Token(kind: .name, range: start..<index)
            default:
                while index < bytes.count, !isWhitespace(bytes[index]), !isDelimiter(bytes[index]) { index += 1 }
                let isNumber = bytes[start..<index].allSatisfy {
                    (0x30...0x39).contains($0) || $0 == 0x2E || $0 == 0x2D || $0 == 0x2B
                }
                return Token(kind: isNumber ? .number : .other, range: start..<index)
            }
        }
        return nil
    }

    /// Skips an inline image's dictionary and data: up to `ID`, one whitespace byte, then the
    /// data up to whitespace `EI` followed by whitespace or the end.
    private static func skipInlineImage(_ bytes: [UInt8], _ index: inout Int) {
        while let token = nextToken(bytes, &index) {
            if token.kind == .other, bytes[token.range].elementsEqual("ID".utf8) { break }
        }
        index += 1
        while index + 2 < bytes.count {
            if isWhitespace(bytes[index]), bytes[index + 1] == 0x45, bytes[index + 2] == 0x49,
                index + 3 == bytes.count || isWhitespace(bytes[index + 3])
            {
                index += 3
                return
            }
            index += 1
        }
        index = bytes.count
    }
}
