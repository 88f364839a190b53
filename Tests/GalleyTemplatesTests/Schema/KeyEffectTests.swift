import Foundation
import Galley
import GalleyLayout
import Testing

@testable import GalleyTemplates

/// No key is accepted and ignored: for every element type and every key it takes, a document built
/// with the key set to the table's example differs from the same document without it. The document
/// is compared through a dump of the built object graph (every node's and spec's stored properties,
/// the pagination hints), with memory addresses removed.
@Suite struct KeyEffectTests {
    /// Data for the examples' bindings.
    static let data: JSONValue = [
        "name": "Ada", "order": ["trackingURL": "https://example.com/t/1"], "total": "12.50", "paid": true,
        "items": [["name": "a"], ["name": "b"]], "number": "7",
    ]

    /// A minimal element of each type: its required keys and something to hold.
    static func base(_ kind: ElementKind) -> JSONObject {
        let box: JSONValue = ["type": "box", "size": [20, 10], "background": "#888"]
        let other: JSONValue = ["type": "box", "size": [10, 30], "background": "#444"]
        var object: JSONObject = ["type": .string(kind.rawValue)]
        switch kind {
        case .box: object["background"] = "#ccc"
        case .text: object["text"] = "Hello world, a paragraph of several words that wrap onto lines"
        case .image: object["src"] = "assets/logo.png"
        case .barcode:
            object["symbology"] = "qr"
            object["data"] = "hello"
        case .node:
            object["class"] = "chart"
            object["params"] = ["kind": "bar", "values": [3, 5, 2]]
        case .table:
            object["columns"] = [["width": 60], ["width": 60]]
            object["rows"] = [
                ["type": "row", "cells": [["type": "text", "text": "a"], ["type": "text", "text": "b"]]]
            ]
        case .row: object["cells"] = [["type": "text", "text": "a"], ["type": "text", "text": "b"]]
        case .toc: object["title"] = "Contents"
        case .stack, .absolute: object["children"] = [box, other]
        case .constraints:
            // Named as the table's examples name them (`yellow.trailing`, `blue`).
            object["children"] = [
                ["type": "box", "id": "yellow", "size": [20, 10]], ["type": "box", "id": "blue", "size": [10, 30]],
            ]
        case .overlay:
            object["child"] = box
            object["overlay"] = other
        case .background:
            object["child"] = box
            object["background"] = other
        case .corner:
            object["child"] = box
            object["corner"] = other
        case .inset, .center, .relative, .ratio, .wrapper: object["child"] = box
        case .pageBreak, .spacer: break
        }
        return object
    }

    /// A text whose formatted number, language and direction show the `lang` and `dir` around it.
    static let probe: JSONValue = ["type": "text", "id": "probe", "text": "{{total | number}} مرحبا"]

    /// `base(kind)` with the probe text where the element holds something (its `child`, first child or
    /// first cell): `lang` and `dir` hold for the subtree, so that is where they show.
    static func probed(_ kind: ElementKind) -> JSONObject {
        var object = base(kind)
        switch kind {
        case .box, .inset, .center, .relative, .ratio, .wrapper, .overlay, .background, .corner:
            object["child"] = probe
        case .stack, .absolute, .constraints:
            object["children"] = [probe, ["type": "box", "size": [10, 30]]]
        case .row: object["cells"] = [probe, ["type": "text", "text": "b"]]
        case .table:
            object["rows"] = [["type": "row", "cells": [probe, ["type": "text", "text": "b"]]]]
        default: break
        }
        return object
    }

    /// A paged document holding `element` where every key can apply: in a table row's cells for
    /// cell keys, as a table's row for `row`, after a bookmarked heading for `toc`.
    static func template(_ element: JSONObject, kind: ElementKind) -> String {
        var placed = JSONValue.object(element)
        if kind == .row {
            placed = ["type": "table", "columns": [["width": 60], ["width": 60]], "rows": [placed]]
        } else if kind != .table, kind != .pageBreak, kind != .toc {
            placed = [
                "type": "table", "columns": [["width": 200], ["width": 60]],
                "rows": [["type": "row", "cells": [placed, ["type": "text", "text": "x"]]]],
            ]
        }
        let heading: JSONValue = ["type": "text", "text": "Heading", "bookmark": "Heading"]
        let template: JSONValue = [
            "galley": 1, "page": ["size": [400, 300], "margin": 10],
            "styles": ["title": ["fontSize": 20], "heading": ["fontSize": 16, "weight": "bold"]],
            "body": ["type": "stack", "direction": "vertical", "children": [placed, heading]],
        ]
        return template.jsonText
    }

    /// The element under test in a template made by `template(_:kind:)`.
    static func elementUnderTest(_ template: Template, kind: ElementKind) -> ElementTemplate? {
        guard let placed = template.body.children.first else { return nil }
        switch kind {
        case .table, .pageBreak, .toc: return placed
        case .row: return placed.children.first
        default: return placed.children.first?.children.first
        }
    }

    /// What building the element under test makes, as text: the element (its stored values, and
    /// those of the values it holds, two levels deep), the pagination hints, cell spans and
    /// alignments, and any table of contents — without memory addresses.
    static func fingerprint(_ text: String, kind: ElementKind) throws -> String {
        let template = try Template(text: text, file: "t.json", directory: PropertyTableTests.root.path + "/Templates")
        guard let element = elementUnderTest(template, kind: kind) else { return "" }
        let site = BuildSite(template: template, recordIndex: nil, resources: RenderResources.forTemplate(template))
        var builder = ElementBuilder(site: site)
        let built = try builder.build(element, scope: BindingScope(data: data))
        var lines = built.map { reflect($0, depth: 3) }
        lines.append(reflect(builder.hints, depth: 2))
        lines.append("spans \(builder.colSpans.values.sorted()) \(builder.rowSpans.values.sorted())")
        lines.append("alignments \(builder.verticalAlignments.values.map(\.rawValue).sorted())")
        lines.append(reflect(builder.contents, depth: 3))
        if let probe = builder.nodesByID["probe"] { lines.append(reflect(probe, depth: 2)) }
        let addresses = try Regex("0x[0-9a-fA-F]+")
        return lines.joined(separator: "\n").replacing(addresses, with: "0x")
    }

    /// A value's stored properties (its superclasses' too), `depth` levels deep; caches, closures
    /// and fonts are left out, dictionaries and sets by their sorted contents.
    static func reflect(_ value: Any, depth: Int) -> String {
        let mirror = Mirror(reflecting: value)
        if depth == 0 || mirror.children.isEmpty && mirror.superclassMirror == nil {
            return String(describing: value)
        }
        switch mirror.displayStyle {
        case .dictionary, .set:
            return "{" + mirror.children.map { reflect($0.value, depth: depth - 1) }.sorted().joined(separator: ", ")
                + "}"
        case .collection, .optional, .tuple, .enum:
            return "(" + mirror.children.map { reflect($0.value, depth: depth) }.joined(separator: ", ") + ")"
        default:
            break
        }
        var parts = ["\(type(of: value))"]
        var current: Mirror? = mirror
        while let level = current {
            for child in level.children {
                let label = child.label ?? "_"
                if label.lowercased().contains("cache") || label.contains("registry") || label.contains("lock")
                    || label == "origin"
                {
                    continue
                }
                parts.append("\(label)=\(reflect(child.value, depth: depth - 1))")
            }
            current = level.superclassMirror
        }
        return parts.joined(separator: " ")
    }

    @Test(arguments: ElementKind.allCases)
    func everyKeyChangesWhatIsBuilt(kind: ElementKind) throws {
        let plain = try Self.fingerprint(Self.template(Self.base(kind), kind: kind), kind: kind)
        let probedPlain = try Self.fingerprint(Self.template(Self.probed(kind), kind: kind), kind: kind)
        let again = try Self.fingerprint(Self.template(Self.base(kind), kind: kind), kind: kind)
        let unstable = Set(again.split(separator: "\n")).symmetricDifference(plain.split(separator: "\n"))
        #expect(unstable.isEmpty, "the fingerprint is stable: \(unstable.prefix(4))")
        for name in PropertyTable.names(on: kind) {
            let property = try #require(PropertyTable.property(name, on: kind))
            // `lang` and `dir` are compared on the element with the probe text inside it.
            let base: JSONObject
            var reference: String
            switch property.apply {
            case .parameters, .textStyle:
                base = Self.base(kind)
                reference = plain
            case .scope:
                base = Self.probed(kind)
                reference = probedPlain
            case .directive, .slot, .field: continue
            }
            guard let example = property.example, base[name] != example else { continue }
            // A table, a page break or a table of contents is never itself a table cell.
            if [.table, .pageBreak, .toc].contains(kind), property.placement != .anywhere,
                property.placement != .pagedDocument
            {
                continue
            }
            if kind == .row, property.placement == .tableCell { continue }
            var element = base
            for conflict in property.conflicts { element[conflict.key] = nil }
            for other in PropertyTable.elementProperties where other.conflicts.contains(where: { $0.key == name }) {
                element[other.name] = nil
            }
            // A key that needs another (bookmarkLevel, bookmark) is compared with the other set in both.
            if let needed = property.requires, element[needed] == nil {
                element[needed] = PropertyTable.property(needed, on: kind)?.example
                reference = try Self.fingerprint(Self.template(element, kind: kind), kind: kind)
            }
            element[name] = example
            let changed: String
            do {
                changed = try Self.fingerprint(Self.template(element, kind: kind), kind: kind)
            } catch {
                Issue.record("\(kind).\(name) = \(example.jsonText): \(error)")
                continue
            }
            #expect(changed != reference, "\(kind).\(name) = \(example.jsonText) changes nothing")
        }
    }
}
