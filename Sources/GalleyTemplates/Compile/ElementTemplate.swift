import Galley
import GalleyText

/// One element of a template, compiled: its type, its literal keys already applied to typed
/// parameters, its bound keys (converted per record with the same kinds), its element slots and
/// children, and its `if` / `each` directives. Binding a record reads no key by name.
final class ElementTemplate: Sendable {
    struct Repetition: Sendable {
        let items: CompiledValue
        /// The name the current item goes by inside the repeated element (`as`, default "item").
        let name: String
    }

    /// A key whose value has bindings: the property, the compiled value, and where it is.
    struct BoundProperty: Sendable {
        let property: Property
        let value: CompiledValue
        let path: JSONPath
    }

    /// A TEXTSTYLE key's setter and its value, applied over the element's base style.
    typealias TextStyleSetter = (apply: @Sendable (inout TextStyle, PropertyValue) -> Void, value: PropertyValue)

    /// The element slots (`child`, `overlay`, `background`, `corner`).
    struct Slots: Sendable {
        var child: ElementTemplate?
        var overlay: ElementTemplate?
        var background: ElementTemplate?
        var corner: ElementTemplate?
    }

    /// Which list a child came from.
    enum ChildList: Sendable {
        case children, header, rows, cells
    }

    let kind: ElementKind
    let path: JSONPath
    /// `FILE:LINE:COL: at PATH`, the element's place as errors and warnings name it.
    let originDescription: String
    let condition: CompiledValue?
    let repetition: Repetition?
    /// The type's defaults with the literal keys applied, once.
    let parameters: ElementParameters
    /// The literal TEXTSTYLE keys, in the order written.
    let textStyle: [TextStyleSetter]
    /// The keys with bindings, in the order written (but `lang` and `dir`).
    let bound: [BoundProperty]
    /// `lang` and `dir` when bound: evaluated first, so the element's `if` and other keys format in them.
    let scopeBound: [BoundProperty]
    /// Whether the element sets `lang` or `dir` (literal or bound): its subtree has its own scope.
    let setsScope: Bool
    /// Whether a key that needs the node after pagination is set (`Property/keepsNode`).
    let keepsNode: Bool
    let slots: Slots
    let children: [ElementTemplate]
    /// The list each child came from.
    let childLists: [ChildList]

    /// The type's name, as written.
    var type: String { kind.rawValue }

    init(
        kind: ElementKind, path: JSONPath, origin: String, condition: CompiledValue?, repetition: Repetition?,
        parameters: ElementParameters, textStyle: [TextStyleSetter], bound: [BoundProperty],
        scopeBound: [BoundProperty], keepsNode: Bool, slots: Slots, children: [ElementTemplate],
        childLists: [ChildList]
    ) {
        self.kind = kind
        self.path = path
        originDescription = origin
        self.condition = condition
        self.repetition = repetition
        self.parameters = parameters
        self.textStyle = textStyle
        self.bound = bound
        self.scopeBound = scopeBound
        setsScope = !scopeBound.isEmpty || !parameters.scope.isEmpty
        self.keepsNode = keepsNode
        self.slots = slots
        self.children = children
        self.childLists = childLists
    }
}

/// A node built from an element names it by the element's file location and JSON path in
/// warnings.
extension ElementTemplate: NodeOrigin {}
