/// A value on its way through an expression and its filters (`{{ qty * price | number:2 }}`).
///
/// ``JSONValue`` is an `indirect` enum: every value made is a heap box. The numbers arithmetic
/// makes and the strings filters make are kept unboxed here until a caller wants a `JSONValue`
/// (``jsonValue``), and text interpolation never does — an invoice's 30 rows of `qty * price`,
/// summed three times and formatted, made 250 boxes a document.
///
/// Every rule reads a `.number` or `.string` exactly as it reads the `JSONValue` it stands for.
enum PipelineValue {
    /// A value from the data or a template literal, as it is.
    case value(JSONValue)
    /// A number made by arithmetic or a filter.
    case number(JSONNumber)
    /// A string made by a filter.
    case string(String)

    /// The value as JSON (boxed now).
    var jsonValue: JSONValue {
        switch self {
        case .value(let value): return value
        case .number(let number): return .numeric(number)
        case .string(let string): return .string(string)
        }
    }

    /// ``JSONValue/interpolationText``, without boxing.
    var interpolationText: String {
        switch self {
        case .value(let value): return value.interpolationText
        case .number(let number): return number.text
        case .string(let string): return string
        }
    }

    /// ``Binder/truthiness(_:)``, without boxing.
    var isTruthy: Bool {
        switch self {
        case .value(let value): return Binder.truthiness(value)
        case .number(let number): return Binder.truthiness(of: number)
        case .string(let string): return Binder.truthiness(of: string)
        }
    }

    /// The number, or the number a string reads as (``NumberArithmetic/number(_:)``).
    var numberValue: JSONNumber? {
        switch self {
        case .value(let value): return NumberArithmetic.number(value)
        case .number(let number): return number
        case .string(let string): return JSONNumber(parsing: string)
        }
    }

    /// The string, when this is one.
    var stringValue: String? {
        switch self {
        case .value(.string(let string)), .string(let string): return string
        default: return nil
        }
    }

    /// ``JSONValue/kindName``.
    var kindName: String {
        switch self {
        case .value(let value): return value.kindName
        case .number: return "number"
        case .string: return "string"
        }
    }
}
