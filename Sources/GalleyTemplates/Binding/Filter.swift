import GalleyText

/// A compiled filter from `{{ value | name:argument, option:value }}`, with its arguments
/// checked at compile time (FilterCompiler.swift). Number and date filters format through ICU
/// in the locale of the element (its `lang`, else the document's, else `en-US`).
enum Filter: Hashable, Sendable {
    /// `number`, `percent`, `currency`, `compact`: an ICU number format; `lang` overrides the element's.
    case formatted(name: String, format: NumberFormat, lang: FormatLocale?)
    /// `date`, `time`: an ICU date format; `lang` overrides the element's.
    case date(name: String, format: DateFormat, lang: FormatLocale?)
    /// `round:2`: the number rounded (half up unless `rounding` says otherwise), still a number.
    case round(NumberFormat)
    /// `truncate:20`: at most this many characters including the ellipsis, cut at a word
    /// boundary unless `at:"character"`.
    case truncate(length: Int, atWords: Bool, ellipsis: String)
    /// `replace:"-", "–"`: every occurrence of the first string replaced by the second.
    case replace(String, with: String)
    /// `join:", "`: an array's elements as text, joined.
    case join(String)
    /// `upper`: the text in upper case.
    case upper
    /// `lower`: the text in lower case.
    case lower
    /// `default:"n/a"`: replaces a missing value, `null` or the empty string.
    case fallback(JSONValue)
    /// `sum:"qty * unit_price"`: the sum over an array of an expression evaluated with each
    /// element's keys as names (`sum` alone adds the elements themselves).
    indirect case sum(BindingTemplate?)

    /// The filter names, as listed in error messages.
    static let knownNames = [
        "number", "percent", "currency", "compact", "date", "time", "round", "truncate", "replace", "join", "upper",
        "lower", "default", "sum",
    ]

    /// The name as written in templates.
    var name: String {
        switch self {
        case .formatted(let name, _, _), .date(let name, _, _): return name
        case .round: return "round"
        case .truncate: return "truncate"
        case .replace: return "replace"
        case .join: return "join"
        case .upper: return "upper"
        case .lower: return "lower"
        case .fallback: return "default"
        case .sum: return "sum"
        }
    }

    /// Applies the filter; `input` is `nil` when the path was missing.
    /// - Parameters:
    ///   - missingPath: The path to report if the input is missing and this filter cannot handle that.
    ///   - locale: The element's language, for number and date formats.
    func apply(to input: PipelineValue?, missingPath: String, locale: FormatLocale = .default) throws(BindingError)
        -> PipelineValue
    {
        if case .fallback(let replacement) = self {
            switch input {
            case nil, .value(.null)?, .value(.string(""))?, .string("")?: return .value(replacement)
            case let value?: return value
            }
        }
        guard let input else { throw BindingError.missingPath(path: missingPath) }
        do {
            switch self {
            case .formatted(_, let format, let lang):
                return .string(try Self.format(try number(from: input), format, locale: lang ?? locale))
            case .date(_, let format, let lang):
                guard let instant = Instant(input.jsonValue) else {
                    throw BindingError.filterFailed(
                        filter: name,
                        message:
                            "expected an ISO 8601 date (2024-11-04, 2024-11-04T09:30:00Z) or a Unix time in seconds, got \(Self.describe(input.jsonValue))"
                    )
                }
                return .string(try format.format(millisecondsSince1970: instant.milliseconds, locale: lang ?? locale))
            case .round(let format):
                let number = try number(from: input)
                guard let decimal = Self.decimalText(number) else { return .number(number) }
                let rounded = try format.rounded(decimal: decimal)
                return .number(ExactDecimal(parsing: rounded).map(JSONNumber.init) ?? number)
            case .truncate(let length, let atWords, let ellipsis):
                return .string(Self.truncated(input.interpolationText, length, atWords: atWords, ellipsis: ellipsis))
            case .replace(let target, let replacement):
                return .string(input.interpolationText.replacing(target, with: replacement))
            case .join(let separator):
                guard case .value(.array(let elements)) = input else { return .string(input.interpolationText) }
                return .string(elements.map(\.interpolationText).joined(separator: separator))
            case .upper:
                return .string(input.interpolationText.uppercased())
            case .lower:
                return .string(input.interpolationText.lowercased())
            case .fallback:
                return input
            case .sum(let term):
                return .number(try sum(input, term))
            }
        } catch let error as FormattingError {
            throw BindingError.filterFailed(filter: name, message: error.description)
        } catch let error as BindingError {
            throw error
        } catch {
            throw BindingError.filterFailed(filter: name, message: "\(error)")
        }
    }

    private func sum(_ input: PipelineValue, _ term: BindingTemplate?) throws(BindingError) -> JSONNumber {
        guard case .value(.array(let elements)) = input else {
            throw BindingError.filterFailed(
                filter: name, message: "expected an array, got \(Self.describe(input.jsonValue))")
        }
        var terms: [JSONNumber] = []
        terms.reserveCapacity(elements.count)
        for element in elements {
            let value =
                try term.map { t throws(BindingError) in try Binder.pipelineValue(t, in: BindingScope(data: element)) }
                ?? .value(element)
            terms.append(try number(from: value))
        }
        return NumberArithmetic.sum(terms)
    }

    /// `number` formatted exactly: its decimal digits go to ICU as text (docs/templates.md, Numbers).
    /// `number` without decimals shows every digit as written (`1234.50` → `1,234.50`).
    static func format(_ number: JSONNumber, _ format: NumberFormat, locale: FormatLocale) throws(FormattingError)
        -> String
    {
        guard let decimal = decimalText(number) else { return try format.format(number.value, locale: locale) }
        var format = format
        if case .decimal = format.style, format.minimumFractionDigits == nil, format.maximumFractionDigits == nil,
            let exponent = number.exact?.exponent, exponent < 0
        {
            format.minimumFractionDigits = min(-exponent, NumberFormat.fractionDigitLimit.upperBound)
        }
        return try format.format(decimal: decimal, locale: locale)
    }

    /// The number as ICU's decimal text (`123450E-2`): its exact decimal, or the digits as written
    /// past 38 of them; nil for NaN and the infinities.
    static func decimalText(_ number: JSONNumber) -> String? {
        if let exact = number.exact { return String(exact.coefficient) + "E" + String(exact.exponent) }
        guard let source = number.source, number.value.isFinite,
            source.utf8.allSatisfy({ $0 < 0x80 && "0123456789.eE+-".utf8.contains($0) })
        else { return nil }
        return source
    }

    /// At most `length` characters (grapheme clusters) including `ellipsis`; when `atWords`,
    /// the cut goes back to the last space before it, unless the first word alone is too long.
    static func truncated(_ text: String, _ length: Int, atWords: Bool, ellipsis: String) -> String {
        guard text.count > length else { return text }
        let room = max(0, length - ellipsis.count)
        var kept = text.prefix(room)
        if atWords, kept.endIndex < text.endIndex, !text[kept.endIndex].isWhitespace,
            let space = kept.lastIndex(where: \.isWhitespace)
        {
            kept = kept[..<space]
        }
        while let last = kept.last, last.isWhitespace { kept = kept.dropLast() }
        return String(kept) + ellipsis
    }

    /// A number, or a string holding one (CSV data is text).
    private func number(from value: PipelineValue) throws(BindingError) -> JSONNumber {
        if let number = value.numberValue { return number }
        throw BindingError.filterFailed(
            filter: name, message: "expected a number, got \(Self.describe(value.jsonValue))")
    }

    /// `string "abc"`, `array`, … for messages.
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): return "string \"\(text)\""
        case .number, .bool: return "\(value.kindName) \(value.interpolationText)"
        default: return value.kindName
        }
    }
}
