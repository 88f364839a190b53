/// The kinds of value a template key takes, with the check and the words used in errors.
/// One table (`ElementSchema`) maps every key to its kind; the compiler checks literal values
/// against it once, and the builder reads bound values through it for every record.
indirect enum ValueKind: Sendable {
    case number
    case nonNegativeNumber
    case unitInterval
    /// A number within the range (a time in seconds, say): the bound keeps later arithmetic
    /// and conversions finite.
    case numberIn(ClosedRange<Double>)
    /// A whole number within the range: every count, level and span is bounded where it enters,
    /// so no later conversion to `Int` can trap (`IntegerLimits`).
    case integer(ClosedRange<Int>)
    case bool
    case string
    /// A BCP 47 language tag such as `"de-DE"` (`lang`).
    case languageTag
    /// `120`, `"50%"` or `"auto"`.
    case dimension
    case color
    /// One of the listed strings.
    case choice([String])
    /// `[x, y]`
    case pair
    /// A number of 0 or more for every corner, or `[topLeft, topRight, bottomRight, bottomLeft]`.
    case corners
    /// a number for all four sides, or `{top, left, bottom, right}`; values may be `"inf"`.
    case insets
    case element
    case elements
    case object([String: ValueKind])
    case array(ValueKind)
    case any
    /// A number within the range, or one of the listed strings.
    case numberOr(ClosedRange<Double>, [String])

    /// What the value should look like, for "expected …" in errors.
    var expectation: String {
        switch self {
        case .number: "a number"
        case .nonNegativeNumber: "a number of 0 or more"
        case .unitInterval: "a number from 0 to 1"
        case .numberIn(let range):
            "a number from \(JSONValue.numberText(range.lowerBound)) to \(JSONValue.numberText(range.upperBound))"
        case .integer(let range): "a whole number from \(range.lowerBound) to \(range.upperBound)"
        case .bool: "true or false"
        case .string: "a string"
        case .languageTag: "a BCP 47 language tag such as \"de-DE\", \"fr-CH\" or \"ar-EG\""
        case .dimension: "a number of points, a percentage such as \"50%\", or \"auto\""
        case .color: "a colour such as \"#1e293b\", \"#fff\", \"rgba(0,0,0,0.5)\" or \"navy\""
        case .choice(let values): "one of " + values.map { "\"\($0)\"" }.joined(separator: ", ")
        case .pair: "an array of two numbers, such as [120, 40]"
        case .corners: "a number of 0 or more, or [topLeft, topRight, bottomRight, bottomLeft] (numbers of 0 or more)"
        case .insets: "a number, or an object {top, left, bottom, right} (numbers or \"inf\")"
        case .element: "an element object with a \"type\""
        case .elements: "an array of elements"
        case .object: "an object"
        case .array(let kind): "an array of \(kind.expectation)"
        case .any: "any value"
        case .numberOr(let range, let values):
            "a number from \(JSONValue.numberText(range.lowerBound)) to \(JSONValue.numberText(range.upperBound)) or one of "
                + values.map { "\"\($0)\"" }.joined(separator: ", ")
        }
    }
}
