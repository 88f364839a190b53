/// A JSON (or JSON5) value, as parsed from a template or a data file.
///
/// A number keeps the exact decimal it was written as, and its text (``JSONNumber``).
public indirect enum JSONValue: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// Any number, including JSON5's hex, `Infinity` and `NaN`.
    case number(JSONNumber)
    /// A string with escapes resolved.
    case string(String)
    /// An array, in source order.
    case array([JSONValue])
    /// An object whose members keep their source order.
    case object(JSONObject)
}

extension JSONValue {
    /// A number from a binary value (see ``JSONNumber/init(_:)``); the whole numbers 0–255 are
    /// shared values (`numeric`).
    public static func number(_ value: Double) -> JSONValue { .numeric(JSONNumber(value)) }

    /// The member named `key` when this is an object, otherwise `nil`.
    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// The element at `index` when this is an array and the index is in range, otherwise `nil`.
    public subscript(index: Int) -> JSONValue? {
        if case .array(let array) = self, array.indices.contains(index) { return array[index] }
        return nil
    }

    /// The string payload, if this is a string.
    public var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    /// The number's binary value, if this is a number.
    public var numberValue: Double? {
        if case .number(let number) = self { return number.value }
        return nil
    }

    /// The bool payload, if this is a bool.
    public var boolValue: Bool? {
        if case .bool(let bool) = self { return bool }
        return nil
    }

    /// The elements, if this is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let array) = self { return array }
        return nil
    }

    /// The object, if this is an object.
    public var objectValue: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    /// A short name of the value's kind for error messages: "null", "bool", "number", "string", "array", "object".
    public var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "bool"
        case .number: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }
}

extension JSONValue {
    /// `.bool(value)` without a box of its own: the enum is `indirect`, so every payload is boxed
    /// when made, and a comparison made one per evaluation (a row's `index % 2 == 1`). The two
    /// booleans are made once and shared; every boolean Galley makes (parsed data, literals,
    /// comparisons) comes from here.
    static func boolean(_ value: Bool) -> JSONValue { value ? sharedTrue : sharedFalse }

    private static let sharedTrue = JSONValue.bool(true)
    private static let sharedFalse = JSONValue.bool(false)

    /// `.number(number)`, shared when it is a small whole number exactly as `JSONNumber(Double)`
    /// makes it (an iteration's `index`, a row's `index % 2`): those are made once.
    static func numeric(_ number: JSONNumber) -> JSONValue {
        let value = number.value
        // (`sign`: −0 keeps its own value.)
        guard value.sign == .plus, value < Double(sharedIntegers.count), value == value.rounded(), number.source == nil,
            number.decimal == ExactDecimal(coefficient: Int128(Int(value)), exponent: 0)
        else { return .number(number) }
        return sharedIntegers[Int(value)]
    }

    private static let sharedIntegers: [JSONValue] = (0..<256).map { .number(JSONNumber(Double($0))) }
}
