import Foundation

/// Locale-independent number text for the `number` and `currency` filters: `1,234.50`.
///
/// Galley's output must not depend on the machine's locale, so grouping is always a comma every
/// three digits and the decimal separator is always a point.
enum NumberFormatting {
    /// Currency symbols printed before the amount with no space; other codes print as `CODE 1.00`.
    static let symbols: [String: String] = [
        "USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥", "CNY": "¥", "INR": "₹", "KRW": "₩",
        "RUB": "₽", "TRY": "₺", "ILS": "₪", "NGN": "₦", "VND": "₫", "PHP": "₱", "UAH": "₴",
        "CAD": "CA$", "AUD": "A$", "NZD": "NZ$", "HKD": "HK$", "MXN": "MX$", "BRL": "R$",
    ]

    /// `number` with grouping: fixed `decimals` (rounded half away from zero as printf does on
    /// the binary value), or the shortest round-tripping form when `decimals` is `nil`.
    static func grouped(_ value: Double, decimals: Int?) -> String {
        guard value.isFinite else { return JSONValue.numberText(value) }
        let plain: String
        if let decimals {
            plain = fixed(value, decimals: decimals)
        } else {
            plain = JSONValue.numberText(value)
            if plain.contains("e") { return plain }  // 1e+21: grouping would not help.
        }
        var digits = Substring(plain)
        var negative = false
        if digits.hasPrefix("-") {
            negative = true
            digits = digits.dropFirst()
        }
        let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let integer = parts.first.map(String.init) ?? "0"
        let fraction = parts.count > 1 ? "." + parts[1] : ""
        // "-0.00" reads as a sign error on an invoice; a value that rounds to zero has no sign.
        if negative, !(integer + fraction).contains(where: { ("1"..."9").contains($0) }) { negative = false }
        return (negative ? "-" : "") + group(integer) + fraction
    }

    /// `€1,234.50`, `-$3.00`, `CHF 1,234.50`.
    static func currency(_ value: Double, code: String) -> String {
        let amount = grouped(abs(value), decimals: 2)
        let sign = value < 0 && amount.contains(where: { ("1"..."9").contains($0) }) ? "-" : ""
        if let symbol = symbols[code] { return sign + symbol + amount }
        return sign + code + " " + amount
    }

    /// `%.Nf` through the C library (what `String(format:)` does, without its CFString
    /// round trip, which dominated the `number` filter's cost).
    static func fixed(_ value: Double, decimals: Int) -> String {
        guard (0...40).contains(decimals) else { return String(format: "%.\(decimals)f", value) }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 400) { buffer in
            let count = withVaList([Int32(decimals), value]) { arguments in
                vsnprintf(buffer.baseAddress, buffer.count, "%.*f", arguments)
            }
            guard count >= 0, Int(count) < buffer.count else { return String(format: "%.\(decimals)f", value) }
            return buffer.withMemoryRebound(to: UInt8.self) { bytes in
                String(decoding: UnsafeBufferPointer(rebasing: bytes[..<Int(count)]), as: UTF8.self)
            }
        }
    }

    /// Inserts a comma every three digits from the right.
    private static func group(_ integer: String) -> String {
        let digits = integer.utf8
        guard digits.count > 3 else { return integer }
        var output = [UInt8]()
        output.reserveCapacity(digits.count + digits.count / 3)
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { output.append(UInt8(ascii: ",")) }
            output.append(digit)
        }
        return String(decoding: output, as: UTF8.self)
    }
}
