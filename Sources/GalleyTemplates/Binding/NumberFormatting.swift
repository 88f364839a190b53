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

    /// `number` with grouping: fixed `decimals`, rounded half away from zero on the exact decimal
    /// (`2.675` → `2.68`), or the number as written (`1234.50` → `1,234.50`) when `decimals` is nil.
    /// A number without a decimal form (NaN, past 38 digits) goes through `grouped(_: Double, …)`.
    static func grouped(_ number: JSONNumber, decimals: Int?) -> String {
        guard let exact = number.exact else { return grouped(number.value, decimals: decimals) }
        let rounded = decimals.map { exact.rounded(toDecimals: $0) } ?? number.decimal ?? exact
        guard let plain = rounded?.plainText else { return grouped(number.value, decimals: decimals) }
        return regrouped(plain)
    }

    /// `currency` on a data number: two decimals of the exact value, as ``grouped(_:decimals:)``.
    static func currency(_ number: JSONNumber, code: String) -> String {
        guard let exact = number.exact, exact.rounded(toDecimals: 2) != nil else {
            return currency(number.value, code: code)
        }
        let magnitude = JSONNumber(
            ExactDecimal(coefficient: Int128(exact.coefficient.magnitude), exponent: exact.exponent))
        return currency(amount: grouped(magnitude, decimals: 2), negative: exact.isNegative, code: code)
    }

    /// `number` on a binary value with grouping: fixed `decimals` (rounded half away from zero
    /// as printf does on the binary value), or the shortest round-tripping form when `decimals`
    /// is `nil`.
    static func grouped(_ value: Double, decimals: Int?) -> String {
        guard value.isFinite else { return JSONValue.numberText(value) }
        let plain: String
        if let decimals {
            plain = fixed(value, decimals: decimals)
        } else {
            plain = JSONValue.numberText(value)
            if plain.contains("e") { return plain }  // 1e+21: grouping would not help.
        }
        return regrouped(plain)
    }

    /// `plain` (an optional `-`, digits, an optional fraction) with a comma every three integer
    /// digits, in one pass over its bytes. "-0.00" reads as a sign error on an invoice, so a
    /// value that rounds to zero loses its sign.
    private static func regrouped(_ plain: String) -> String {
        let bytes = plain.utf8
        var start = bytes.startIndex
        var negative = false
        if bytes.first == UInt8(ascii: "-") {
            negative = true
            start = bytes.index(after: start)
        }
        if negative, !bytes[start...].contains(where: { $0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "9") }) {
            negative = false
        }
        let dot = bytes[start...].firstIndex(of: UInt8(ascii: ".")) ?? bytes.endIndex
        let integerCount = bytes.distance(from: start, to: dot)
        if integerCount <= 3 {
            // Nothing to group: the text as it is, without a sign a zero lost.
            return negative || start == bytes.startIndex ? plain : String(plain[start...])
        }
        var output = [UInt8]()
        output.reserveCapacity(bytes.count + integerCount / 3 + 1)
        if negative { output.append(UInt8(ascii: "-")) }
        var index = 0
        for digit in bytes[start..<dot] {
            if index > 0, (integerCount - index) % 3 == 0 { output.append(UInt8(ascii: ",")) }
            output.append(digit)
            index += 1
        }
        output.append(contentsOf: bytes[dot...])
        return String(decoding: output, as: UTF8.self)
    }

    /// `€1,234.50`, `-$3.00`, `CHF 1,234.50`.
    static func currency(_ value: Double, code: String) -> String {
        currency(amount: grouped(abs(value), decimals: 2), negative: value < 0, code: code)
    }

    /// The amount (grouped, unsigned) with the symbol or code; a minus unless it rounded to zero.
    private static func currency(amount: String, negative: Bool, code: String) -> String {
        let sign =
            negative && amount.utf8.contains(where: { $0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "9") }) ? "-" : ""
        if let symbol = symbols[code] { return sign + symbol + amount }
        return sign + code + " " + amount
    }

    /// `%.Nf`: the C library's exact rounding of the binary value, fast for everyday amounts.
    static func fixed(_ value: Double, decimals: Int) -> String {
        if let fast = fastFixed(value, decimals: decimals) { return fast }
        return printfFixed(value, decimals: decimals)
    }

    private static let powersOfTen: [Double] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000]

    /// `%.Nf` for everyday amounts without the C library (a tenth of its cost): the value
    /// scaled by 10^N and rounded, used only when that rounding is certain to equal printf's
    /// exact one — the scaled value is below 2^40 (so the multiplication is off by less than
    /// 2^-12) and at least 0.001 away from a tie; anything else returns nil.
    static func fastFixed(_ value: Double, decimals: Int) -> String? {
        guard decimals >= 0, decimals < powersOfTen.count, value.isFinite else { return nil }
        let scaled = abs(value) * powersOfTen[decimals]
        guard scaled < 1_099_511_627_776 else { return nil }
        let floor = scaled.rounded(.down)
        guard abs(scaled - floor - 0.5) > 0.001 else { return nil }
        let units = UInt64(scaled - floor > 0.5 ? floor + 1 : floor)
        let divisor = UInt64(powersOfTen[decimals])
        var text = value.sign == .minus ? "-" : ""
        text += String(units / divisor)
        if decimals > 0 {
            let fraction = String(units % divisor)
            text += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
        }
        return text
    }

    /// `%.Nf` through the C library (what `String(format:)` does, without its CFString round trip).
    static func printfFixed(_ value: Double, decimals: Int) -> String {
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
}
