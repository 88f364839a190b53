/// How an ``AbsoluteLayoutSpec`` sizes itself.
public enum AbsoluteSizing: String, Sendable, CaseIterable {
    /// Take `cs.max` where it is finite, else fit the children.
    case `default`
    /// Fit the children on both axes: `max(cs.min, max(position + size))`.
    case sizeToFit
}

/// Places children at their `style.layoutPosition` (Texture's `ASAbsoluteLayoutSpec`).
///
/// Each child gets `ResolveAutoSize(style, size, {0, cs.max − position})`, so **even an explicit width is
/// clipped to the room left after its position**; `size` is `cs.max` where valid, else NaN (also the children's
/// parent size). Example: in exactly 100×100, a child at (80, 0) with width 50 is 20 wide.
public final class AbsoluteLayoutSpec: LayoutSpec {
    /// How the spec sizes itself.
    public var sizing: AbsoluteSizing

    /// Creates an absolute spec.
    public init(sizing: AbsoluteSizing = .default, children: [any LayoutElement]) {
        self.sizing = sizing
        super.init(children: children)
    }

    /// Lays out each child at its position (ASAbsoluteLayoutSpec.mm:59-100).
    public override func calculateLayoutThatFits(_ cs: SizeRange) -> Layout {
        var size = Size(
            width: isValidForSize(cs.max.width) ? cs.max.width : .nan,
            height: isValidForSize(cs.max.height) ? cs.max.height : .nan)
        var sublayouts: [Layout] = []
        sublayouts.reserveCapacity(children.count)
        for child in children {
            let childStyle = child.style
            let position = childStyle.layoutPosition
            let autoMax = Size(width: cs.max.width - position.x, height: cs.max.height - position.y)
            let childRange = childStyle.resolvedRange(
                parentSize: size, autoRange: SizeRange(min: .zero, max: autoMax))
            let sublayout = child.layoutThatFits(childRange, parentSize: size)
            sublayout.position = position
            sublayouts.append(sublayout)
        }
        if sizing == .sizeToFit || size.width.isNaN {
            size.width = cs.min.width
            for sublayout in sublayouts {
                size.width = fMax(size.width, sublayout.position.x + sublayout.size.width)
            }
        }
        if sizing == .sizeToFit || size.height.isNaN {
            size.height = cs.min.height
            for sublayout in sublayouts {
                size.height = fMax(size.height, sublayout.position.y + sublayout.size.height)
            }
        }
        return Layout(element: self, size: cs.clamp(size), sublayouts: sublayouts)
    }
}
