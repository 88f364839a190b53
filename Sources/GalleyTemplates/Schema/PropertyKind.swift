import GalleyText

/// What a key's value may be: how a value (a literal, or a bound value per record) is checked and
/// converted into a ``PropertyValue``, and how the reference and the JSON Schema describe it. One
/// conversion serves compile time and bind time, so a literal and a bound value of the wrong kind get
/// the same message.
struct PropertyKind: Sendable {
    /// How the compiler treats the value.
    enum Shape: Sendable {
        /// A value converted by ``convert``.
        case value
        /// One element (`child`) or an array of elements (`children`), compiled as elements.
        case element, elements
        /// An object of ``fields``, an array of ``items``' kind, or an object whose every value is of
        /// ``items``' kind (`styles`).
        case object, array, map
    }

    /// The reference's words for the value: "length ≥ 0", "`start` \| `end`".
    let summary: String
    /// What the value should look like, for "expected …" in errors.
    let expectation: String
    /// The JSON Schema of a literal value (a binding is allowed besides it where the key is bindable).
    let schema: JSONValue
    /// Checks and converts a value.
    let convert: @Sendable (JSONValue, PropertyContext) -> Result<PropertyValue, PropertyProblem>
    var shape = Shape.value
    /// An object kind's fields.
    var fields: [Property] = []
    /// The item kind of an array or map kind (one entry).
    var items: [PropertyKind] = []

    /// A kind whose conversion returns nil for a value that does not fit (then "expected …, got …").
    static func simple(
        _ summary: String, _ expectation: String, schema: JSONValue,
        _ convert: @escaping @Sendable (JSONValue) -> PropertyValue?
    ) -> PropertyKind {
        PropertyKind(summary: summary, expectation: expectation, schema: schema) { value, _ in
            if let converted = convert(value) { return .success(converted) }
            return .failure(.expected(expectation, got: value))
        }
    }

    /// Why a literal value does not fit, or nil. Parts of it that are bindings (`"{{…}}"`) are
    /// skipped: they are converted, with the same checks, when each record is bound.
    func problem(in value: JSONValue, context: PropertyContext) -> PropertyProblem? {
        if PropertyKind.isBinding(value) { return nil }
        switch (shape, value) {
        case (.object, .object(let object)) where !fields.isEmpty:
            for (key, item) in object.entries {
                guard let field = fields.first(where: { $0.name == key }) else {
                    return PropertyKind.unknownField(key, in: fields).inside(.key(key))
                }
                if !field.bindable, PropertyKind.isBinding(item) {
                    return PropertyProblem(
                        "\"\(key)\" cannot be bound: it is read once, when the template is loaded",
                        hint: "write the value itself"
                    ).inside(.key(key))
                }
                if let problem = field.kind.problem(in: item, context: context) { return problem.inside(.key(key)) }
            }
        case (.array, .array(let elements)):
            for (index, item) in elements.enumerated() {
                if let problem = items.first?.problem(in: item, context: context) {
                    return problem.inside(.index(index))
                }
            }
        case (.map, .object(let object)):
            for (key, item) in object.entries {
                if let problem = items.first?.problem(in: item, context: context) { return problem.inside(.key(key)) }
            }
        default:
            break
        }
        // A value with a binding inside is converted whole per record; its literal parts were checked.
        if PropertyKind.containsBinding(value) { return nil }
        if case .failure(let problem) = convert(value, context) { return problem }
        return nil
    }

    /// Whether a value holds a binding anywhere.
    static func containsBinding(_ value: JSONValue) -> Bool {
        switch value {
        case .string: isBinding(value)
        case .array(let items): items.contains(where: containsBinding)
        case .object(let object): object.entries.contains { containsBinding($0.value) }
        default: false
        }
    }

    /// An unknown key of an object kind, with the nearest known one.
    static func unknownField(_ key: String, in fields: [Property]) -> PropertyProblem {
        let names = fields.map(\.name)
        return PropertyProblem(
            "unknown key \"\(key)\"",
            hint: Suggestion.hint(for: key, in: names) ?? "known keys: \(names.joined(separator: ", "))")
    }

    /// Whether a value is a string with a binding in it.
    static func isBinding(_ value: JSONValue) -> Bool {
        if case .string(let text) = value { return text.contains("{{") }
        return false
    }
}

/// What converting a value may need beyond the value: the template's named text styles.
struct PropertyContext: Sendable {
    var textStyles: [String: TextStyle] = [:]

    static let empty = PropertyContext()
}
