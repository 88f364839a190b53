/// Strings, numbers and bare words (`true`, `false`, `null`, `Infinity`, `NaN`).
extension ParserCore {
    /// Parses a `"…"` or `'…'` string at the current position, resolving escapes.
    mutating func parseString() throws(ParseFailure) -> String {
        let quote = bytes[position]
        let start = position
        position += 1
        let contentStart = position
        // Fast path: no escapes, the common case; one String made straight from the bytes.
        while position < bytes.count {
            let byte = bytes[position]
            if byte == quote {
                let text = String(
                    decoding: UnsafeBufferPointer(rebasing: bytes[contentStart..<position]), as: UTF8.self)
                position += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte == 0x0A || byte == 0x0D { throw unterminatedString(start: start, quote: quote) }
            position += 1
        }
        var output = Array(bytes[contentStart..<position])
        while position < bytes.count {
            let byte = bytes[position]
            if byte == quote {
                position += 1
                return String(decoding: output, as: UTF8.self)
            }
            if byte == 0x0A || byte == 0x0D { throw unterminatedString(start: start, quote: quote) }
            if byte == UInt8(ascii: "\\") {
                try parseEscape(into: &output)
            } else {
                output.append(byte)
                position += 1
            }
        }
        throw unterminatedString(start: start, quote: quote)
    }

    private func unterminatedString(start: Int, quote: UInt8) -> ParseFailure {
        let mark = quote == UInt8(ascii: "'") ? "'" : "\""
        return failure(
            "unterminated string",
            hint: "close it with \(mark) on the same line, or end the line with \\ to continue it", at: start)
    }

    /// Resolves one escape sequence starting at a backslash and appends its UTF-8 bytes.
    private mutating func parseEscape(into output: inout [UInt8]) throws(ParseFailure) {
        let escapeStart = position
        position += 1
        guard position < bytes.count else { throw failure("unterminated string", at: escapeStart) }
        let byte = bytes[position]
        position += 1
        switch byte {
        case UInt8(ascii: "b"): output.append(0x08)
        case UInt8(ascii: "f"): output.append(0x0C)
        case UInt8(ascii: "n"): output.append(0x0A)
        case UInt8(ascii: "r"): output.append(0x0D)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "v"): output.append(0x0B)
        case UInt8(ascii: "0"):
            if position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
                throw failure("octal escapes are not allowed", hint: "use \\u0000-style escapes", at: escapeStart)
            }
            output.append(0)
        case UInt8(ascii: "1")...UInt8(ascii: "9"):
            throw failure("invalid escape '\\\(Character(Unicode.Scalar(byte)))'", at: escapeStart)
        case UInt8(ascii: "x"):
            let value = try hexDigits(count: 2, escapeStart: escapeStart)
            appendScalar(UInt32(value), to: &output)
        case UInt8(ascii: "u"):
            try parseUnicodeEscape(escapeStart: escapeStart, into: &output)
        case 0x0A:
            break  // Line continuation: backslash-LF produces nothing.
        case 0x0D:
            if position < bytes.count, bytes[position] == 0x0A { position += 1 }
        case 0xE2
        where position + 1 < bytes.count && bytes[position] == 0x80
            && (bytes[position + 1] == 0xA8 || bytes[position + 1] == 0xA9):
            position += 2  // Line continuation with U+2028 / U+2029.
        default:
            // JSON5: any other character escapes to itself (covers \" \' \\ \/).
            output.append(byte)
        }
    }

    /// `\uXXXX`, combining a surrogate pair into one scalar; a lone surrogate becomes U+FFFD.
    private mutating func parseUnicodeEscape(escapeStart: Int, into output: inout [UInt8]) throws(ParseFailure) {
        let first = try hexDigits(count: 4, escapeStart: escapeStart)
        if (0xD800...0xDBFF).contains(first), position + 1 < bytes.count,
            bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u")
        {
            let save = position
            position += 2
            let second = try hexDigits(count: 4, escapeStart: save)
            if (0xDC00...0xDFFF).contains(second) {
                appendScalar(0x10000 + ((UInt32(first) - 0xD800) << 10) + (UInt32(second) - 0xDC00), to: &output)
                return
            }
            appendScalar(0xFFFD, to: &output)
            appendScalar(UInt32(second), to: &output)
            return
        }
        appendScalar(UInt32(first), to: &output)
    }

    private mutating func hexDigits(count: Int, escapeStart: Int) throws(ParseFailure) -> Int {
        var value = 0
        for _ in 0..<count {
            guard position < bytes.count, let digit = Self.hexValue(bytes[position]) else {
                throw failure(
                    "invalid escape: expected \(count) hex digits",
                    hint: count == 4
                        ? "write \\u followed by 4 hex digits, e.g. \\u00e9" : "write \\x followed by 2 hex digits",
                    at: escapeStart)
            }
            value = value * 16 + digit
            position += 1
        }
        return value
    }

    private func appendScalar(_ value: UInt32, to output: inout [UInt8]) {
        let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
        output.append(contentsOf: String(Character(scalar)).utf8)
    }

    static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(byte - UInt8(ascii: "A")) + 10
        default: return nil
        }
    }

    /// Parses `true`, `false`, `null`, `Infinity` or `NaN`; anything else is an error naming the word.
    mutating func parseWord() throws(ParseFailure) -> JSONValue {
        let start = position
        let word = readWord()
        switch word {
        case "true": return .boolean(true)
        case "false": return .boolean(false)
        case "null": return .null
        case "Infinity": return .number(JSONNumber(.infinity))
        case "NaN": return .number(JSONNumber(.nan))
        default:
            throw failure(
                "unexpected word '\(word)'",
                hint: "expected true, false, null or a number; quote text as a string: \"\(word)\"", at: start)
        }
    }

    /// Reads a run of identifier characters and returns it.
    private mutating func readWord() -> String {
        let start = position
        while position < bytes.count, Self.isIdentifierPart(bytes[position]) { position += 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    }

    /// Parses a JSON or JSON5 number: its binary value, its exact decimal, and its text when the
    /// decimal does not print it as written (``JSONNumber``).
    ///
    /// Up to 15 significant digits with a decimal exponent of at most 22 are converted exactly
    /// in integer arithmetic plus one correctly rounded multiply or divide (Clinger's fast path);
    /// longer numbers go through the standard library's correctly rounded conversion.
    mutating func parseNumber() throws(ParseFailure) -> JSONNumber {
        let start = position
        var negative = false
        if bytes[position] == UInt8(ascii: "-") || bytes[position] == UInt8(ascii: "+") {
            negative = bytes[position] == UInt8(ascii: "-")
            position += 1
        }
        guard position < bytes.count else { throw failure("expected a number after the sign", at: start) }
        let first = bytes[position]
        if first == UInt8(ascii: "I") || first == UInt8(ascii: "N") {
            let word = readWord()
            if word == "Infinity" { return JSONNumber(negative ? -.infinity : .infinity) }
            if word == "NaN" { return JSONNumber(.nan) }
            throw failure("invalid number", hint: "expected Infinity or NaN after the sign", at: start)
        }
        if first == UInt8(ascii: "0"), position + 1 < bytes.count,
            bytes[position + 1] == UInt8(ascii: "x") || bytes[position + 1] == UInt8(ascii: "X")
        {
            let value = try parseHex(start: start, negative: negative)
            return JSONNumber(value: value, decimal: JSONNumber(value).decimal, source: sourceText(from: start))
        }
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var exponent = 0
        let integerStart = position
        while position < bytes.count, let digit = Self.digitValue(bytes[position]) {
            Self.accumulate(digit, into: &mantissa, digits: &significantDigits, exponent: &exponent)
            position += 1
        }
        let integerDigits = position - integerStart
        if integerDigits > 1, bytes[integerStart] == UInt8(ascii: "0") {
            throw failure(
                "numbers cannot have leading zeros", hint: "write it without them, or as a string if the zeros matter",
                at: start)
        }
        var fractionDigits = 0
        var hasPoint = false
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            hasPoint = true
            position += 1
            let fractionStart = position
            while position < bytes.count, let digit = Self.digitValue(bytes[position]) {
                Self.accumulate(digit, into: &mantissa, digits: &significantDigits, exponent: &exponent)
                exponent -= 1
                position += 1
            }
            fractionDigits = position - fractionStart
        }
        guard integerDigits + fractionDigits > 0 else {
            throw failure("invalid number", hint: "expected digits", at: start)
        }
        var scientific = false
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            scientific = true
            exponent += try parseExponent(start: start)
        }
        if position < bytes.count, Self.isIdentifierPart(bytes[position]) || bytes[position] == UInt8(ascii: ".") {
            throw failure("invalid number", hint: "quote text as a string", at: start)
        }
        // The text is kept only when the decimal would print it differently (rare).
        let unusual =
            scientific || bytes[start] == UInt8(ascii: "+") || (hasPoint && (integerDigits == 0 || fractionDigits == 0))
            || (negative && mantissa == 0)
        if significantDigits <= 15, abs(exponent) <= 22, let power = Self.powersOfTen[safe: abs(exponent)] {
            let magnitude = exponent < 0 ? Double(mantissa) / power : Double(mantissa) * power
            let coefficient = Int128(mantissa)
            return JSONNumber(
                value: negative ? -magnitude : magnitude,
                decimal: ExactDecimal(coefficient: negative ? -coefficient : coefficient, exponent: exponent),
                source: unusual ? sourceText(from: start) : nil)
        }
        var text = sourceText(from: start)
        if text.hasPrefix("+") { text.removeFirst() }
        guard let value = Double(text) else { throw failure("invalid number", at: start) }
        let decimal: ExactDecimal?
        if significantDigits <= 19 {
            let coefficient = Int128(mantissa)
            decimal = ExactDecimal(coefficient: negative ? -coefficient : coefficient, exponent: exponent)
        } else {
            decimal = ExactDecimal(parsing: text)
        }
        return JSONNumber(
            value: value, decimal: decimal, source: unusual || decimal == nil ? sourceText(from: start) : nil)
    }

    /// The bytes from `start` to the current position, as text.
    private func sourceText(from start: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    }

    /// Adds a digit to the mantissa; digits past the 19th only bump `digits` so the slow path is used.
    private static func accumulate(_ digit: UInt64, into mantissa: inout UInt64, digits: inout Int, exponent: inout Int)
    {
        if mantissa == 0 && digit == 0 { return }  // Leading zeros are not significant.
        if digits < 19 { mantissa = mantissa * 10 + digit }
        digits += 1
    }

    private mutating func parseExponent(start: Int) throws(ParseFailure) -> Int {
        position += 1
        var negative = false
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") || bytes[position] == UInt8(ascii: "+") {
            negative = bytes[position] == UInt8(ascii: "-")
            position += 1
        }
        var value = 0
        var digits = 0
        while position < bytes.count, let digit = Self.digitValue(bytes[position]) {
            value = min(value * 10 + Int(digit), 100_000)
            digits += 1
            position += 1
        }
        guard digits > 0 else { throw failure("invalid number", hint: "expected digits after the exponent", at: start) }
        return negative ? -value : value
    }

    private mutating func parseHex(start: Int, negative: Bool) throws(ParseFailure) -> Double {
        position += 2
        var value = 0.0
        var digits = 0
        while position < bytes.count, let digit = Self.hexValue(bytes[position]) {
            value = value * 16 + Double(digit)
            digits += 1
            position += 1
        }
        if digits == 0 || (position < bytes.count && Self.isIdentifierPart(bytes[position])) {
            throw failure("invalid hex number", hint: "write 0x followed by hex digits, e.g. 0xFF", at: start)
        }
        return negative ? -value : value
    }

    private static func digitValue(_ byte: UInt8) -> UInt64? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? UInt64(byte - UInt8(ascii: "0")) : nil
    }

    /// 1e0 … 1e22, every one exactly representable as a Double.
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]
}

extension Array {
    /// The element at `index`, or `nil` when out of range.
    subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
