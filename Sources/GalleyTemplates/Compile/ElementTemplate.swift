/// One element of a template, compiled: its type, bound-or-literal properties, element slots
/// (`child`, `overlay`, …), children, and its `if` / `each` directives.
final class ElementTemplate: Sendable {
    struct Repetition: Sendable {
        let items: CompiledValue
        /// The name the current item goes by inside the repeated element (`as`, default "item").
        let name: String
    }

    let type: String
    let path: JSONPath
    let condition: CompiledValue?
    let repetition: Repetition?
    let properties: [String: CompiledValue]
    let slots: [String: ElementTemplate]
    let children: [ElementTemplate]
    /// The key each child came from (`children`, or a table's `header` / `rows`, a row's `cells`).
    let childKeys: [String]

    init(
        type: String, path: JSONPath, condition: CompiledValue?, repetition: Repetition?,
        properties: [String: CompiledValue], slots: [String: ElementTemplate], children: [ElementTemplate],
        childKeys: [String] = []
    ) {
        self.type = type
        self.path = path
        self.condition = condition
        self.repetition = repetition
        self.properties = properties
        self.slots = slots
        self.children = children
        self.childKeys = childKeys.count == children.count ? childKeys : children.map { _ in "children" }
    }
}
