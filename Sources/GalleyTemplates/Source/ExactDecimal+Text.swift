/// Reading and writing ``ExactDecimal``s as text.
extension ExactDecimal {
    /// Parses `-?digits(.digits)?([eE][+-]?digits)?` (a leading `+`, and JSON5's `.5` and `5.`, too);
    /// nil for anything else or past 38 significant digits.
    init?(parsing text: some StringProtocol) {
        var utf8 = Array(text.utf8)[...]
        var negative = false
        if let first = utf8.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            negative = first == UInt8(ascii: "-")
            utf8 = utf8.dropFirst()
        }
        var coefficient: Int128 = 0
        var digits = 0
        var significant = 0
        var exponent = 0
        var seenPoint = false
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "."), !seenPoint {
                seenPoint = true
            } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                digits += 1
                if coefficient != 0 || byte != UInt8(ascii: "0") { significant += 1 }
                guard significant <= Self.maximumDigits else { return nil }
                coefficient = coefficient * 10 + Int128(byte - UInt8(ascii: "0"))
                if seenPoint { exponent -= 1 }
            } else {
                break
            }
            index += 1
        }
        guard digits > 0 else { return nil }
        if index < utf8.endIndex {
            guard utf8[index] == UInt8(ascii: "e") || utf8[index] == UInt8(ascii: "E"),
                let power = Int(String(decoding: utf8[(index + 1)...], as: UTF8.self)), abs(power) <= 100_000
            else { return nil }
            exponent += power
        }
        self.init(coefficient: negative ? -coefficient : coefficient, exponent: exponent)
    }

    /// The decimal a binary number prints as: its shortest round-tripping form (`0.1` for the
    /// double nearest 0.1); nil for NaN and the infinities.
    init?(_ double: Double) {
        guard double.isFinite else { return nil }
        if double == double.rounded(), abs(double) < 1e15 {
            self.init(coefficient: Int128(Int64(double)), exponent: 0)
            return
        }
        self.init(parsing: String(double))
    }

    /// Plain notation with the number's own scale: `1.50`, `-0.05`, `1200`; nil when that would
    /// be longer than 40 digits (a number such as 1e300, printed in binary form instead).
    var plainText: String? {
        let negative = coefficient < 0
        let magnitude = coefficient.magnitude
        let digits = magnitude <= UInt128(UInt64.max) ? String(UInt64(magnitude)) : String(magnitude)
        if exponent >= 0 {
            guard digits.count + exponent <= 40 else { return nil }
            if coefficient == 0 { return "0" }
            return (negative ? "-" : "") + digits + String(repeating: "0", count: exponent)
        }
        let fraction = -exponent
        guard fraction <= 40 else { return nil }
        var text = negative ? "-" : ""
        if digits.count > fraction {
            let split = digits.index(digits.endIndex, offsetBy: -fraction)
            text += digits[..<split] + "." + digits[split...]
        } else {
            text += "0." + String(repeating: "0", count: fraction - digits.count) + digits
        }
        return text
    }

    /// The nearest binary number.
    ///
    /// A coefficient below 2^53 and a power of ten up to 10^22 are both exact doubles, so one
    /// multiplication or division is the correctly rounded result (the fast path of every
    /// `strtod`); that covers money and quantities, and costs nothing next to formatting the
    /// decimal as text for `strtod`, which arithmetic in bindings did for every result.
    var doubleValue: Double {
        let limit: Int128 = 1 << 53
        if coefficient > -limit, coefficient < limit, exponent >= -22, exponent <= 22 {
            let significand = Double(Int64(coefficient))
            let scale = Self.exactPowersOfTen[Int(exponent.magnitude)]
            return exponent < 0 ? significand / scale : significand * scale
        }
        if exponent == 0, let small = Int64(exactly: coefficient) { return Double(small) }
        return Double(String(coefficient) + "e" + String(exponent)) ?? .nan
    }

    /// 10^0 … 10^22, the powers of ten a double holds exactly.
    private static let exactPowersOfTen: [Double] = (0...22).map { power in
        (0..<power).reduce(1.0) { value, _ in value * 10 }
    }
}
