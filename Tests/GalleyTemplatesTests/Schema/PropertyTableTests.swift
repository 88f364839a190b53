import Foundation
import Galley
import GalleyLayout
import GalleyText
import Testing

@testable import GalleyTemplates

/// The property table is the one list of keys: `Templates/galley.schema.json` and `docs/reference.md`
/// are generated from it (and fail here when stale: `GALLEY_RECORD=1` or `make reference` rewrites
/// them), every key appears consistently in both, and its documented default is the engine's.
@Suite struct PropertyTableTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Compares a generated file with the checked-in one; rewrites it under GALLEY_RECORD=1.
    static func checkGenerated(_ relative: String, _ generated: String) throws {
        let url = root.appendingPathComponent(relative)
        if ProcessInfo.processInfo.environment["GALLEY_RECORD"] == "1" {
            try generated.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let current = try String(contentsOf: url, encoding: .utf8)
        #expect(current == generated, "\(relative) is stale: run `make reference` (or GALLEY_RECORD=1) and commit it")
    }

    @Test func schemaFileIsCurrent() throws {
        try Self.checkGenerated("Templates/galley.schema.json", SchemaGenerator.text())
    }

    @Test func referenceFileIsCurrent() throws {
        try Self.checkGenerated("docs/reference.md", ReferenceGenerator.text())
    }

    /// Every key of every element type is in the checked-in schema's definition of that type (and
    /// nothing else is), with its kind's schema, and has a row in the checked-in reference.
    @Test func everyKeyIsInTheSchemaAndTheReference() throws {
        let schemaText = try String(
            contentsOf: Self.root.appendingPathComponent("Templates/galley.schema.json"), encoding: .utf8)
        let schema = try JSONParser.parse(schemaText, file: "galley.schema.json").value
        let reference = try String(contentsOf: Self.root.appendingPathComponent("docs/reference.md"), encoding: .utf8)
        let definitions = try #require(schema["$defs"]?.objectValue)
        for kind in ElementKind.allCases {
            // The type's own keys and those of the key groups it refers to.
            let definition = try #require(definitions["element-\(kind.rawValue)"])
            var keys = definition["properties"]?.objectValue ?? [:]
            for reference in definition["allOf"]?.arrayValue ?? [] {
                let name = try #require(reference["$ref"]?.stringValue?.split(separator: "/").last.map(String.init))
                for (key, value) in definitions[name]?["properties"]?.objectValue?.entries ?? [] { keys[key] = value }
            }
            #expect(keys.keys.sorted() == PropertyTable.names(on: kind), "\(kind)")
            for name in PropertyTable.names(on: kind) where name != "type" {
                let property = try #require(PropertyTable.property(name, on: kind))
                #expect(keys[name] == property.schema, "\(kind).\(name)")
                #expect(reference.contains("| `\(name)` | \(property.kind.summary) |"), "\(name) in docs/reference.md")
            }
        }
        let top = try #require(schema["properties"]?.objectValue)
        #expect(top.keys.sorted() == PropertyTable.documentProperties.map(\.name).sorted())
        for property in PropertyTable.documentProperties {
            #expect(top[property.name] == property.schema, "\(property.name)")
            #expect(reference.contains("| `\(property.name)` |"), "\(property.name) in docs/reference.md")
        }
    }

    /// One entry per key and element type; every entry has a meaning, and its example and default
    /// convert; every name a choice lists converts.
    @Test func entriesAreWellFormed() throws {
        for kind in ElementKind.allCases {
            var seen = Set<String>()
            for property in PropertyTable.elementProperties {
                guard case .elements(let set) = property.scope, set.contains(kind) else { continue }
                #expect(seen.insert(property.name).inserted, "\(property.name) twice on \(kind)")
            }
        }
        let context = PropertyContext(textStyles: ["title": TextStyle(), "heading": TextStyle()])
        func check(_ property: Property, _ place: String) {
            #expect(!property.meaning.isEmpty, "\(place)")
            if let example = property.example, !PropertyKind.containsBinding(example), property.kind.shape != .element,
                property.kind.shape != .elements
            {
                if case .failure(let problem) = property.kind.convert(example, context) {
                    Issue.record("\(place): example \(example.jsonText): \(problem.message)")
                }
            }
            if let value = property.defaultValue, case .failure(let problem) = property.kind.convert(value, context) {
                Issue.record("\(place): default \(value.jsonText): \(problem.message)")
            }
            for field in property.kind.fields + property.kind.items.flatMap(\.fields) {
                check(field, place + "." + field.name)
            }
        }
        for property in PropertyTable.elementProperties + PropertyTable.documentProperties {
            check(property, property.name)
            #expect(property.example != nil || property.kind.shape == .element, "\(property.name) has an example")
        }
    }

    /// The documented defaults are the engine's: Texture's style, a plain layer, `ParagraphStyle()`
    /// and `TextStyle()` come out of the table's defaults unchanged.
    @Test func defaultsAreTheEnginesDefaults() throws {
        for kind in ElementKind.allCases {
            let parameters = try #require(PropertyTable.defaultParameters[kind])
            #expect(parameters.style == Style(), "\(kind)")
            if kind.isNode { #expect(parameters.node.layer ?? LayerProperties() == LayerProperties(), "\(kind)") }
        }
        #expect(PropertyTable.defaultParameters[.text]?.text.paragraph == ParagraphStyle())
        var style = TextStyle()
        for property in TextProperties.style {
            guard case .textStyle(let apply) = property.apply, let value = property.defaultValue,
                case .success(let converted) = property.kind.convert(value, .empty)
            else { continue }
            apply(&style, converted)
        }
        #expect(style == TextStyle())
    }

    /// The top-level keys, elements and value kinds all reach the reference.
    @Test func referenceNamesEveryElement() throws {
        let reference = ReferenceGenerator.text()
        for kind in ElementKind.allCases { #expect(reference.contains("\n### \(kind.rawValue)\n"), "\(kind)") }
        #expect(
            reference.contains("### Lengths") && reference.contains("### Colours") && reference.contains("### Bindings")
        )
    }
}
