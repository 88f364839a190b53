import GalleyText

/// One key of the template format — an element's key, a top-level key, or a field of an object
/// value — with everything known about it: its value kind (with its range), its default, the
/// elements it applies to, whether it may be bound, its meaning, an example, and how it is applied.
///
/// The property table (``PropertyTable``) is the one list of keys: the compiler validates
/// literals against it and compiles them into typed values once, the builder converts bound values
/// per record with the same kind, the appliers are its ``apply`` closures, and
/// `Templates/galley.schema.json` and `docs/reference.md` are generated from it.
final class Property: Sendable {
    /// How a key's value reaches what is built.
    enum Applier: Sendable {
        /// Sets fields of the element's parameters (style, layer, spec options, content); literal
        /// values are applied once, when the template is compiled.
        case parameters(@Sendable (inout ElementParameters, PropertyValue) -> Void)
        /// Sets a field of the element's text style, over its base style (the default style, or
        /// the one `style` names) — and of named styles, spans and tables of contents.
        case textStyle(@Sendable (inout TextStyle, PropertyValue) -> Void)
        /// Sets what the element and its subtree are set in (`lang`, `dir`: its ``ScopeParameters``,
        /// and the node's own fields); applied before the element's `if` and its other bound keys,
        /// which format in it.
        case scope(@Sendable (inout ElementParameters, PropertyValue) -> Void)
        /// `type`, `if`, `each`, `as`: read by the compiler.
        case directive
        /// An element slot (`child`) or list (`children`): compiled as elements.
        case slot
        /// A top-level key or an object's field: read where its object is read.
        case field
    }

    /// Where a key applies.
    enum Scope: Sendable {
        /// Keys of elements of these types.
        case elements(ElementSet)
        /// A top-level key.
        case document
        /// A field of an object value.
        case field
    }

    let name: String
    let kind: PropertyKind
    /// The value an absent key stands for, as a template would write it; nil when absent means
    /// "none" (no `id`, no `src`).
    let defaultValue: JSONValue?
    let scope: Scope
    /// Whether the value may be a binding (`"{{…}}"`), converted per record.
    let bindable: Bool
    /// One line saying what the key does.
    let meaning: String
    /// An example value, as a template writes it.
    let example: JSONValue?
    let apply: Applier
    /// Whether the element (or object) must have the key.
    let required: Bool
    /// Keys this one cannot be given with, and why (`size` and `child` on a box).
    let conflicts: [Conflict]
    /// Where in a template the key means something; elsewhere it is an error, not ignored.
    enum Placement: Sendable {
        case anywhere
        /// On an element in a table row's `cells` or a table's `header` (`colSpan`).
        case tableCell
        /// In a table cell, or on a `row`, a `table` or a horizontal `stack` (`verticalAlign`).
        case tableCellOrRow
        /// In a paged document (`keepTogether`, `orphans`; the top-level `header`).
        case pagedDocument
        /// In a canvas (the top-level `size`, `fit`).
        case canvas
    }

    let placement: Placement
    /// A key this one means nothing without (`bookmarkLevel` needs `bookmark`).
    let requires: String?
    /// Whether the node of an element with this key must outlive pagination (spans across rows,
    /// pagination hints, anchors, outline entries), so a table keeps its rows' nodes.
    let keepsNode: Bool

    /// A key that cannot be given with this one.
    struct Conflict: Sendable {
        let key: String
        /// What to do instead, for the error and the reference.
        let reason: String
    }

    init(
        _ name: String, _ kind: PropertyKind, default defaultValue: JSONValue? = nil, on scope: Scope,
        bindable: Bool = true, required: Bool = false, conflicts: [Conflict] = [], keepsNode: Bool = false,
        placement: Placement = .anywhere, requires: String? = nil, _ meaning: String, example: JSONValue? = nil,
        apply: Applier
    ) {
        self.keepsNode = keepsNode
        self.placement = placement
        self.requires = requires
        self.name = name
        self.kind = kind
        self.defaultValue = defaultValue
        self.scope = scope
        self.bindable = bindable && kind.shape != .element && kind.shape != .elements
        self.required = required
        self.conflicts = conflicts
        self.meaning = meaning
        self.example = example
        self.apply = apply
    }

    /// An element key.
    convenience init(
        _ name: String, _ kind: PropertyKind, default defaultValue: JSONValue? = nil, on elements: ElementSet,
        bindable: Bool = true, required: Bool = false, conflicts: [Conflict] = [], keepsNode: Bool = false,
        placement: Placement = .anywhere, requires: String? = nil, _ meaning: String, example: JSONValue? = nil,
        apply: Applier
    ) {
        self.init(
            name, kind, default: defaultValue, on: .elements(elements), bindable: bindable, required: required,
            conflicts: conflicts, keepsNode: keepsNode, placement: placement, requires: requires, meaning,
            example: example, apply: apply)
    }

    /// A field of an object value (`border.width`) or a top-level key.
    static func field(
        _ name: String, _ kind: PropertyKind, default defaultValue: JSONValue? = nil, bindable: Bool = true,
        required: Bool = false, _ meaning: String, example: JSONValue? = nil
    ) -> Property {
        Property(
            name, kind, default: defaultValue, on: .field, bindable: bindable, required: required, meaning,
            example: example, apply: .field)
    }

    /// The JSON Schema of the key's value: its kind's, a binding besides where it may be bound,
    /// and its meaning, default and example as annotations.
    var schema: JSONValue {
        var schema = kind.schema
        let acceptsAnyString = schema == ["type": "string"]
        if bindable, !acceptsAnyString, kind.shape == .value || kind.shape == .array || kind.shape == .map {
            schema = ["anyOf": [schema, ["$ref": "#/$defs/binding"]]]
        } else if bindable, kind.shape == .object {
            schema = ["anyOf": [schema, ["$ref": "#/$defs/binding"]]]
        }
        var annotations: JSONObject = ["description": .string(meaning)]
        if let defaultValue { annotations["default"] = defaultValue }
        if let example { annotations["examples"] = [example] }
        return schema.merging(annotations)
    }
}
