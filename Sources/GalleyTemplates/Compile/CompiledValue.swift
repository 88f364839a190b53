/// A template value with its `{{…}}` bindings compiled once, evaluated per record.
indirect enum CompiledValue: Sendable {
    case literal(JSONValue)
    case bound(BindingTemplate)
    case array([CompiledValue])
    case object([(key: String, value: CompiledValue)])

    /// Compiles a parsed value; `path` names it in syntax errors.
    static func compile(_ value: JSONValue, path: JSONPath, document: ParsedDocument) throws(TemplateError)
        -> CompiledValue
    {
        switch value {
        case .string(let text):
            guard text.contains("{{") else { return .literal(value) }
            do {
                let template = try BindingTemplate(parsing: text)
                return template.isLiteral ? .literal(value) : .bound(template)
            } catch {
                throw document.error(
                    at: path, "bad binding at column \(error.column): \(error.message)",
                    hint: error.hint ?? "bindings look like {{path | filter:arg}}")
            }
        case .array(let items):
            var compiled = [CompiledValue]()
            var isLiteral = true
            for (index, item) in items.enumerated() {
                let c = try compile(item, path: path.appending(index), document: document)
                if case .literal = c {} else { isLiteral = false }
                compiled.append(c)
            }
            return isLiteral ? .literal(value) : .array(compiled)
        case .object(let object):
            var compiled = [(key: String, value: CompiledValue)]()
            var isLiteral = true
            for (key, item) in object.entries {
                let c = try compile(item, path: path.appending(key), document: document)
                if case .literal = c {} else { isLiteral = false }
                compiled.append((key, c))
            }
            return isLiteral ? .literal(value) : .object(compiled)
        default:
            return .literal(value)
        }
    }

    /// The literal value, when nothing in it is bound.
    var literal: JSONValue? {
        if case .literal(let value) = self { return value }
        return nil
    }

    /// The value for one record.
    func evaluate(in scope: BindingScope) throws(BindingError) -> JSONValue {
        switch self {
        case .literal(let value):
            return value
        case .bound(let template):
            return try template.evaluate(in: scope)
        case .array(let items):
            var values = [JSONValue]()
            values.reserveCapacity(items.count)
            for item in items { values.append(try item.evaluate(in: scope)) }
            return .array(values)
        case .object(let entries):
            var values = [(key: String, value: JSONValue)]()
            values.reserveCapacity(entries.count)
            for (key, item) in entries { values.append((key, try item.evaluate(in: scope))) }
            return .object(JSONObject(values))
        }
    }
}
