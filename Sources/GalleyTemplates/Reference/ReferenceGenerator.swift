/// Writes `docs/reference.md` from the property table: every element and every key, with its
/// value kind, default, meaning and an example. `PropertyTableTests` fails when the checked-in
/// file differs (`make reference` rewrites it).
enum ReferenceGenerator {
    static func text() -> String {
        var out = """
            <!-- Generated from Galley's property table (Sources/GalleyTemplates/Schema/Properties+*.swift) by `make reference`; do not edit. -->
            # Template reference

            Every key of the template format: what it takes, its default, what it does, an example. Keys
            marked "bound" may be `{{bindings}}`, converted for each record with the same checks as a
            literal. [templates.md](templates.md) explains the format; this page lists it. Editors can
            validate templates with `Templates/galley.schema.json`, generated from the same table.


            """
        out += ReferenceText.values
        out += "\n## Document keys\n\nThe top level of a template.\n\n"
        out += table(PropertyTable.documentProperties)
        out += "\n## Elements\n\n"
        out += "| element | what it is |\n| --- | --- |\n"
        for kind in ElementKind.allCases {
            let what = kind.isNode ? "node" : kind == .pageBreak ? "page break" : "layout spec"
            out += "| [`\(kind.rawValue)`](#\(kind.rawValue.lowercased())) | \(what): \(cell(kind.meaning)) |\n"
        }
        let common = PropertyTable.elementProperties.filter {
            switch $0.scope {
            case .elements(.all), .elements(.allExcept): true
            default: false
            }
        }
        out += "\n### Keys of every element\n\n" + table(common)
        let nodeKeys = PropertyTable.elementProperties.filter {
            switch $0.scope {
            case .elements(.nodes), .elements(.nodesExcept): true
            default: false
            }
        }
        out += "\n### Keys of drawn nodes\n\n"
        out += "Every node (" + ElementKind.allCases.filter(\.isNode).map { "`\($0.rawValue)`" }.joined(separator: ", ")
        out +=
            ") takes these; layout specs do not (wrap a spec in a `box` with `child` to give it a background or an `id`).\n\n"
        out += table(nodeKeys)
        for kind in ElementKind.allCases {
            out += "\n### \(kind.rawValue)\n\n\(kind.meaning)\n\n"
            let own = PropertyTable.elementProperties.filter {
                if case .elements(.only(let kinds)) = $0.scope { kinds.contains(kind) } else { false }
            }
            out += own.isEmpty ? "No keys of its own.\n" : table(own)
            out += "\nAlso: the [keys of every element](#keys-of-every-element)"
            out += kind.isNode ? " and of [drawn nodes](#keys-of-drawn-nodes).\n" : ".\n"
        }
        return out
    }

    /// A table of keys, with rows for the fields of object values (`border.width`).
    static func table(_ properties: [Property]) -> String {
        var out = "| key | value | default | meaning | example |\n| --- | --- | --- | --- | --- |\n"
        for property in properties { out += rows(property, prefix: "") }
        return out
    }

    private static func rows(_ property: Property, prefix: String) -> String {
        let name = prefix + property.name
        var notes: [String] = []
        if property.required { notes.append("required") }
        if property.bindable { notes.append("bound") }
        for conflict in property.conflicts { notes.append("not with `\(conflict.key)`") }
        if case .elements(.allExcept(let excluded)) = property.scope {
            notes.append("not on " + excluded.map { "`\($0.rawValue)`" }.joined(separator: ", "))
        }
        if let needed = property.requires { notes.append("with `\(needed)`") }
        let meaning = cell(property.meaning) + (notes.isEmpty ? "" : " *(" + notes.joined(separator: "; ") + ")*")
        var out =
            "| `\(name)` | \(property.kind.summary) | \(code(property.defaultValue)) | \(meaning) | \(code(property.example)) |\n"
        var kind = property.kind
        var fieldPrefix = name + "."
        if kind.shape == .array, let item = kind.items.first, item.shape == .object {
            kind = item
            fieldPrefix = name + "[]."
        }
        if kind.shape == .map, let item = kind.items.first, item.shape == .object {
            return out  // TEXTSTYLE objects: their keys are the text style's, listed with `text`.
        }
        if kind.shape == .object {
            for field in kind.fields { out += rows(field, prefix: fieldPrefix) }
        }
        return out
    }

    private static func code(_ value: JSONValue?) -> String {
        guard let value else { return "" }
        return "`" + value.jsonText.replacingOccurrences(of: "|", with: "\\|") + "`"
    }

    private static func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }
}
