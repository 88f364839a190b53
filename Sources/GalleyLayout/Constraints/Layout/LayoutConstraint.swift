/// One relation of a constraints layout, Auto Layout's `NSLayoutConstraint`:
/// `first (==|<=|>=) multiplier × second + constant`, at a priority.
///
/// Without a `second` anchor the constraint is `first (relation) constant`, which only sizes may use
/// (`width == 100`). Locations relate to locations on the same axis (leading/trailing never to left/right),
/// sizes to sizes on either axis (`width == 2 × height`). The spec reports a constraint that breaks these rules
/// as invalid and lays out without it.
///
/// Example: `LayoutConstraint(.child(1, .leading), .equal, .child(0, .trailing), constant: 10)` puts child 1
/// 10 points after child 0 in reading order.
public struct LayoutConstraint: Hashable, Sendable, CustomStringConvertible {
    /// The constrained anchor.
    public var first: LayoutAnchor
    /// How `first` relates to the right-hand side.
    public var relation: ConstraintRelation
    /// The anchor on the right-hand side, or nil for a constant size.
    public var second: LayoutAnchor?
    /// The factor on `second` (1 unless set).
    public var multiplier: Double
    /// The points added to the right-hand side.
    public var constant: Double
    /// How strongly the relation wants to hold (required, high, low, or 1–1000).
    public var priority: ConstraintPriority
    /// A name for messages (a template element's constraint id).
    public var identifier: String?

    /// Creates `first (relation) multiplier × second + constant @ priority`.
    public init(
        _ first: LayoutAnchor, _ relation: ConstraintRelation, _ second: LayoutAnchor? = nil,
        multiplier: Double = 1, constant: Double = 0, priority: ConstraintPriority = .required,
        identifier: String? = nil
    ) {
        self.first = first
        self.relation = relation
        self.second = second
        self.multiplier = multiplier
        self.constant = constant
        self.priority = priority
        self.identifier = identifier
    }

    /// `child[1].leading == child[0].trailing + 10 @high`.
    public var description: String { description(naming: LayoutAnchor.defaultName) }

    /// The description with items named by `name` (`blue.leading` instead of `child[1].leading`).
    func description(naming name: (LayoutItem) -> String) -> String {
        func anchor(_ anchor: LayoutAnchor) -> String { "\(name(anchor.item)).\(anchor.attribute.rawValue)" }
        var rhs = ""
        if let second {
            rhs = multiplier == 1 ? anchor(second) : "\(formatNumber(multiplier)) × \(anchor(second))"
            if constant != 0 { rhs += " \(constant < 0 ? "-" : "+") \(formatNumber(abs(constant)))" }
        } else {
            rhs = formatNumber(constant)
        }
        let text = "\(anchor(first)) \(relation.rawValue) \(rhs)"
        return priority.isRequired ? text : "\(text) @\(priority)"
    }
}

/// A child's priorities on each axis.
public struct AxisPriorities: Hashable, Sendable {
    /// The priority along x (widths).
    public var horizontal: ConstraintPriority
    /// The priority along y (heights).
    public var vertical: ConstraintPriority

    /// Creates axis priorities.
    public init(horizontal: ConstraintPriority, vertical: ConstraintPriority) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// The priority on one axis.
    public subscript(axis: LayoutAxis) -> ConstraintPriority { axis == .horizontal ? horizontal : vertical }
}

/// How a child's measured size enters a constraints layout (Auto Layout's intrinsic content size).
///
/// The child is measured unconstrained (`layoutThatFits` with `0…∞` on both axes: a text's one-line size, a
/// box's explicit size, 0 for an empty node). On each axis that size `s` becomes `size <= s` at the content-
/// hugging priority (resist growing) and `size >= s` at the compression-resistance priority (resist
/// shrinking). A text laid out narrower than its one-line width is measured again at that width and its height
/// constraints follow the wrapped height.
public struct IntrinsicSizePriorities: Hashable, Sendable {
    /// Resistance to growing past the measured size (default 250, low, on both axes).
    public var contentHugging: AxisPriorities
    /// Resistance to shrinking below the measured size (default 750, high, on both axes).
    public var compressionResistance: AxisPriorities
    /// Whether the measured size enters at all (false: a plain view without content, sized by constraints only).
    public var usesIntrinsicSize: Bool

    /// Creates the priorities; the defaults are Auto Layout's.
    public init(
        contentHugging: AxisPriorities = AxisPriorities(horizontal: .low, vertical: .low),
        compressionResistance: AxisPriorities = AxisPriorities(horizontal: .high, vertical: .high),
        usesIntrinsicSize: Bool = true
    ) {
        self.contentHugging = contentHugging
        self.compressionResistance = compressionResistance
        self.usesIntrinsicSize = usesIntrinsicSize
    }
}
