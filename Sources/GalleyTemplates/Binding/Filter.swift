/// A compiled filter from `{{ value | name:argument }}`, with its argument checked at compile time.
enum Filter: Hashable, Sendable {
    /// `number` (shortest form) or `number:2` (fixed decimals); both group thousands with commas.
    case number(decimals: Int?)
    /// `currency:"EUR"`: symbol (or code) plus two decimals, e.g. `€1,234.50`, `CHF 1,234.50`.
    case currency(code: String)
    /// `date:"yyyy-MM-dd"`.
    case date(DatePattern)
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
    static let knownNames = ["number", "currency", "date", "upper", "lower", "default", "sum"]

    /// Compiles a filter by name, validating its argument.
    /// - Parameters:
    ///   - column: 1-based column of the filter name, for errors about the name.
    ///   - argumentColumn: 1-based column of the argument (or of the name when there is none).
    init(name: String, argument: JSONValue?, column: Int, argumentColumn: Int) throws(BindingSyntaxError) {
        func requireNoArgument() throws(BindingSyntaxError) {
            if argument != nil {
                throw BindingSyntaxError(message: "filter '\(name)' takes no argument", column: argumentColumn)
            }
        }
        func requireString(_ example: String) throws(BindingSyntaxError) -> String {
            guard case .string(let text)? = argument else {
                throw BindingSyntaxError(
                    message: "filter '\(name)' needs a string argument", column: argumentColumn,
                    hint: "e.g. \(example)")
            }
            return text
        }
        switch name {
        case "number":
            switch argument {
            case nil:
                self = .number(decimals: nil)
            case .number(let decimals)?
            where decimals.value >= 0 && decimals.value <= 20 && decimals.value == decimals.value.rounded():
                self = .number(decimals: Int(decimals.value))
            default:
                throw BindingSyntaxError(
                    message: "filter 'number' needs a whole number of decimals from 0 to 20", column: argumentColumn,
                    hint: "e.g. number:2")
            }
        case "currency":
            let code = try requireString("currency:\"EUR\"")
            self = .currency(code: code.uppercased())
        case "date":
            let pattern = try requireString("date:\"yyyy-MM-dd\"")
            self = .date(try DatePattern(parsing: pattern, column: argumentColumn))
        case "upper":
            try requireNoArgument()
            self = .upper
        case "lower":
            try requireNoArgument()
            self = .lower
        case "default":
            guard let argument else {
                throw BindingSyntaxError(
                    message: "filter 'default' needs a value", column: column, hint: "e.g. default:\"n/a\"")
            }
            self = .fallback(argument)
        case "sum":
            guard let argument else {
                self = .sum(nil)
                return
            }
            let source = try requireString("sum:\"qty * unit_price\"")
            do {
                self = .sum(try BindingTemplate(parsing: "{{" + source + "}}"))
            } catch {
                throw BindingSyntaxError(
                    message: "in the sum expression: \(error.message)", column: argumentColumn, hint: error.hint)
            }
            _ = argument
        default:
            throw BindingSyntaxError(
                message: "unknown filter '\(name)'", column: column,
                hint: Suggestion.hint(for: name, in: Self.knownNames, listing: false)
                    ?? "known filters: \(Self.knownNames.joined(separator: ", "))")
        }
    }

    /// The name as written in templates.
    var name: String {
        switch self {
        case .number: return "number"
        case .currency: return "currency"
        case .date: return "date"
        case .upper: return "upper"
        case .lower: return "lower"
        case .fallback: return "default"
        case .sum: return "sum"
        }
    }

    /// Applies the filter; `input` is `nil` when the path was missing.
    /// - Parameter missingPath: The path to report if the input is missing and this filter cannot handle that.
    func apply(to input: JSONValue?, missingPath: String) throws(BindingError) -> JSONValue {
        if case .fallback(let replacement) = self {
            switch input {
            case nil, .null?, .string("")?: return replacement
            case let value?: return value
            }
        }
        guard let input else { throw BindingError.missingPath(path: missingPath) }
        switch self {
        case .number(let decimals):
            return .string(NumberFormatting.grouped(try number(from: input), decimals: decimals))
        case .currency(let code):
            return .string(NumberFormatting.currency(try number(from: input), code: code))
        case .date(let pattern):
            guard let instant = UTCDateTime(input) else {
                throw BindingError.filterFailed(
                    filter: name,
                    message:
                        "expected an ISO 8601 date (2024-11-04, 2024-11-04T09:30:00Z) or a Unix time in seconds, got \(Self.describe(input))"
                )
            }
            return .string(pattern.format(instant))
        case .upper:
            return .string(input.interpolationText.uppercased())
        case .lower:
            return .string(input.interpolationText.lowercased())
        case .fallback:
            return input
        case .sum(let term):
            guard case .array(let elements) = input else {
                throw BindingError.filterFailed(filter: name, message: "expected an array, got \(Self.describe(input))")
            }
            var terms: [JSONNumber] = []
            terms.reserveCapacity(elements.count)
            for element in elements {
                let value =
                    try term.map { t throws(BindingError) in try t.evaluate(in: BindingScope(data: element)) }
                    ?? element
                terms.append(try number(from: value))
            }
            return .number(NumberArithmetic.sum(terms))
        }
    }

    /// A number, or a string holding one (CSV data is text).
    private func number(from value: JSONValue) throws(BindingError) -> JSONNumber {
        if let number = NumberArithmetic.number(value) { return number }
        throw BindingError.filterFailed(filter: name, message: "expected a number, got \(Self.describe(value))")
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
