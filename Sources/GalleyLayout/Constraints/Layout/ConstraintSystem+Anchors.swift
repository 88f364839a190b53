// Anchors as linear expressions, the anchor rules, and descriptions of constraints in the spec's terms.

extension ConstraintSystem {
    /// An anchor's value. In right-to-left layouts leading and trailing are measured from the spec's right edge
    /// (`leading = parent.width − right`), so every constant between them flips direction and the layout
    /// mirrors, as in Auto Layout.
    func expression(for anchor: LayoutAnchor) -> LinearExpression {
        let rtl = direction == .rightToLeft
        guard case .child(let index) = anchor.item else {
            switch anchor.attribute {
            case .left, .top, .leading, .firstBaseline: return LinearExpression(0)
            case .right, .trailing, .width: return LinearExpression(parentWidth)
            case .bottom, .height: return LinearExpression(parentHeight)
            case .centerX: return parentWidth * 0.5
            case .centerY: return parentHeight * 0.5
            }
        }
        let frame = frames[index]
        switch anchor.attribute {
        case .left: return LinearExpression(frame.x)
        case .right: return frame.x + frame.width
        case .width: return LinearExpression(frame.width)
        case .centerX: return frame.x + frame.width * 0.5
        case .top: return LinearExpression(frame.y)
        case .bottom: return frame.y + frame.height
        case .height: return LinearExpression(frame.height)
        case .centerY: return frame.y + frame.height * 0.5
        case .firstBaseline: return frame.y + ascenders[index]
        case .leading: return rtl ? parentWidth - frame.x - frame.width : LinearExpression(frame.x)
        case .trailing: return rtl ? parentWidth - frame.x : frame.x + frame.width
        }
    }

    /// The constraint as `first (relation) multiplier × second + constant`. It carries no label: conflicts are
    /// described from their sources (`describe(_: ConstraintSource)`), and the variables' names
    /// (`yellow.x`) already make the expression readable.
    func linear(_ constraint: LayoutConstraint) -> LinearConstraint {
        var rhs = LinearExpression(constraint.constant)
        if let second = constraint.second { rhs = expression(for: second) * constraint.multiplier + rhs }
        return LinearConstraint(
            expression(for: constraint.first), constraint.relation, rhs, priority: constraint.priority)
    }

    /// Why a constraint breaks Auto Layout's anchor rules, or nil when it is valid.
    func problem(with constraint: LayoutConstraint) -> String? {
        guard constraint.multiplier.isFinite, constraint.constant.isFinite else {
            return "the multiplier and the constant must be finite numbers"
        }
        for anchor in [constraint.first] + (constraint.second.map { [$0] } ?? []) {
            if case .child(let index) = anchor.item, !children.indices.contains(index) {
                return "\(anchor) names child \(index), but the spec has \(children.count) children"
            }
            if anchor.item == .parent, anchor.attribute == .firstBaseline {
                return "the spec itself has no first baseline; relate the child's firstBaseline to another child's"
            }
        }
        let first = constraint.first.attribute
        guard let second = constraint.second?.attribute else {
            if first.isSize { return nil }
            return "a location (\(first.rawValue)) needs a second anchor, e.g. "
                + "\(constraint.first) == parent.\(first.rawValue) + \(formatNumber(constraint.constant))"
        }
        if first.isSize != second.isSize {
            return "\(first.rawValue) and \(second.rawValue): a size relates only to a size, a location to a location"
        }
        if first.isSize { return nil }
        if first.axis != second.axis {
            return "\(first.rawValue) and \(second.rawValue) lie on different axes"
        }
        let physical: Set<LayoutAttribute> = [.left, .right]
        if (first.isDirectional && physical.contains(second)) || (second.isDirectional && physical.contains(first)) {
            return "leading/trailing cannot be related to left/right; use leading/trailing on both sides"
        }
        if constraint.multiplier == 0 {
            return "a location with a multiplier of 0 is a constant position; relate it to parent.\(second.rawValue)"
        }
        return nil
    }

    /// A constraint with the children's debug names: `blue.leading == yellow.trailing + 10 @high`.
    func describe(_ constraint: LayoutConstraint) -> String {
        let text = constraint.description { item in
            guard case .child(let index) = item, children.indices.contains(index) else {
                return LayoutAnchor.defaultName(item)
            }
            return Self.name(of: children[index], index)
        }
        return constraint.identifier.map { "\($0): \(text)" } ?? text
    }

    /// What a source is, in the spec's terms.
    func describe(_ source: ConstraintSource) -> String {
        func child(_ index: Int) -> String { Self.name(of: children[index], index) }
        func dimension(_ axis: LayoutAxis) -> String { axis == .horizontal ? "width" : "height" }
        switch source {
        case .constraint(let index):
            return "constraints[\(index)] \(describe(layoutConstraints[index]))"
        case .parentSize(let axis):
            let low = axis == .horizontal ? range.min.width : range.min.height
            let high = axis == .horizontal ? range.max.width : range.max.height
            return "the spec's \(dimension(axis)) within \(formatNumber(low))…\(formatNumber(high)) (its size range)"
        case .nonNegativeSize(let index, let axis):
            return "\(child(index)).\(dimension(axis)) >= 0"
        case .compressionResistance(let index, let axis):
            let measured = intrinsicValue(index, axis)
            let priority = intrinsicPriorities[index].compressionResistance[axis]
            return "\(child(index)).\(dimension(axis)) >= \(measured) @\(priority) (compression resistance)"
        case .contentHugging(let index, let axis):
            let measured = intrinsicValue(index, axis)
            let priority = intrinsicPriorities[index].contentHugging[axis]
            return "\(child(index)).\(dimension(axis)) <= \(measured) @\(priority) (content hugging)"
        }
    }

    private func intrinsicValue(_ index: Int, _ axis: LayoutAxis) -> String {
        guard let size = intrinsic[index] else { return "?" }
        return formatNumber(axis == .horizontal ? size.width : size.height)
    }
}
