/// Insets its child by edge insets (Texture's `ASInsetLayoutSpec`); its own style size is ignored.
///
/// The child gets `min = MAX(0, cs.min − insets)` (0 on an axis with an infinite inset) and
/// `max = MAX(0, cs.max − finite insets)`. The size is `Clamp(cs, child + insets)`; an infinite inset makes that
/// axis `cs.max`. An infinite left places the child against the right inset; infinite left and right centre it,
/// rounding the right inset: `right = roundPx((max − childW) / 2)`.
///
/// Example: insets `{10, inf, 10, inf}` in exactly 100×50 around a 31×10 box: the size is 100×50,
/// `right = round(34.5) = 35`, so the box sits at `x = 100 − (35 + 31) = 34`, `y = 10`.
public final class InsetLayoutSpec: LayoutSpec {
    /// The insets; any of them may be infinite.
    public var insets: EdgeInsets

    /// Creates an inset spec around one child.
    public init(insets: EdgeInsets, child: any LayoutElement) {
        self.insets = insets
        super.init(children: [child])
    }

    /// Texture's inset spec does not apply its own style (ASInsetLayoutSpec.mm:68-70).
    public override func layoutThatFits(_ constrainedSize: SizeRange, parentSize: Size) -> Layout {
        layout(constrainedSize, parentSize: parentSize)
    }

    /// Lays out with the given range and an undefined parent size.
    public override func calculateLayoutThatFits(_ constrainedSize: SizeRange) -> Layout {
        layout(constrainedSize, parentSize: .undefined)
    }

    private func layout(_ cs: SizeRange, parentSize: Size) -> Layout {
        guard let child = children.first else { return Layout(element: self, size: cs.min) }
        let insetsX = finiteOrZero(insets.left) + finiteOrZero(insets.right)
        let insetsY = finiteOrZero(insets.top) + finiteOrZero(insets.bottom)
        let minWidth = insets.left.isInfinite || insets.right.isInfinite ? 0 : cs.min.width
        let minHeight = insets.top.isInfinite || insets.bottom.isInfinite ? 0 : cs.min.height
        let childRange = SizeRange(
            min: Size(width: fMax(0, minWidth - insetsX), height: fMax(0, minHeight - insetsY)),
            max: Size(width: fMax(0, cs.max.width - insetsX), height: fMax(0, cs.max.height - insetsY)))
        let childParent = Size(
            width: fMax(0, parentSize.width - insetsX), height: fMax(0, parentSize.height - insetsY))
        let sublayout = child.layoutThatFits(childRange, parentSize: childParent)
        let childSize = sublayout.size
        let size = cs.clamp(
            Size(
                width: finite(childSize.width + insets.left + insets.right, or: cs.max.width),
                height: finite(childSize.height + insets.top + insets.bottom, or: cs.max.height)))
        let right = finite(insets.right, or: roundPx((cs.max.width - childSize.width) / 2))
        let bottom = finite(insets.bottom, or: roundPx((cs.max.height - childSize.height) / 2))
        sublayout.position = Point(
            x: finite(insets.left, or: cs.max.width - (right + childSize.width)),
            y: finite(insets.top, or: cs.max.height - (bottom + childSize.height)))
        return Layout(element: self, size: size, sublayouts: [sublayout])
    }

    private func finiteOrZero(_ value: Double) -> Double { value.isInfinite ? 0 : value }
    private func finite(_ value: Double, or fallback: Double) -> Double { value.isInfinite ? fallback : value }
}
