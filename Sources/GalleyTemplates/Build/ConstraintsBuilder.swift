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
/// firstBaseline). Every value may be bound, so two records are two layouts. The keys and their values are
/// checked by the property table (``ConstraintProperties``); what needs the children is checked here, per
/// record, with the constraint's JSON path: anchors naming no child (or several), and the anchor rules
/// (`ConstraintLayoutSpec.invalidConstraints()`). Conflicts depend on the size the element gets, so they are
/// found when it is laid out and drawn (`ConstraintLayoutNode`).
struct ConstraintsBuilder {
    let site: BuildSite

    func make(_ element: ElementTemplate, _ p: ElementParameters, children: [any LayoutElement])
        throws(TemplateError) -> ConstraintLayoutNode
    {
        let names = Self.names(of: children)
        let values = p.constraints
        var constraints: [LayoutConstraint] = []
        for (index, template) in values.constraints.enumerated() {
            let path = element.path.appending("constraints").appending(index)
            constraints.append(try constraint(template, at: path, names: names))
        }
        var intrinsic: [Int: IntrinsicSizePriorities] = [:]
        for (index, entry) in values.intrinsicSizes.enumerated() {
            let path = element.path.appending("intrinsicSize").appending(index).appending("child")
            let anchor = try anchor(entry.child + ".width", at: path, names: names)
            guard case .child(let child) = anchor.item else {
                throw site.error(at: path, "\"child\" names a child, not the parent")
            }
            intrinsic[child] = entry.priorities
        }
        let spec = ConstraintLayoutSpec(
            children: children, constraints: constraints, layoutDirection: values.layoutDirection,
            intrinsicSizePriorities: intrinsic)
        if let invalid = spec.invalidConstraints().first {
            throw site.error(at: element.path.appending("constraints").appending(invalid.index), invalid.reason)
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

    private func constraint(_ template: ConstraintTemplate, at path: JSONPath, names: [String: [Int]])
        throws(TemplateError) -> LayoutConstraint
    {
        let first = try anchor(template.first, at: path.appending("first"), names: names)
        let second = try template.second.map { (text) throws(TemplateError) in
            try anchor(text, at: path.appending("second"), names: names)
        }
        return LayoutConstraint(
            first, template.relation, second, multiplier: template.multiplier, constant: template.constant,
            priority: template.priority, identifier: template.identifier)
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
            let known = ["parent"] + names.keys.sorted()
            throw site.error(
                at: path, "no child is named \"\(name)\"",
                hint: Suggestion.hint(for: name, in: known) ?? "anchors name parent or a child's id")
        }
        guard indices.count == 1 else {
            throw site.error(
                at: path, "\(indices.count) children are named \"\(name)\"",
                hint: "give each child a unique id, e.g. \"card-{{item.id}}\"")
        }
        return .child(indices[0], attribute)
    }
}
