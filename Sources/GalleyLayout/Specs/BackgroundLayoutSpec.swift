/// Lays a background behind its child, at the child's size (Texture's `ASBackgroundLayoutSpec`); its own style
/// size is ignored.
///
/// The child gets the spec's range and parent size; the background gets exactly the child's size but the
/// **spec's** parent size, so its percentages resolve against the spec's parent. The background is emitted
/// first. Example: a 40×20 child in a 200-wide parent gives a background with `width = 50%` still 40×20
/// (the exact range wins).
public final class BackgroundLayoutSpec: LayoutSpec {
    /// Creates a background spec.
    public init(child: any LayoutElement, background: any LayoutElement) {
        super.init(children: [child, background])
    }

    /// The element the spec sizes to.
    public var child: any LayoutElement { children[0] }
    /// The element drawn behind the child.
    public var background: any LayoutElement { children[1] }

    /// Texture's background spec does not apply its own style (ASBackgroundLayoutSpec.mm:45-47).
    public override func layoutThatFits(_ constrainedSize: SizeRange, parentSize: Size) -> Layout {
        let childLayout = child.layoutThatFits(constrainedSize, parentSize: parentSize)
        childLayout.position = .zero
        let size = childLayout.size
        let backgroundLayout = background.layoutThatFits(SizeRange(exactly: size), parentSize: parentSize)
        backgroundLayout.position = .zero
        return Layout(element: self, size: size, sublayouts: [backgroundLayout, childLayout])
    }

    /// Lays out with `parentSize = constrainedSize.max`.
    public override func calculateLayoutThatFits(_ constrainedSize: SizeRange) -> Layout {
        layoutThatFits(constrainedSize, parentSize: constrainedSize.max)
    }
}
