/// The corner of the child a ``CornerLayoutSpec`` attaches its corner element to.
public enum CornerLocation: String, Sendable, CaseIterable {
    /// The child's top-left corner.
    case topLeft
    /// The child's top-right corner.
    case topRight
    /// The child's bottom-left corner.
    case bottomLeft
    /// The child's bottom-right corner.
    case bottomRight
}

/// Centres a corner element (a badge) on one corner of its child (Texture's `ASCornerLayoutSpec`).
///
/// Both the child and the corner get the full `cs` (so a min range inflates the badge) with parent size `cs.max`
/// where valid. The corner's origin is the child's corner − cornerSize/2 + offset. Without `wrapsCorner` the
/// size is the child's (not clamped); with it, the union of both frames, clamped, and both frames shift by the
/// union's origin. Example: a 100×50 child and a 20×20 badge top-right: the badge is at (90, −10); wrapped, the
/// spec is 110×60 with the child at (0, 10) and the badge at (90, 0).
public final class CornerLayoutSpec: LayoutSpec {
    /// The corner the badge attaches to.
    public var location: CornerLocation
    /// Extra displacement of the badge.
    public var offset: Point
    /// Whether the spec's size includes the badge.
    public var wrapsCorner: Bool

    /// Creates a corner spec.
    public init(
        child: any LayoutElement, corner: any LayoutElement, location: CornerLocation,
        offset: Point = .zero, wrapsCorner: Bool = false
    ) {
        self.location = location
        self.offset = offset
        self.wrapsCorner = wrapsCorner
        super.init(children: [child, corner])
    }

    /// The element the badge attaches to.
    public var child: any LayoutElement { children[0] }
    /// The badge.
    public var corner: any LayoutElement { children[1] }

    /// Lays out the child and the badge (ASCornerLayoutSpec.mm:94-149).
    public override func calculateLayoutThatFits(_ cs: SizeRange) -> Layout {
        let parentSize = Size(
            width: isValidForSize(cs.max.width) ? cs.max.width : .nan,
            height: isValidForSize(cs.max.height) ? cs.max.height : .nan)
        let childLayout = child.layoutThatFits(cs, parentSize: parentSize)
        let cornerLayout = corner.layoutThatFits(cs, parentSize: parentSize)
        let childSize = childLayout.size
        let cornerSize = cornerLayout.size
        let proportion: (x: Double, y: Double)
        switch location {
        case .topLeft: proportion = (0, 0)
        case .topRight: proportion = (1, 0)
        case .bottomLeft: proportion = (0, 1)
        case .bottomRight: proportion = (1, 1)
        }
        var childFrame = Rect(origin: .zero, size: childSize)
        var cornerFrame = Rect(
            origin: Point(
                x: childSize.width * proportion.x - cornerSize.width / 2 + offset.x,
                y: childSize.height * proportion.y - cornerSize.height / 2 + offset.y),
            size: cornerSize)
        var size = childSize
        if wrapsCorner {
            var union = childFrame.union(cornerFrame)
            union.size = cs.clamp(union.size)
            childFrame.origin = Point(x: -union.minX, y: -union.minY)
            cornerFrame.origin = Point(x: cornerFrame.minX - union.minX, y: cornerFrame.minY - union.minY)
            size = union.size
        }
        childLayout.position = childFrame.origin
        cornerLayout.position = cornerFrame.origin
        return Layout(element: self, size: size, sublayouts: [childLayout, cornerLayout])
    }
}
