/// Writes `Templates/galley.schema.json` (JSON Schema 2020-12) from the property table: the
/// top-level keys, one definition per element type with exactly its keys, and the value kinds.
/// `PropertyTableTests` fails when the checked-in file differs (`make reference` rewrites it).
enum SchemaGenerator {
    static func schema() -> JSONValue {
        var properties = JSONObject()
        for property in PropertyTable.documentProperties { properties[property.name] = property.schema }
        let required = PropertyTable.documentProperties.filter(\.required).map { JSONValue.string($0.name) }
        var definitions: JSONObject = [
            "binding": [
                "description": "A string with {{bindings}}, replaced from the data for every record.", "type": "string",
                "pattern": "\\{\\{",
            ],
            "length": [
                "description": "A length: a number of points, or a string with a unit (pt, mm, cm, in).",
                "anyOf": [
                    ["type": "number"],
                    [
                        "type": "string",
                        "pattern": "^\\s*[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?\\s*(pt|mm|cm|in)?\\s*$",
                    ],
                ],
            ],
            "dimension": [
                "description": "A length of 0 or more, a percentage of the parent (\"50%\"), or \"auto\".",
                "anyOf": [
                    ["$ref": "#/$defs/length"], ["type": "string", "pattern": "^\\s*\\d+(\\.\\d+)?\\s*%\\s*$"],
                    ["const": "auto"],
                ],
            ],
            "color": [
                "description":
                    "#rgb, #rgba, #rrggbb, #rrggbbaa, rgb(r,g,b), rgba(r,g,b,a), a CSS basic colour name or transparent.",
                "type": "string",
            ],
            "element": elementSchema(),
        ]
        for (name, group) in keyGroups() where group.kinds.count > 1 {
            var properties = JSONObject()
            for property in group.properties { properties[property.name] = property.schema }
            definitions[name] = [
                "description": .string("Keys of \(group.summary)."), "properties": .object(properties),
            ]
        }
        for kind in ElementKind.allCases { definitions["element-\(kind.rawValue)"] = schema(of: kind) }
        return [
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": "https://galley.dev/schema/galley.schema.json",
            "title": "Galley template, format version 1",
            "description":
                "Generated from Galley's property table by `make reference` (docs/reference.md describes every key); do not edit.",
            "type": "object", "required": .array(required), "properties": .object(properties),
            "additionalProperties": false, "$defs": .object(definitions),
        ]
    }

    /// Any element: a `type`, then the keys of that type.
    private static func elementSchema() -> JSONValue {
        let cases: [JSONValue] = ElementKind.allCases.map { kind in
            [
                "if": ["properties": ["type": ["const": .string(kind.rawValue)]], "required": ["type"]],
                "then": ["$ref": .string("#/$defs/element-\(kind.rawValue)")],
            ]
        }
        return [
            "type": "object", "required": ["type"],
            "properties": ["type": ["enum": .array(ElementKind.names.map { .string($0) })]], "allOf": .array(cases),
        ]
    }

    /// The element keys grouped by the types they apply to, in the table's order; a group shared by
    /// several types is one definition (`keys-1`), so each key's schema is written once.
    static func keyGroups() -> [(name: String, group: (summary: String, kinds: [ElementKind], properties: [Property]))]
    {
        var groups: [(summary: String, kinds: [ElementKind], properties: [Property])] = []
        for property in PropertyTable.elementProperties {
            guard case .elements(let set) = property.scope else { continue }
            let kinds = set.kinds
            if let index = groups.firstIndex(where: { $0.kinds == kinds }) {
                groups[index].properties.append(property)
            } else {
                groups.append((set.summary, kinds, [property]))
            }
        }
        return groups.enumerated().map { ("keys-\($0.offset + 1)", $0.element) }
    }

    /// One element type: exactly its keys (shared groups by reference, no others).
    private static func schema(of kind: ElementKind) -> JSONValue {
        var properties = JSONObject()
        var shared: [JSONValue] = []
        for (name, group) in keyGroups() where group.kinds.contains(kind) {
            if group.kinds.count > 1 {
                shared.append(["$ref": .string("#/$defs/\(name)")])
            } else {
                for property in group.properties where property.name != "type" {
                    properties[property.name] = property.schema
                }
            }
        }
        properties["type"] = ["const": .string(kind.rawValue)]
        let required = PropertyTable.names(on: kind).filter { PropertyTable.property($0, on: kind)?.required == true }
        return [
            "description": .string(kind.meaning), "type": "object", "required": .array(required.map { .string($0) }),
            "allOf": .array(shared), "properties": .object(properties), "unevaluatedProperties": false,
        ]
    }

    /// The schema as the checked-in file holds it: two-space indented JSON and a final newline.
    static func text() -> String { PrettyJSON.text(schema()) + "\n" }
}

/// JSON indented by two spaces, members in their order (deterministic output for generated files).
enum PrettyJSON {
    static func text(_ value: JSONValue, indent: String = "") -> String {
        let inner = indent + "  "
        switch value {
        case .array(let items) where !items.isEmpty:
            if items.allSatisfy({ if case .object = $0 { false } else if case .array = $0 { false } else { true } }) {
                let line = "[" + items.map(\.jsonText).joined(separator: ", ") + "]"
                if line.count + indent.count < 100 { return line }
            }
            return "[\n" + items.map { inner + text($0, indent: inner) }.joined(separator: ",\n") + "\n" + indent + "]"
        case .object(let object) where !object.isEmpty:
            let members = object.entries.map {
                inner + JSONValue.string($0.key).jsonText + ": " + text($0.value, indent: inner)
            }
            return "{\n" + members.joined(separator: ",\n") + "\n" + indent + "}"
        default:
            return value.jsonText
        }
    }
}
