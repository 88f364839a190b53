/// A number from a template or a data file: its binary value (what layout and drawing use), the
/// exact decimal it was written as, and — when that decimal does not print it the same way — the
/// text as written.
///
/// Interpolation prints a number as it was written (``text``): an ID `1234567890123456` stays
/// `1234567890123456`, `1.50` stays `1.50`, `1e5` stays `1e5`. Arithmetic uses the exact decimal
/// (`ExactDecimal`), so `0.1 + 0.2` is `0.3`. A number made in code from a `Double` prints in its
/// shortest round-tripping form, and counts as that decimal in arithmetic.
public struct JSONNumber: Sendable, CustomStringConvertible {
    /// The nearest binary number.
    public let value: Double
    /// The exact value; nil for NaN, the infinities, and numbers of more than 38 digits.
    let decimal: ExactDecimal?
    /// The text as written, when ``decimal`` would print differently (`1e5`, `0x1F`, `+3`, a
    /// 40-digit number); nil otherwise.
    let source: String?

    /// A number from a binary value: integers below 10^15 are exact decimals, others are read as
    /// their shortest form when arithmetic needs them.
    public init(_ value: Double) {
        self.value = value
        if value == value.rounded(), abs(value) < 1e15 {
            decimal = ExactDecimal(coefficient: Int128(Int64(value)), exponent: 0)
        } else {
            decimal = nil
        }
        source = nil
    }

    /// A number with its exact value and, when it differs from the decimal's own text, its source.
    init(value: Double, decimal: ExactDecimal?, source: String? = nil) {
        self.value = value
        self.decimal = decimal
        self.source = source
    }

    /// An exact decimal (the result of arithmetic).
    init(_ decimal: ExactDecimal) {
        self.init(value: decimal.doubleValue, decimal: decimal)
    }

    /// A number read from text (`"1.50"`, a CSV field): nil unless the whole text, spaces aside,
    /// is a decimal number (`12`, `-0.5`, `1.50`, `2e3`; not `0x1F`, `inf` or `1,5`).
    public init?(parsing text: some StringProtocol) {
        let trimmed = String(text).trimmingSpaces()
        guard !trimmed.isEmpty, trimmed.utf8.allSatisfy(Self.isNumberByte), let value = Double(trimmed) else {
            return nil
        }
        guard let decimal = ExactDecimal(parsing: trimmed) else {
            // More than 38 digits: kept as written, computed in binary.
            self.init(value: value, decimal: nil, source: trimmed)
            return
        }
        self.init(value: value, decimal: decimal, source: decimal.plainText == trimmed ? nil : trimmed)
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "e")
            || byte == UInt8(ascii: "E")
    }

    /// The number with its sign flipped (a literal `-3` in a binding).
    var negated: JSONNumber {
        JSONNumber(
            value: -value, decimal: decimal.map { ExactDecimal(coefficient: -$0.coefficient, exponent: $0.exponent) },
            source: source.map { $0.hasPrefix("-") ? String($0.dropFirst()) : "-" + $0 })
    }

    /// The exact decimal arithmetic uses: the one written, or a binary number's shortest form.
    var exact: ExactDecimal? { decimal ?? ExactDecimal(value) }

    /// The number as written (see the type's documentation).
    public var text: String {
        if let source { return source }
        if let plain = decimal?.plainText { return plain }
        return Self.binaryText(value)
    }

    public var description: String { text }

    /// The number as JSON text: as written when that is JSON (`1.50`, `1e5`), else its decimal
    /// or binary form (`0x1F` is written `31`; `NaN` and `Infinity` JSON5-style).
    var jsonText: String {
        if let source, let first = source.utf8.first, first != UInt8(ascii: "+"), first != UInt8(ascii: "."),
            source.utf8.last != UInt8(ascii: "."), source.utf8.allSatisfy(Self.isNumberByte)
        {
            return source
        }
        if let plain = decimal?.plainText { return plain }
        return Self.binaryText(value)
    }

    /// `3` for 3.0, `0` for -0.0, `2.5` for 2.5, `1e+300` for 1e300, `NaN`, `Infinity`.
    static func binaryText(_ number: Double) -> String {
        if number.isNaN { return "NaN" }
        if number.isInfinite { return number < 0 ? "-Infinity" : "Infinity" }
        if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        return String(number)
    }
}

extension JSONNumber: Hashable {
    /// Numbers are equal when their values are: `1.50 == 1.5` (exactly when both are decimals).
    public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        if let a = lhs.exact, let b = rhs.exact, let order = ExactDecimal.compare(a, b) { return order == 0 }
        return lhs.value == rhs.value
    }

    /// Hashes the binary value, which equal numbers share.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(value == 0 ? 0 : value)
    }
}
