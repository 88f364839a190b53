/// The one table of the template format's keys (docs/reference.md is generated from it, and so is
/// `Templates/galley.schema.json`): every element key and every top-level key, each a ``Property``.
/// Adding a key is adding one entry to one of the lists below.
enum PropertyTable {
    /// Every element key, in the reference's order.
    static let elementProperties: [Property] =
        LayoutProperties.all + NodeProperties.all + TextProperties.all + ContentProperties.all + SpecProperties.all
        + ConstraintProperties.all + LanguageProperties.all

    /// Every top-level key.
    static let documentProperties: [Property] = DocumentProperties.all

    /// Each element type's keys by name.
    static let byElement: [ElementKind: [String: Property]] = {
        var table: [ElementKind: [String: Property]] = [:]
        for kind in ElementKind.allCases {
            var keys: [String: Property] = [:]
            for property in elementProperties {
                guard case .elements(let set) = property.scope, set.contains(kind) else { continue }
                // A name given twice for one type would make the table ambiguous; the first wins and
                // PropertyTableTests fails.
                if keys[property.name] == nil { keys[property.name] = property }
            }
            table[kind] = keys
        }
        return table
    }()

    /// The top-level keys by name.
    static let byName: [String: Property] = Dictionary(
        documentProperties.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

    /// The key `name` of an element type, or nil.
    static func property(_ name: String, on kind: ElementKind) -> Property? {
        byElement[kind]?[name]
    }

    /// An element type's key names, sorted.
    static func names(on kind: ElementKind) -> [String] {
        (byElement[kind] ?? [:]).keys.sorted()
    }

    /// The parameters every element of a type starts from: each of its keys' default applied.
    static let defaultParameters: [ElementKind: ElementParameters] = {
        var table: [ElementKind: ElementParameters] = [:]
        for kind in ElementKind.allCases {
            var parameters = ElementParameters()
            for property in (byElement[kind] ?? [:]).values.sorted(by: { $0.name < $1.name }) {
                guard case .parameters(let apply) = property.apply, let value = property.defaultValue,
                    case .success(let converted) = property.kind.convert(value, .empty)
                else { continue }
                apply(&parameters, converted)
            }
            table[kind] = parameters
        }
        return table
    }()
}
