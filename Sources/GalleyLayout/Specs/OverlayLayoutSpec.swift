/// Lays an overlay over its child, at the child's size (Texture's `ASOverlayLayoutSpec`); its own style size is
/// ignored.
///
/// The child gets the spec's range and parent size; the overlay gets exactly the child's size, with the child's
/// size as its parent size. Both sit at 0,0 and the overlay is drawn last. Example: a 40×20 child makes a
/// plain-node overlay 40×20 and a 40×20 spec.
public final class OverlayLayoutSpec: LayoutSpec {
    /// Creates an overlay spec.
    public init(child: any LayoutElement, overlay: any LayoutElement) {
        super.init(children: [child, overlay])
    }

    /// The element the spec sizes to.
    public var child: any LayoutElement { children[0] }
    /// The element drawn over the child.
    public var overlay: any LayoutElement { children[1] }

    /// Texture's overlay spec does not apply its own style (ASOverlayLayoutSpec.mm:67-69).
    public override func layoutThatFits(_ constrainedSize: SizeRange, parentSize: Size) -> Layout {
        let childLayout = child.layoutThatFits(constrainedSize, parentSize: parentSize)
        childLayout.position = .zero
        let size = childLayout.size
        let overlayLayout = overlay.layoutThatFits(SizeRange(exactly: size), parentSize: size)
        overlayLayout.position = .zero
        return Layout(element: self, size: size, sublayouts: [childLayout, overlayLayout])
    }

    /// Lays out with `parentSize = constrainedSize.max`.
    public override func calculateLayoutThatFits(_ constrainedSize: SizeRange) -> Layout {
        layoutThatFits(constrainedSize, parentSize: constrainedSize.max)
    }
}
