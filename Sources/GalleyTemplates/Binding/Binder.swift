/// Evaluates compiled ``BindingTemplate``s against a ``BindingScope``.
///
/// Rules:
/// - A missing path is ``BindingError/missingPath(path:)`` unless a later `default` filter
///   replaces it. Comparisons with a missing operand are missing too.
/// - Truthiness: `false`, `null`, `0`, `NaN`, `""`, `[]`, `{}` and a missing path are false, and
///   so are the strings `"false"` (any case) and those that read as zero (`"0"`, `"0.00"`), so
///   CSV fields (text) decide as the same JSON values do; everything else is true. (`0` counts
///   as false so `if: "{{count}}"` hides empty counts.)
/// - `!`, `&&` and `||` treat a missing path as false and always produce a bool.
/// - `==` and `!=` compare any two values structurally, except that a number equals a string
///   reading as the same number (`1 == "1"`, as CSV data is text); `<`, `<=`, `>`, `>=` compare
///   numbers (or strings reading as numbers) numerically and other strings by code point,
///   otherwise ``BindingError/typeMismatch(message:)``.
public enum Binder {
    /// The value of `template`: for a single `{{ … }}` the value keeps its type; otherwise the
    /// interpolated string.
    public static func evaluate(_ template: BindingTemplate, in scope: BindingScope) throws(BindingError) -> JSONValue {
        try pipelineValue(template, in: scope).jsonValue
    }

    /// ``evaluate(_:in:)`` before boxing: what `sum`'s terms are added from.
    static func pipelineValue(_ template: BindingTemplate, in scope: BindingScope) throws(BindingError)
        -> PipelineValue
    {
        if template.parts.count == 1, case .binding(let bound) = template.parts[0] {
            return try value(of: bound, in: scope)
        }
        return .string(try string(template, in: scope))
    }

    /// The text of `template` with every binding replaced by its value's
    /// ``JSONValue/interpolationText`` (integral numbers print without `.0`, `null` as nothing).
    public static func string(_ template: BindingTemplate, in scope: BindingScope) throws(BindingError) -> String {
        var output = ""
        for part in template.parts {
            switch part {
            case .literal(let text): output += text
            case .binding(let bound): output += try value(of: bound, in: scope).interpolationText
            }
        }
        return output
    }

    /// Whether an `if` keeps its element: the value's truthiness, where a missing path is false
    /// rather than an error. A template with literal text is true unless it is empty.
    public static func isTruthy(_ template: BindingTemplate, in scope: BindingScope) throws(BindingError) -> Bool {
        if template.parts.count == 1, case .binding(let bound) = template.parts[0] {
            guard let value = try result(of: bound, in: scope) else { return false }
            return value.isTruthy
        }
        return try pipelineValue(template, in: scope).isTruthy
    }

    /// Whether a value counts as true; see the rules above.
    public static func truthiness(_ value: JSONValue) -> Bool {
        switch value {
        case .null: return false
        case .bool(let bool): return bool
        case .number(let number): return truthiness(of: number)
        case .string(let string): return truthiness(of: string)
        case .array(let array): return !array.isEmpty
        case .object(let object): return !object.isEmpty
        }
    }

    /// A number is false when it is zero or NaN.
    static func truthiness(of number: JSONNumber) -> Bool { number.value != 0 && !number.value.isNaN }

    /// A string is false when it is empty, `false` (any case) or reads as the number zero, so CSV
    /// fields (text) decide an `if` as the same JSON values would.
    static func truthiness(of string: String) -> Bool {
        guard let first = string.utf8.first else { return false }
        switch first {
        case UInt8(ascii: "f"), UInt8(ascii: "F"):
            return string.count != 5 || string.lowercased() != "false"
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
            UInt8(ascii: " "):
            guard let number = JSONNumber(parsing: string) else { return true }
            return number.value != 0
        default:
            return true
        }
    }

    private static func value(of bound: BoundExpression, in scope: BindingScope) throws(BindingError)
        -> PipelineValue
    {
        var missing: String?
        guard let value = try result(of: bound, in: scope, missing: &missing) else {
            throw BindingError.missingPath(path: missing ?? bound.source)
        }
        return value
    }

    /// The expression's value after filters, or `nil` when a path is missing and no filter replaced it.
    private static func result(of bound: BoundExpression, in scope: BindingScope) throws(BindingError)
        -> PipelineValue?
    {
        var missing: String?
        return try result(of: bound, in: scope, missing: &missing)
    }

    private static func result(
        of bound: BoundExpression, in scope: BindingScope, missing: inout String?
    ) throws(BindingError) -> PipelineValue? {
        var value = try ExpressionEvaluator(scope: scope).evaluate(bound.expression, missing: &missing)
        for filter in bound.filters {
            value = try filter.apply(to: value, missingPath: missing ?? bound.source, locale: scope.locale)
        }
        return value
    }
}
