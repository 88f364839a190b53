/// A named edge, centre, size or baseline of a child or of the constraints spec itself (Auto Layout's
/// `NSLayoutConstraint.Attribute`).
public enum LayoutAttribute: String, Sendable, CaseIterable {
    /// The left edge.
    case left
    /// The right edge.
    case right
    /// The top edge.
    case top
    /// The bottom edge.
    case bottom
    /// The edge where reading starts: left in ``LayoutDirection/leftToRight``, right in `rightToLeft`.
    case leading
    /// The edge where reading ends: right in ``LayoutDirection/leftToRight``, left in `rightToLeft`.
    case trailing
    /// The width.
    case width
    /// The height.
    case height
    /// The horizontal centre.
    case centerX
    /// The vertical centre.
    case centerY
    /// The first line's baseline: the top plus the child's measured ascender (`style.ascender`).
    case firstBaseline

    /// The axis the attribute measures along.
    public var axis: LayoutAxis {
        switch self {
        case .left, .right, .leading, .trailing, .width, .centerX: .horizontal
        case .top, .bottom, .height, .centerY, .firstBaseline: .vertical
        }
    }

    /// Whether it is a size (width, height) rather than a location.
    public var isSize: Bool { self == .width || self == .height }

    /// Whether it is leading or trailing (which Auto Layout never relates to left or right).
    public var isDirectional: Bool { self == .leading || self == .trailing }
}

/// Horizontal or vertical.
public enum LayoutAxis: String, Sendable, CaseIterable {
    /// Along x.
    case horizontal
    /// Along y.
    case vertical
}

/// Whose attribute a constraint names: the spec itself or one of its children (by index into `children`).
public enum LayoutItem: Hashable, Sendable {
    /// The constraints spec: its left and top are 0, its width and height are its own size.
    case parent
    /// `children[index]`.
    case child(Int)
}

/// An attribute of an item, one side of a ``LayoutConstraint``.
public struct LayoutAnchor: Hashable, Sendable, CustomStringConvertible {
    /// Whose attribute.
    public var item: LayoutItem
    /// Which attribute.
    public var attribute: LayoutAttribute

    /// Creates an anchor.
    public init(_ item: LayoutItem, _ attribute: LayoutAttribute) {
        self.item = item
        self.attribute = attribute
    }

    /// An attribute of the spec itself.
    public static func parent(_ attribute: LayoutAttribute) -> LayoutAnchor { LayoutAnchor(.parent, attribute) }

    /// An attribute of `children[index]`.
    public static func child(_ index: Int, _ attribute: LayoutAttribute) -> LayoutAnchor {
        LayoutAnchor(.child(index), attribute)
    }

    /// `parent.width`, `child[2].leading`.
    public var description: String { "\(Self.defaultName(item)).\(attribute.rawValue)" }

    /// `parent` or `child[2]`.
    static func defaultName(_ item: LayoutItem) -> String {
        switch item {
        case .parent: "parent"
        case .child(let index): "child[\(index)]"
        }
    }
}
