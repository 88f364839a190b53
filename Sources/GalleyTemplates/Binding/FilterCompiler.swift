import GalleyText

extension Filter {
    /// The options every number filter takes.
    private static let numberOptions: Set<String> = [
        "decimals", "minDecimals", "maxDecimals", "grouping", "rounding", "lang",
    ]

    /// Compiles a filter by name, validating its arguments.
    /// - Parameter column: 1-based column of the filter name, for errors about the name.
    init(name: String, arguments: [FilterArguments.Argument], column: Int) throws(BindingSyntaxError) {
        let args = FilterArguments(filter: name, all: arguments, column: column)
        switch name {
        case "number":
            try args.allow(named: Self.numberOptions, positional: 1)
            self = .formatted(name: name, format: try Self.numberFormat(.decimal, args), lang: try Self.lang(args))
        case "percent":
            try args.allow(named: Self.numberOptions, positional: 1)
            self = .formatted(name: name, format: try Self.numberFormat(.percent, args), lang: try Self.lang(args))
        case "currency":
            try args.allow(named: Self.numberOptions.union(["code", "display"]), positional: 1)
            guard let code = try args.string("code", orPosition: 0, example: "currency:\"EUR\"") else {
                throw BindingSyntaxError(
                    message: "filter 'currency' needs an ISO 4217 currency code", column: column,
                    hint: "e.g. currency:\"EUR\"")
            }
            guard code.utf8.count == 3, code.allSatisfy({ $0.isASCII && $0.isLetter }) else {
                throw BindingSyntaxError(
                    message: "filter 'currency': \"\(code)\" is not an ISO 4217 code",
                    column: args.value("code", orPosition: 0)?.column ?? column, hint: "three letters, e.g. \"EUR\"")
            }
            let display = try args.choice("display", NumberFormat.CurrencyDisplay.allCases.map(\.rawValue))
            let style = NumberFormat.Style.currency(
                code: code.uppercased(), display: display.flatMap(NumberFormat.CurrencyDisplay.init) ?? .symbol)
            self = .formatted(
                name: name, format: try Self.numberFormat(style, args, positionalDecimals: false),
                lang: try Self.lang(args))
        case "compact":
            try args.allow(named: Self.numberOptions, positional: 1)
            let long = try args.choice("length", orPosition: 0, ["short", "long"]) == "long"
            self = .formatted(
                name: name, format: try Self.numberFormat(.compact(long: long), args, positionalDecimals: false),
                lang: try Self.lang(args))
        case "date", "time":
            try args.allow(named: ["pattern", "skeleton", "timeZone", "lang", "time"], positional: 1)
            self = .date(
                name: name, format: try Self.dateFormat(args, isTime: name == "time"), lang: try Self.lang(args))
        case "round":
            try args.allow(named: ["decimals", "rounding"], positional: 1)
            let decimals = try args.integer("decimals", orPosition: 0, in: NumberFormat.fractionDigitLimit) ?? 0
            let rounding = try args.choice("rounding", NumberFormat.Rounding.allCases.map(\.rawValue))
            self = .round(
                NumberFormat(
                    minimumFractionDigits: 0, maximumFractionDigits: decimals, grouping: false,
                    rounding: rounding.flatMap(NumberFormat.Rounding.init) ?? .halfUp))
        case "truncate":
            try args.allow(named: ["length", "at", "ellipsis"], positional: 1)
            guard let length = try args.integer("length", orPosition: 0, in: 1...1_000_000) else {
                throw BindingSyntaxError(
                    message: "filter 'truncate' needs a length in characters", column: column, hint: "e.g. truncate:40")
            }
            let at = try args.choice("at", ["word", "character"]) ?? "word"
            let ellipsis = try args.string("ellipsis", example: "truncate:40, ellipsis:\"…\"") ?? "…"
            self = .truncate(length: length, atWords: at == "word", ellipsis: ellipsis)
        case "replace":
            try args.allow(named: [], positional: 2)
            guard args.positional.count == 2,
                let target = try args.string("text", orPosition: 0, example: "replace:\"-\", \"–\""),
                !target.isEmpty,
                let replacement = try args.string("with", orPosition: 1, example: "replace:\"-\", \"–\"")
            else {
                throw BindingSyntaxError(
                    message: "filter 'replace' needs the text to find (not empty) and its replacement", column: column,
                    hint: "e.g. replace:\"-\", \"–\"")
            }
            self = .replace(target, with: replacement)
        case "join":
            try args.allow(named: [], positional: 1)
            self = .join(try args.string("separator", orPosition: 0, example: "join:\", \"") ?? ", ")
        case "upper", "lower":
            try args.allow(named: [], positional: 0)
            self = name == "upper" ? .upper : .lower
        case "default":
            try args.allow(named: [], positional: 1)
            guard let argument = args.positional.first else {
                throw BindingSyntaxError(
                    message: "filter 'default' needs a value", column: column, hint: "e.g. default:\"n/a\"")
            }
            self = .fallback(argument.value)
        case "sum":
            try args.allow(named: [], positional: 1)
            guard let source = try args.string("expression", orPosition: 0, example: "sum:\"qty * unit_price\"") else {
                self = .sum(nil)
                return
            }
            do {
                self = .sum(try BindingTemplate(parsing: "{{" + source + "}}"))
            } catch {
                throw BindingSyntaxError(
                    message: "in the sum expression: \(error.message)",
                    column: args.positional.first?.column ?? column, hint: error.hint)
            }
        default:
            throw BindingSyntaxError(
                message: "unknown filter '\(name)'", column: column,
                hint: Suggestion.hint(for: name, in: Self.knownNames, listing: false)
                    ?? "known filters: \(Self.knownNames.joined(separator: ", "))")
        }
    }

    /// `decimals` (positional for `number` and `percent`) fixes the fraction digits;
    /// `minDecimals`/`maxDecimals` give a range; `grouping` and `rounding` as named.
    private static func numberFormat(
        _ style: NumberFormat.Style, _ args: FilterArguments, positionalDecimals: Bool = true
    )
        throws(BindingSyntaxError) -> NumberFormat
    {
        let limit = NumberFormat.fractionDigitLimit
        var format = NumberFormat(style: style)
        if let fixed = try args.integer("decimals", orPosition: positionalDecimals ? 0 : nil, in: limit) {
            format.minimumFractionDigits = fixed
            format.maximumFractionDigits = fixed
        }
        if let minimum = try args.integer("minDecimals", in: limit) { format.minimumFractionDigits = minimum }
        if let maximum = try args.integer("maxDecimals", in: limit) { format.maximumFractionDigits = maximum }
        if let minimum = format.minimumFractionDigits, let maximum = format.maximumFractionDigits, minimum > maximum {
            throw BindingSyntaxError(
                message: "filter '\(args.filter)': minDecimals is larger than maxDecimals",
                column: args.value("minDecimals")?.column ?? args.column)
        }
        if let grouping = try args.bool("grouping") { format.grouping = grouping }
        if let rounding = try args.choice("rounding", NumberFormat.Rounding.allCases.map(\.rawValue)) {
            format.rounding = NumberFormat.Rounding(rawValue: rounding) ?? .halfUp
        }
        return format
    }

    /// `date:"medium"` (a style), `date:"yMMMd"` (letters only: a CLDR skeleton), `date:"d. MMMM y"`
    /// (anything else: a pattern); `pattern:` and `skeleton:` say which explicitly; `time:"short"`
    /// adds the time in that style to a date style; `timeZone` is an IANA name (default UTC).
    private static func dateFormat(_ args: FilterArguments, isTime: Bool) throws(BindingSyntaxError) -> DateFormat {
        let example = isTime ? "time:\"HH:mm\"" : "date:\"yMMMd\""
        let styles = DateFormat.Style.allCases.map(\.rawValue)
        var form: DateFormat.Form = isTime ? .styles(date: nil, time: .short) : .skeleton("yMMMd")
        var formColumn = args.column
        if let pattern = try args.string("pattern", example: "\(isTime ? "time" : "date"):pattern:\"yyyyMMdd\"") {
            form = .pattern(pattern)
            formColumn = args.value("pattern")?.column ?? formColumn
        } else if let skeleton = try args.string("skeleton", example: "date:skeleton:\"yMMMd\"") {
            form = .skeleton(skeleton)
            formColumn = args.value("skeleton")?.column ?? formColumn
        } else if let text = try args.string("format", orPosition: 0, example: example) {
            formColumn = args.positional.first?.column ?? formColumn
            if let style = DateFormat.Style(rawValue: text) {
                form = isTime ? .styles(date: nil, time: style) : .styles(date: style, time: nil)
            } else if !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isLetter }) {
                form = .skeleton(text)
            } else {
                form = .pattern(text)
            }
        }
        if !isTime, let time = try args.choice("time", styles) {
            guard case .styles(let date, _) = form else {
                throw BindingSyntaxError(
                    message: "filter 'date': time:\"\(time)\" goes with a date style", column: args.column,
                    hint: "e.g. date:\"medium\", time:\"short\", or put the time fields in the pattern")
            }
            form = .styles(date: date, time: DateFormat.Style(rawValue: time))
        }
        switch form {
        case .pattern(let text), .skeleton(let text):
            // `YYYY` (the year of the week, which is next year on 30 December) is nearly always a typo for `yyyy`.
            let fields = text.split(separator: "'", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset.isMultiple(of: 2) }.map(\.element).joined()
            if fields.contains("Y"), !fields.contains("w") {
                throw BindingSyntaxError(
                    message: "'Y' is the week-based year (2025 on 30 Dec 2024)", column: formColumn,
                    hint: "write y for the calendar year, or add w if you mean week dates")
            }
            if let letter = DateFormat.unknownPatternLetter(in: text) {
                throw BindingSyntaxError(
                    message: "unsupported date field '\(letter)'", column: formColumn,
                    hint: "fields are CLDR's (y, M, d, E, H, h, m, s, a, z, …); quote literal text as 'at'")
            }
        case .styles: break
        }
        var format = DateFormat(form: form)
        if let zone = try args.string(
            "timeZone", example: "\(isTime ? "time" : "date"):\"short\", timeZone:\"Europe/Berlin\"")
        {
            guard DateFormat.canonicalTimeZone(zone) != nil else {
                throw BindingSyntaxError(
                    message: "unknown time zone \"\(zone)\"", column: args.value("timeZone")?.column ?? args.column,
                    hint: "an IANA name such as \"Europe/Berlin\", or \"UTC\"")
            }
            format.timeZone = zone
        }
        return format
    }

    /// A `lang:"de-DE"` option, checked.
    private static func lang(_ args: FilterArguments) throws(BindingSyntaxError) -> FormatLocale? {
        guard let tag = try args.string("lang", example: "\(args.filter):lang:\"de-DE\"") else { return nil }
        guard let locale = FormatLocale(tag: tag) else {
            throw BindingSyntaxError(
                message: "\"\(tag)\" is not a BCP 47 language tag", column: args.value("lang")?.column ?? args.column,
                hint: "e.g. \"de-DE\", \"fr-CH\", \"ja-JP\"")
        }
        return locale
    }
}
