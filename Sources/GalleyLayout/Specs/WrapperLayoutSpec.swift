/// Wraps one element so a spec's style applies around it (Texture's `ASWrapperLayoutSpec`).
///
/// Each child gets the full constrained size with `parentSize = cs.max`, and sits at 0,0. The size is
/// `MAX(cs.min, child)` per axis and is **not** clamped to the max. Example: in `[50×50 … 100×100]` a 30×120
/// child gives a 50×120 wrapper.
public final class WrapperLayoutSpec: LayoutSpec {
    /// Creates a wrapper around one child.
    public init(child: any LayoutElement) {
        super.init(children: [child])
    }

    /// Creates a wrapper around several children, all at 0,0.
    public init(wrapping children: [any LayoutElement]) {
        super.init(children: children)
    }

    /// Lays each child out in `constrainedSize` at 0,0 and takes the largest extent, at least `cs.min`.
    public override func calculateLayoutThatFits(_ constrainedSize: SizeRange) -> Layout {
        var size = constrainedSize.min
        var sublayouts: [Layout] = []
        sublayouts.reserveCapacity(children.count)
        for child in children {
            let sublayout = child.layoutThatFits(constrainedSize, parentSize: constrainedSize.max)
            sublayout.position = .zero
            size.width = fMax(size.width, sublayout.size.width)
            size.height = fMax(size.height, sublayout.size.height)
            sublayouts.append(sublayout)
        }
        return Layout(element: self, size: size, sublayouts: sublayouts)
    }
}
