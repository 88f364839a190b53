import Galley
import GalleyLayout

/// Builds the `constraints` element: its children placed by Auto Layout constraints (`ConstraintLayoutNode`).
///
/// ```json5
/// { type: "constraints", children: [{type: "box", id: "yellow"}, {type: "box", id: "blue"}],
///   constraints: [
///     {first: "blue.leading", second: "yellow.trailing", constant: "{{spacing}}"},
///     {first: "blue.trailing", second: "parent.trailing", constant: -20, priority: "{{bluePriority}}"},
///   ] }
/// ```
///
/// An anchor is `NAME.ATTRIBUTE`: NAME is `parent` (the element itself) or a child's `id`, ATTRIBUTE one of
/// `LayoutAttribute` (left, right, top, bottom, leading, trailing, width, height, centerX, centerY,
/// firstBaseline). Every value may be bound, so two records are two layouts. Everything is checked here, per
/// record, with the constraint's JSON path: unknown keys, anchors naming no child (or several), priorities
/// outside 1–1000, and the anchor rules (`ConstraintLayoutSpec.invalidConstraints()`). Conflicts depend on the
/// size the element gets, so they are found when it is laid out and drawn (`ConstraintLayoutNode`).
struct ConstraintsBuilder {
    let site: BuildSite

    static let priorityNames: [String: ConstraintPriority] = ["required": .required, "high": .high, "low": .low]
    static let priority = ValueKind.numberOr(1...1000, ["high", "low", "required"])

    /// The keys of one constraint.
    static let constraintKeys: [String: ValueKind] = [
        "first": .string, "relation": .choice(ConstraintRelation.allCases.map(\.rawValue)), "second": .string,
        "multiplier": .number,
        "constant": .number, "priority": priority, "id": .string,
    ]
    /// The keys of one `intrinsicSize` entry: a priority for both axes, or `[horizontal, vertical]`.
    static let intrinsicKeys: [String: ValueKind] = [
        "child": .string, "contentHugging": .any, "compressionResistance": .any, "enabled": .bool,
    ]
    /// The element's own keys (`ElementSchema`).
    static let keys: [String: ValueKind] = [
        "children": .elements, "constraints": .array(.object(constraintKeys)),
        "intrinsicSize": .array(.object(intrinsicKeys)),
        "layoutDirection": .choice(LayoutDirection.allCases.map(\.rawValue)),
    ]

    func make(_ p: BoundProperties, children: [any LayoutElement]) throws(TemplateError) -> ConstraintLayoutNode {
        let names = Self.names(of: children)
        let constraints = try objects(p, "constraints").map { (path, object) throws(TemplateError) in
            try constraint(object, at: path, names: names)
        }
        var intrinsic: [Int: IntrinsicSizePriorities] = [:]
        for (path, object) in try objects(p, "intrinsicSize") {
            let (index, priorities) = try intrinsicSize(object, at: path, names: names)
            intrinsic[index] = priorities
        }
        let spec = ConstraintLayoutSpec(
            children: children, constraints: constraints,
            layoutDirection: try p.choice("layoutDirection", LayoutDirection.self) ?? .leftToRight,
            intrinsicSizePriorities: intrinsic)
        if let invalid = spec.invalidConstraints().first {
            throw site.error(at: p.element.path.appending("constraints").appending(invalid.index), invalid.reason)
        }
        return ConstraintLayoutNode(spec: spec)
    }

    /// Each child's indices by name: its `id` (a node's identifier, a spec's debug name).
    static func names(of children: [any LayoutElement]) -> [String: [Int]] {
        var names: [String: [Int]] = [:]
        for (index, child) in children.enumerated() {
            if let name = (child as? DisplayNode)?.identifier ?? child.debugName {
                names[name, default: []].append(index)
            }
        }
        return names
    }

    /// The objects of an array key with their paths, their keys checked.
    private func objects(_ p: BoundProperties, _ key: String) throws(TemplateError) -> [(JSONPath, JSONObject)] {
        guard let value = p[key], value != .null else { return [] }
        let path = p.element.path.appending(key)
        guard case .array(let items) = value else {
            throw site.error(at: path, "expected an array of objects, got \(ValueReader.describe(value))")
        }
        let fields = key == "constraints" ? Self.constraintKeys : Self.intrinsicKeys
        var result: [(JSONPath, JSONObject)] = []
        for (index, item) in items.enumerated() {
            let itemPath = path.appending(index)
            guard case .object(let object) = item else {
                throw site.error(at: itemPath, "expected an object, got \(ValueReader.describe(item))")
            }
            for (name, value) in object.entries {
                guard let kind = fields[name] else {
                    throw site.error(
                        at: itemPath.appending(name), "unknown key \"\(name)\"",
                        hint: "known keys: \(fields.keys.sorted().joined(separator: ", "))")
                }
                if value != .null, let problem = ValueReader.problem(value, kind) {
                    throw site.error(at: itemPath.appending(name), problem)
                }
            }
            result.append((itemPath, object))
        }
        return result
    }

    private func constraint(_ object: JSONObject, at path: JSONPath, names: [String: [Int]]) throws(TemplateError)
        -> LayoutConstraint
    {
        guard let firstText = object["first"]?.stringValue else {
            throw site.error(
                at: path, "a constraint needs \"first\"", hint: "an anchor such as \"blue.leading\" or \"card.width\"")
        }
        let first = try anchor(firstText, at: path.appending("first"), names: names)
        let second = try object["second"]?.stringValue.map { (text) throws(TemplateError) in
            try anchor(text, at: path.appending("second"), names: names)
        }
        return LayoutConstraint(
            first, object["relation"]?.stringValue.flatMap(ConstraintRelation.init(rawValue:)) ?? .equal, second,
            multiplier: object["multiplier"].flatMap(ValueReader.number) ?? 1,
            constant: object["constant"].flatMap(ValueReader.number) ?? 0,
            priority: try object["priority"].map { (value) throws(TemplateError) in
                try priority(value, at: path.appending("priority"))
            } ?? .required,
            identifier: object["id"]?.stringValue)
    }

    /// `NAME.ATTRIBUTE`.
    private func anchor(_ text: String, at path: JSONPath, names: [String: [Int]]) throws(TemplateError)
        -> LayoutAnchor
    {
        let attributes = LayoutAttribute.allCases.map(\.rawValue).joined(separator: ", ")
        guard let dot = text.lastIndex(of: "."),
            let attribute = LayoutAttribute(rawValue: String(text[text.index(after: dot)...]))
        else {
            throw site.error(
                at: path, "\"\(text)\" is not an anchor",
                hint: "write NAME.ATTRIBUTE: NAME is parent or a child's id, ATTRIBUTE one of \(attributes)")
        }
        let name = String(text[..<dot])
        if name == "parent" { return .parent(attribute) }
        guard let indices = names[name] else {
            let known = (["parent"] + names.keys.sorted()).joined(separator: ", ")
            throw site.error(
                at: path, "no child is named \"\(name)\"", hint: "anchors name parent or a child's id: \(known)")
        }
        guard indices.count == 1 else {
            throw site.error(
                at: path, "\(indices.count) children are named \"\(name)\"",
                hint: "give each child a unique id, e.g. \"card-{{item.id}}\"")
        }
        return .child(indices[0], attribute)
    }

    /// A priority: 1–1000, or required, high, low.
    private func priority(_ value: JSONValue, at path: JSONPath) throws(TemplateError) -> ConstraintPriority {
        if let name = value.stringValue, let priority = Self.priorityNames[name] { return priority }
        if let number = ValueReader.number(value), let priority = ConstraintPriority(validating: number) {
            return priority
        }
        throw site.error(at: path, "expected \(Self.priority.expectation), got \(ValueReader.describe(value))")
    }

    /// One priority for both axes, or `[horizontal, vertical]`.
    private func axisPriorities(_ value: JSONValue?, at path: JSONPath, default fallback: AxisPriorities)
        throws(TemplateError) -> AxisPriorities
    {
        guard let value, value != .null else { return fallback }
        if case .array(let items) = value {
            guard items.count == 2 else {
                throw site.error(at: path, "expected a priority or [horizontal, vertical], got \(items.count) values")
            }
            return AxisPriorities(
                horizontal: try priority(items[0], at: path.appending(0)),
                vertical: try priority(items[1], at: path.appending(1)))
        }
        let both = try priority(value, at: path)
        return AxisPriorities(horizontal: both, vertical: both)
    }

    private func intrinsicSize(_ object: JSONObject, at path: JSONPath, names: [String: [Int]]) throws(TemplateError)
        -> (Int, IntrinsicSizePriorities)
    {
        guard let name = object["child"]?.stringValue else {
            throw site.error(at: path, "an intrinsicSize entry needs \"child\"", hint: "the child's id")
        }
        let anchor = try anchor(name + ".width", at: path.appending("child"), names: names)
        guard case .child(let index) = anchor.item else {
            throw site.error(at: path.appending("child"), "\"child\" names a child, not the parent")
        }
        let defaults = IntrinsicSizePriorities()
        return (
            index,
            IntrinsicSizePriorities(
                contentHugging: try axisPriorities(
                    object["contentHugging"], at: path.appending("contentHugging"), default: defaults.contentHugging),
                compressionResistance: try axisPriorities(
                    object["compressionResistance"], at: path.appending("compressionResistance"),
                    default: defaults.compressionResistance),
                usesIntrinsicSize: object["enabled"]?.boolValue ?? true)
        )
    }
}
