/// How a template reads its data: the types of top-level fields (`data.columns`), and whether the
/// records make one document each or one document together (`data.as`, `--data-as`).
///
/// ```json5
/// data: { columns: { qty: "number", paid: "bool" }, as: "array" }
/// ```
public struct DataOptions: Sendable {
    /// Declared field types, in the template's order.
    public var columns: [(name: String, type: DataColumnType)]
    /// One document per record, or one for all of them.
    public var shape: DataShape

    public init(columns: [(name: String, type: DataColumnType)] = [], shape: DataShape = .records) {
        self.columns = columns
        self.shape = shape
    }

    /// The record with its declared fields converted. CSV fields are text: a `number` column's text
    /// becomes a number (as written: `1.50` stays `1.50`), a `bool` column's `true`/`false`/`yes`/
    /// `no`/`1`/`0` (any case) a bool, and an empty field null. A JSON value already of the type is
    /// kept; a field that is absent stays absent. Anything else is the record's error.
    func typed(_ record: JSONValue) -> Result<JSONValue, DataColumnError> {
        guard !columns.isEmpty, case .object(var object) = record else { return .success(record) }
        for (name, type) in columns {
            guard let value = object[name] else { continue }
            switch type.convert(value) {
            case .some(let converted): object[name] = converted
            case .none:
                return .failure(
                    DataColumnError(
                        message:
                            "field \"\(name)\": expected \(type.expectation), got \(ValueText.describe(value)) (data.columns declares it a \(type.rawValue))"
                    ))
            }
        }
        return .success(.object(object))
    }
}

/// A field whose value does not convert to its declared type.
struct DataColumnError: Error {
    let message: String
}

/// A declared field type.
public enum DataColumnType: String, Sendable, CaseIterable {
    case number, bool, string

    var expectation: String {
        switch self {
        case .number: "a number"
        case .bool: "true or false (or yes/no, 1/0)"
        case .string: "text, a number or a bool"
        }
    }

    /// The converted value, or nil when it does not fit.
    func convert(_ value: JSONValue) -> JSONValue? {
        if value == .null || value == .string("") { return .null }
        switch (self, value) {
        case (.number, .number), (.bool, .bool), (.string, .string): return value
        case (.number, .string(let text)): return JSONNumber(parsing: text).map(JSONValue.number)
        case (.bool, .string(let text)):
            switch text.trimmingSpaces().lowercased() {
            case "true", "yes", "1": return .boolean(true)
            case "false", "no", "0": return .boolean(false)
            default: return nil
            }
        case (.bool, .number(let number)) where number.value == 0 || number.value == 1: return .bool(number.value == 1)
        case (.string, .number), (.string, .bool): return .string(value.interpolationText)
        default: return nil
        }
    }
}

/// Whether a data file's records make one document each or one document together.
public enum DataShape: String, Sendable, CaseIterable {
    /// One document per record (the default).
    case records
    /// One document for the whole file: every record in one `records` array (a sheet of labels, a
    /// report over all rows).
    case array
}
