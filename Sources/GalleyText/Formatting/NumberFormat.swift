import CICU

/// How a number is written: plain, as a percentage, as money or in compact form, with its
/// fraction digits, grouping and rounding — formatted by ICU from CLDR's data for a locale.
///
/// Example: `NumberFormat(style: .currency(code: "EUR", display: .symbol))` prints 1234.5 as
/// `€1,234.50` in `en-US`, `1.234,50 €` in `de-DE` and `1 234,50 €` in `fr-FR`; `JPY` has no
/// fraction digits (ISO 4217), so 1234.5 is `¥1,235`. Exact halves round away from zero
/// (`halfUp`, what invoices expect: 2.5 → 3, 96.25 → 96.3) unless `rounding` says otherwise;
/// a value that rounds to zero never shows a minus sign.
public struct NumberFormat: Hashable, Sendable {
    /// What kind of number this is.
    public enum Style: Hashable, Sendable {
        /// A plain number: `1,234.5`.
        case decimal
        /// A fraction shown as a percentage: 0.25 → `25%`.
        case percent
        /// An amount of an ISO 4217 currency, shown with the currency's own fraction digits.
        case currency(code: String, display: CurrencyDisplay)
        /// A short or long compact form: `1.2K`, `1.2 thousand`.
        case compact(long: Bool)
    }

    /// How a currency is named.
    public enum CurrencyDisplay: String, Hashable, Sendable, CaseIterable {
        /// The locale's symbol (`€`, `CHF`, `US$` where `$` would be ambiguous).
        case symbol
        /// The narrowest symbol (`$` for every dollar).
        case narrow
        /// The ISO code (`EUR`).
        case code
        /// The currency's name (`1,234.50 euros`).
        case name
    }

    /// How a value between two representable results is rounded (ICU's rounding modes).
    public enum Rounding: String, Hashable, Sendable, CaseIterable {
        case halfUp, halfEven, halfDown, up, down, ceiling, floor
    }

    /// The kind of number.
    public var style: Style
    /// At least this many fraction digits (nil: the style's default).
    public var minimumFractionDigits: Int?
    /// At most this many fraction digits (nil: the style's default; a plain number then shows
    /// every digit of its shortest form).
    public var maximumFractionDigits: Int?
    /// Whether digits are grouped (by the locale's rule: `1,234`, `1.234`, `1’234`, `12,34,567`).
    public var grouping: Bool
    /// How ties and cut digits are rounded.
    public var rounding: Rounding

    /// A format; see the properties.
    public init(
        style: Style = .decimal, minimumFractionDigits: Int? = nil, maximumFractionDigits: Int? = nil,
        grouping: Bool = true, rounding: Rounding = .halfUp
    ) {
        self.style = style
        self.minimumFractionDigits = minimumFractionDigits
        self.maximumFractionDigits = maximumFractionDigits
        self.grouping = grouping
        self.rounding = rounding
    }

    /// The most fraction digits a format may ask for.
    public static let fractionDigitLimit = 0...20

    /// The ICU number skeleton this format stands for (`currency/EUR rounding-mode-half-up …`).
    var skeleton: String {
        var parts: [String] = []
        switch style {
        case .decimal: break
        case .percent: parts.append("percent scale/100")
        case .currency(let code, let display):
            parts.append("currency/" + code)
            switch display {
            case .symbol: break
            case .narrow: parts.append("unit-width-narrow")
            case .code: parts.append("unit-width-iso-code")
            case .name: parts.append("unit-width-full-name")
            }
        case .compact(let long): parts.append(long ? "compact-long" : "compact-short")
        }
        if let precision { parts.append(precision) }
        parts.append("rounding-mode-" + Self.roundingToken[rounding, default: "half-up"])
        if !grouping { parts.append("group-off") }
        // "-0.00" reads as a sign error on an invoice: a value that rounds to zero has no sign.
        parts.append("sign-negative")
        return parts.joined(separator: " ")
    }

    private static let roundingToken: [Rounding: String] = [
        .halfUp: "half-up", .halfEven: "half-even", .halfDown: "half-down", .up: "up", .down: "down",
        .ceiling: "ceiling", .floor: "floor",
    ]

    /// The precision stem: fraction digits when asked for, every digit for a plain number.
    private var precision: String? {
        guard minimumFractionDigits != nil || maximumFractionDigits != nil else {
            // ICU's number formatter does not take the locale's pattern digits: its default is up to 6.
            switch style {
            case .decimal: return "precision-unlimited"
            case .percent: return "precision-integer"
            case .currency, .compact: return nil
            }
        }
        let minimum = min(minimumFractionDigits ?? 0, Self.fractionDigitLimit.upperBound)
        guard let maximumFractionDigits else {
            // At least `minimum` digits, and every further digit the number has (`.00*`).
            return minimum == 0 ? "precision-unlimited" : "." + String(repeating: "0", count: minimum) + "*"
        }
        let maximum = max(minimum, min(maximumFractionDigits, Self.fractionDigitLimit.upperBound))
        if maximum == 0 { return "precision-integer" }
        return "." + String(repeating: "0", count: minimum) + String(repeating: "#", count: maximum - minimum)
    }

    /// `decimal`, a decimal number as text (`"1234.50"`, `"-123450E-2"`: digits, an optional point and
    /// exponent), written in `locale` exactly: ICU reads the digits themselves, so a 19-digit ID or the
    /// sum 0.3 is never rounded through a binary `Double` on the way.
    /// - Throws: ``FormattingError`` when ICU rejects the format (an unknown currency code) or the text.
    public func format(decimal: String, locale: FormatLocale) throws(FormattingError) -> String {
        let formatter = try ICUNumberFormatters.formatter(for: self, locale: locale)
        return try formatter.format(.decimal(decimal)) { result throws(FormattingError) in
            guard let text = icuText({ cicu_number_result_text(result, $0, $1) }) else {
                throw FormattingError("ICU could not write \(decimal)")
            }
            return text
        }
    }

    /// `value` written in `locale`: for the values without a decimal form (NaN, the infinities).
    /// - Throws: ``FormattingError`` when ICU rejects the format or the value.
    public func format(_ value: Double, locale: FormatLocale) throws(FormattingError) -> String {
        let formatter = try ICUNumberFormatters.formatter(for: self, locale: locale)
        return try formatter.format(.binary(value)) { result throws(FormattingError) in
            guard let text = icuText({ cicu_number_result_text(result, $0, $1) }) else {
                throw FormattingError("ICU could not write \(value)")
            }
            return text
        }
    }

    /// `decimal` (as for ``format(decimal:locale:)``) rounded as this format rounds it (fraction
    /// digits and rounding mode), as decimal text in ICU's syntax (`"1.01"`, `"-2E+3"`).
    /// - Throws: ``FormattingError`` when ICU rejects the text.
    public func rounded(decimal: String) throws(FormattingError) -> String {
        let formatter = try ICUNumberFormatters.formatter(for: self, locale: .default)
        return try formatter.format(.decimal(decimal)) { result throws(FormattingError) in
            try withUnsafeTemporaryAllocation(of: CChar.self, capacity: 96) { buffer throws(FormattingError) in
                guard let base = buffer.baseAddress else { throw FormattingError("no room to round \(decimal)") }
                let length = cicu_number_result_decimal(result, base, Int32(buffer.count - 1))
                guard length > 0, Int(length) < buffer.count else {
                    throw FormattingError("ICU could not round \(decimal)")
                }
                return String(
                    decoding: UnsafeRawBufferPointer(start: base, count: Int(length)).bindMemory(to: UInt8.self),
                    as: UTF8.self)
            }
        }
    }
}
