/// A position along one axis inside a ``RelativeLayoutSpec``.
public enum RelativePosition: String, Sendable, CaseIterable {
    /// The child keeps the spec's min on this axis and sits at the start.
    case none
    /// At the start.
    case start
    /// Centred (rounded half away from zero).
    case center
    /// At the end.
    case end

    var proportion: Double {
        switch self {
        case .none, .start: return 0
        case .center: return 0.5
        case .end: return 1
        }
    }
}

/// How a relative or center spec sizes itself: the max of its range, or the child's size on some axes.
public enum SizingOptions: String, Sendable, CaseIterable {
    /// Take `cs.max` (or the child's size where the max is not finite).
    case `default`
    /// Shrink the width to the child's width.
    case minimumX
    /// Shrink the height to the child's height.
    case minimumY
    /// Shrink both axes to the child.
    case minimumXY

    var minimumWidth: Bool { self == .minimumX || self == .minimumXY }
    var minimumHeight: Bool { self == .minimumY || self == .minimumXY }
}

/// Positions its child at the start, centre or end of each axis (Texture's `ASRelativeLayoutSpec`).
///
/// The child's min is 0 on an axis with a position other than none (else `cs.min`), its max `cs.max`, its
/// parent size `cs.max` where that is valid. The size is `Clamp(cs, cs.max, or the child where max is not
/// finite)`; minimum sizing takes `min(size, child)` and clamps again. The child sits at
/// `roundPx((size − child) × {0, .5, 1})`. Example: end/end in exactly 100×100 with a 30×21 box puts it at
/// 70,79; center puts it at `round(35) = 35`, `round(39.5) = 40`.
public class RelativeLayoutSpec: LayoutSpec {
    /// The horizontal position.
    public var horizontalPosition: RelativePosition
    /// The vertical position.
    public var verticalPosition: RelativePosition
    /// How the spec sizes itself.
    public var sizing: SizingOptions

    /// Creates a relative spec around one child.
    public init(
        horizontalPosition: RelativePosition = .none, verticalPosition: RelativePosition = .none,
        sizing: SizingOptions = .default, child: any LayoutElement
    ) {
        self.horizontalPosition = horizontalPosition
        self.verticalPosition = verticalPosition
        self.sizing = sizing
        super.init(children: [child])
    }

    /// Lays the child out and positions it (ASRelativeLayoutSpec.mm:53-102).
    public override func calculateLayoutThatFits(_ cs: SizeRange) -> Layout {
        guard let child = children.first else { return Layout(element: self, size: cs.min) }
        var size = Size(
            width: isValidForSize(cs.max.width) ? cs.max.width : .nan,
            height: isValidForSize(cs.max.height) ? cs.max.height : .nan)
        let childMin = Size(
            width: horizontalPosition != .none ? 0 : cs.min.width,
            height: verticalPosition != .none ? 0 : cs.min.height)
        let sublayout = child.layoutThatFits(SizeRange(min: childMin, max: cs.max), parentSize: size)
        let childSize = sublayout.size
        size = cs.clamp(
            Size(
                width: size.width.isFinite ? size.width : childSize.width,
                height: size.height.isFinite ? size.height : childSize.height))
        size = cs.clamp(
            Size(
                width: fMin(size.width, sizing.minimumWidth ? childSize.width : size.width),
                height: fMin(size.height, sizing.minimumHeight ? childSize.height : size.height)))
        sublayout.position = Point(
            x: roundPx((size.width - childSize.width) * horizontalPosition.proportion),
            y: roundPx((size.height - childSize.height) * verticalPosition.proportion))
        return Layout(element: self, size: size, sublayouts: [sublayout])
    }
}
