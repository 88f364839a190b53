/// Compiles a parsed template's elements against the property table: checks every type and key,
/// converts literal values into typed parameters once and precompiles bindings. Errors name the
/// file, line:column, JSON path, what was expected and what to do (with "did you mean" for a near
/// miss).
struct TemplateCompiler {
    let document: ParsedDocument
    /// The named styles, for `style` keys.
    let context: PropertyContext
    /// Whether the template is a paged document (pagination keys mean nothing on a canvas).
    var isPaged = true

    /// The deepest nesting of elements accepted (the body is level 1). Building, laying out and
    /// drawing recurse once per level; at this depth a release build renders on a 512 KB thread
    /// stack with room to spare (128 levels measured), and deeper templates are an error rather
    /// than a risk of overflowing a small stack. docs/templates.md states it.
    static let maximumElementDepth = 64

    func element(_ value: JSONValue, at path: JSONPath, depth: Int = 1, inCell: Bool = false) throws(TemplateError)
        -> ElementTemplate
    {
        guard depth <= Self.maximumElementDepth else {
            throw document.error(
                at: path, "elements nested deeper than \(Self.maximumElementDepth) levels",
                hint: "flatten the template: a stack with more children instead of stacks inside stacks")
        }
        guard case .object(let object) = value else {
            throw document.error(
                at: path, "expected an element object with a \"type\", got \(ValueText.describe(value))")
        }
        let kind = try elementKind(object, at: path)
        var parameters = PropertyTable.defaultParameters[kind] ?? ElementParameters()
        var textStyle: [ElementTemplate.TextStyleSetter] = []
        var bound: [ElementTemplate.BoundProperty] = []
        var scopeBound: [ElementTemplate.BoundProperty] = []
        var keepsNode = false
        var slots = ElementTemplate.Slots()
        var children: [ElementTemplate] = []
        var childLists: [ElementTemplate.ChildList] = []
        var condition: CompiledValue?
        var repetition: ElementTemplate.Repetition?
        for (key, item) in object.entries {
            let keyPath = path.appending(key)
            guard let property = PropertyTable.property(key, on: kind) else {
                throw unknownKey(key, on: kind, at: keyPath)
            }
            keepsNode = keepsNode || property.keepsNode
            try checkPlacement(property, kind: kind, inCell: inCell, at: keyPath)
            switch property.apply {
            case .directive:
                if key == "if" { condition = try CompiledValue.compile(item, path: keyPath, document: document) }
                if key == "each" {
                    let name = object["as"]?.stringValue ?? "item"
                    repetition = .init(
                        items: try CompiledValue.compile(item, path: keyPath, document: document), name: name)
                }
                if key == "as", item.stringValue == nil || PropertyKind.isBinding(item) {
                    throw document.error(
                        at: keyPath, "\"as\" cannot be bound: it names the item, once",
                        hint: "write a name such as \"line\"")
                }
            case .slot:
                try compileSlot(key, item, at: keyPath, depth: depth, into: &slots, &children, &childLists)
            case .scope(let apply):
                guard let value = try compileValue(property, item, at: keyPath, bound: &scopeBound) else { continue }
                apply(&parameters, value)
            case .parameters, .textStyle, .field:
                guard let value = try compileValue(property, item, at: keyPath, bound: &bound) else { continue }
                switch property.apply {
                case .parameters(let apply): apply(&parameters, value)
                case .textStyle(let apply): textStyle.append((apply, value))
                default: break
                }
            }
        }
        try checkRequiredAndConflicting(object, kind: kind, at: path)
        if repetition != nil, path.components.count < 2 || !isInChildren(path) {
            throw document.error(
                at: path.appending("each"), "\"each\" repeats an element inside a \"children\" array",
                hint: "move this element into a stack's children (or a table's rows)")
        }
        // Where the element is, as errors name a place: what warnings about its nodes print.
        return ElementTemplate(
            kind: kind, path: path, origin: document.error(at: path, "").place, condition: condition,
            repetition: repetition, parameters: parameters, textStyle: textStyle, bound: bound,
            scopeBound: scopeBound, keepsNode: keepsNode,
            slots: slots, children: children, childLists: childLists)
    }

    /// The element's `type`.
    private func elementKind(_ object: JSONObject, at path: JSONPath) throws(TemplateError) -> ElementKind {
        guard let typeValue = object["type"] else {
            throw document.error(
                at: path, "element has no \"type\"",
                hint: "add \"type\": one of \(ElementKind.names.joined(separator: ", "))")
        }
        guard let name = typeValue.stringValue, let kind = ElementKind(rawValue: name) else {
            let hint = typeValue.stringValue.flatMap { Suggestion.hint(for: $0, in: ElementKind.names, listing: false) }
            throw document.error(
                at: path.appending("type"), "unknown element type \(ValueText.describe(typeValue))",
                hint: hint ?? "expected one of: \(ElementKind.names.joined(separator: ", "))")
        }
        return kind
    }

    /// A literal converted (nil for `null`, which leaves the default), or a binding recorded for
    /// every record (its literal parts checked now).
    private func compileValue(
        _ property: Property, _ item: JSONValue, at path: JSONPath, bound: inout [ElementTemplate.BoundProperty]
    ) throws(TemplateError) -> PropertyValue? {
        let compiled = try CompiledValue.compile(item, path: path, document: document)
        guard let literal = compiled.literal else {
            guard property.bindable else {
                throw document.error(
                    at: path, "\"\(property.name)\" cannot be bound: it is read once, when the template is loaded",
                    hint: "write the value itself")
            }
            if let problem = property.kind.problem(in: item, context: context) { throw error(problem, at: path) }
            bound.append(.init(property: property, value: compiled, path: path))
            return nil
        }
        if literal == .null { return nil }
        switch property.kind.convert(literal, context) {
        case .success(let value): return value
        case .failure(let problem): throw error(problem, at: path)
        }
    }

    /// A problem inside the value at `path`, located at the innermost part.
    func error(_ problem: PropertyProblem, at path: JSONPath) -> TemplateError {
        var full = path
        full.components += problem.path
        if problem.message.hasPrefix("unknown key") {
            return document.keyError(at: full, problem.message, hint: problem.hint)
        }
        return document.error(at: full, problem.message, hint: problem.hint)
    }

    private func compileSlot(
        _ key: String, _ item: JSONValue, at path: JSONPath, depth: Int, into slots: inout ElementTemplate.Slots,
        _ children: inout [ElementTemplate], _ lists: inout [ElementTemplate.ChildList]
    ) throws(TemplateError) {
        let list: ElementTemplate.ChildList
        switch key {
        case "child": slots.child = try element(item, at: path, depth: depth + 1)
        case "overlay": slots.overlay = try element(item, at: path, depth: depth + 1)
        case "background": slots.background = try element(item, at: path, depth: depth + 1)
        case "corner": slots.corner = try element(item, at: path, depth: depth + 1)
        default: break
        }
        switch key {
        case "children": list = .children
        case "header": list = .header
        case "rows": list = .rows
        case "cells": list = .cells
        default: return
        }
        guard case .array(let items) = item else {
            throw document.error(at: path, "expected an array of elements, got \(ValueText.describe(item))")
        }
        for (index, child) in items.enumerated() {
            let inCell = list == .cells || list == .header
            children.append(try element(child, at: path.appending(index), depth: depth + 1, inCell: inCell))
            lists.append(list)
        }
    }

    /// A key used where it means nothing (`colSpan` outside a table row) is an error, not ignored.
    private func checkPlacement(_ property: Property, kind: ElementKind, inCell: Bool, at path: JSONPath)
        throws(TemplateError)
    {
        switch property.placement {
        case .anywhere:
            return
        case .tableCell where !inCell:
            throw document.keyError(
                at: path, "\"\(property.name)\" is for the cells of a table row or header",
                hint: "put the element in a row's \"cells\" (or remove the key)")
        case .tableCellOrRow where !inCell && ![.row, .table, .stack].contains(kind):
            throw document.keyError(
                at: path, "\"\(property.name)\" is for table cells, rows, tables and horizontal stacks",
                hint: "on other elements use alignSelf, or a stack's alignItems")
        case .pagedDocument where !isPaged:
            throw document.keyError(
                at: path, "\"\(property.name)\" is for paged documents; a canvas has one page",
                hint: "remove it, or make the template paged with \"page\": {\"size\": \"A4\"}")
        default:
            return
        }
    }

    /// Keys an element must have (`src` of an image), and keys that cannot go together (`size` and
    /// `child` on a box).
    private func checkRequiredAndConflicting(_ object: JSONObject, kind: ElementKind, at path: JSONPath)
        throws(TemplateError)
    {
        for property in (PropertyTable.byElement[kind] ?? [:]).values.sorted(by: { $0.name < $1.name }) {
            if property.required, object[property.name] == nil {
                let article = "aeiou".contains(kind.rawValue.first ?? "x") ? "an" : "a"
                throw document.error(
                    at: path, "\(article) \(kind.rawValue) needs \"\(property.name)\"", hint: property.meaning)
            }
            guard object[property.name] != nil else { continue }
            if let needed = property.requires, object[needed] == nil {
                throw document.keyError(
                    at: path.appending(property.name), "\"\(property.name)\" means nothing without \"\(needed)\"",
                    hint: "add \"\(needed)\" (\(PropertyTable.property(needed, on: kind)?.meaning ?? "")), or remove it"
                )
            }
            for conflict in property.conflicts where object[conflict.key] != nil {
                throw document.keyError(
                    at: path.appending(conflict.key), "\"\(property.name)\" and \"\(conflict.key)\" together",
                    hint: conflict.reason)
            }
        }
    }

    /// An unknown key: the nearest known one, or — for a key other types take (`id` on a stack) —
    /// which they are.
    private func unknownKey(_ key: String, on kind: ElementKind, at path: JSONPath) -> TemplateError {
        let known = PropertyTable.names(on: kind)
        let message = "unknown key \"\(key)\" for a \(kind.rawValue) element"
        let owners = ElementKind.allCases.filter { PropertyTable.property(key, on: $0) != nil }
        if !owners.isEmpty {
            if !kind.isNode, owners.allSatisfy(\.isNode) {
                return document.keyError(
                    at: path, message,
                    hint:
                        "\"\(key)\" is for drawn nodes and a \(kind.rawValue) is a layout spec (it draws nothing): put it on a box whose child is the \(kind.rawValue)"
                )
            }
            let names = owners.map(\.rawValue).joined(separator: ", ")
            return document.keyError(at: path, message, hint: "\"\(key)\" is a key of \(names)")
        }
        return document.keyError(
            at: path, message,
            hint: Suggestion.hint(for: key, in: known, listing: false) ?? "known keys: \(known.joined(separator: ", "))"
        )
    }

    private func isInChildren(_ path: JSONPath) -> Bool {
        guard let parent = path.parent, case .key(let key)? = parent.components.last else { return false }
        return key == "children" || key == "rows"
    }
}
