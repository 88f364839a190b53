/// Compiles a parsed template: checks every element's type, keys and literal values against
/// `ElementSchema` and precompiles bindings, once. Errors name the file, line:column, JSON
/// path, what was expected and what to do.
struct TemplateCompiler {
    let document: ParsedDocument

    /// The deepest nesting of elements accepted (the body is level 1). Building, laying out and
    /// drawing recurse once per level; at this depth a release build renders on a 512 KB thread
    /// stack with room to spare (128 levels measured), and deeper templates are an error rather
    /// than a risk of overflowing a small stack. docs/templates.md states it.
    static let maximumElementDepth = 64

    func element(_ value: JSONValue, at path: JSONPath, depth: Int = 1) throws(TemplateError) -> ElementTemplate {
        guard depth <= Self.maximumElementDepth else {
            throw document.error(
                at: path, "elements nested deeper than \(Self.maximumElementDepth) levels",
                hint: "flatten the template: a stack with more children instead of stacks inside stacks")
        }
        guard case .object(let object) = value else {
            throw document.error(
                at: path, "expected an element object with a \"type\", got \(ValueReader.describe(value))")
        }
        guard let typeValue = object["type"] else {
            throw document.error(
                at: path, "element has no \"type\"",
                hint: "add \"type\": one of \(ElementSchema.typeNames.joined(separator: ", "))")
        }
        guard let type = typeValue.stringValue, let keys = ElementSchema.keys(for: type) else {
            throw document.error(
                at: path.appending("type"), "unknown element type \(ValueReader.describe(typeValue))",
                hint: "expected one of: \(ElementSchema.typeNames.joined(separator: ", "))")
        }
        var properties = [String: CompiledValue]()
        var slots = [String: ElementTemplate]()
        var children = [ElementTemplate]()
        var childKeys = [String]()
        var condition: CompiledValue?
        var repetition: ElementTemplate.Repetition?
        for (key, item) in object.entries {
            let keyPath = path.appending(key)
            guard let kind = keys[key] else {
                throw document.keyError(
                    at: keyPath, "unknown key \"\(key)\" for a \(type) element",
                    hint: "known keys: \(keys.keys.sorted().joined(separator: ", "))")
            }
            switch (key, kind) {
            case ("type", _), ("as", _):
                continue
            case ("if", _):
                condition = try CompiledValue.compile(item, path: keyPath, document: document)
            case ("each", _):
                let name = object["as"]?.stringValue ?? "item"
                repetition = .init(
                    items: try CompiledValue.compile(item, path: keyPath, document: document), name: name)
            case (_, .element):
                slots[key] = try element(item, at: keyPath, depth: depth + 1)
            case (_, .elements):
                guard case .array(let items) = item else {
                    throw document.error(
                        at: keyPath, "expected an array of elements, got \(ValueReader.describe(item))")
                }
                for (index, child) in items.enumerated() {
                    children.append(try element(child, at: keyPath.appending(index), depth: depth + 1))
                    childKeys.append(key)
                }
            default:
                let compiled = try CompiledValue.compile(item, path: keyPath, document: document)
                if let literal = compiled.literal { try check(literal, kind, at: keyPath) }
                properties[key] = compiled
            }
        }
        if repetition != nil, path.components.count < 2 || !isInChildren(path) {
            throw document.error(
                at: path.appending("each"), "\"each\" repeats an element inside a \"children\" array",
                hint: "move this element into a stack's children (or a table's rows)")
        }
        // Where the element is, as errors name a place: what warnings about its nodes print.
        return ElementTemplate(
            type: type, path: path, origin: document.error(at: path, "").place, condition: condition,
            repetition: repetition, properties: properties, slots: slots, children: children, childKeys: childKeys)
    }

    /// Checks a literal value against its kind, descending into object and array kinds.
    func check(_ value: JSONValue, _ kind: ValueKind, at path: JSONPath) throws(TemplateError) {
        switch kind {
        case .object(let fields):
            guard case .object(let object) = value else {
                throw document.error(at: path, "expected \(kind.expectation), got \(ValueReader.describe(value))")
            }
            for (key, item) in object.entries {
                guard let field = fields[key] else {
                    throw document.keyError(
                        at: path.appending(key), "unknown key \"\(key)\"",
                        hint: "known keys: \(fields.keys.sorted().joined(separator: ", "))")
                }
                if !isBound(item) { try check(item, field, at: path.appending(key)) }
            }
        case .array(let element):
            guard case .array(let items) = value else {
                throw document.error(at: path, "expected \(kind.expectation), got \(ValueReader.describe(value))")
            }
            for (index, item) in items.enumerated() where !isBound(item) {
                try check(item, element, at: path.appending(index))
            }
        default:
            if let problem = ValueReader.problem(value, kind) { throw document.error(at: path, problem) }
        }
    }

    private func isBound(_ value: JSONValue) -> Bool {
        value.stringValue?.contains("{{") ?? false
    }

    private func isInChildren(_ path: JSONPath) -> Bool {
        guard let parent = path.parent, case .key(let key)? = parent.components.last else { return false }
        return key == "children" || key == "rows"
    }
}
