/// Where a constraint of a constraints layout comes from, to name it in a conflict.
public enum ConstraintSource: Hashable, Sendable {
    /// The spec's `constraints[index]`.
    case constraint(Int)
    /// The spec's own size must stay inside the range it is laid out in.
    case parentSize(LayoutAxis)
    /// A child's width or height cannot be negative.
    case nonNegativeSize(child: Int, axis: LayoutAxis)
    /// A child's compression resistance (size ≥ measured size).
    case compressionResistance(child: Int, axis: LayoutAxis)
    /// A child's content hugging (size ≤ measured size).
    case contentHugging(child: Int, axis: LayoutAxis)
}

/// Required constraints of a constraints layout that cannot all hold.
///
/// As Auto Layout does, the layout still happens: ``broken`` (the constraint whose addition failed) is left
/// out. ``conflicting`` is a minimal set (dropping any one member resolves it; see ``UnsatisfiableConstraints``)
/// and ``descriptions`` says what each member is, with the children's debug names.
public struct ConstraintConflict: Hashable, Sendable, CustomStringConvertible {
    /// The constraint left out.
    public let broken: ConstraintSource
    /// A minimal conflicting set, in the order the spec adds constraints (``broken`` last).
    public let conflicting: [ConstraintSource]
    /// One description per member of ``conflicting``.
    public let descriptions: [String]

    /// Creates a conflict report.
    public init(broken: ConstraintSource, conflicting: [ConstraintSource], descriptions: [String]) {
        self.broken = broken
        self.conflicting = conflicting
        self.descriptions = descriptions
    }

    /// `required constraints conflict: a; b; c (the last is left out)`.
    public var description: String {
        "required constraints conflict: " + descriptions.joined(separator: "; ") + " (the last is left out)"
    }
}

/// A constraint that breaks the anchor rules (see ``LayoutConstraint``); the layout leaves it out.
public struct InvalidLayoutConstraint: Hashable, Sendable, CustomStringConvertible {
    /// Its index in the spec's `constraints`.
    public let index: Int
    /// Why it is invalid and what to write instead.
    public let reason: String

    /// Creates the report.
    public init(index: Int, reason: String) {
        self.index = index
        self.reason = reason
    }

    /// `constraints[3]: …`.
    public var description: String { "constraints[\(index)]: \(reason)" }
}

/// Why a constraints layout is not well defined (``ConstraintLayoutSpec/validate(in:)``).
public enum ConstraintLayoutError: Error, Sendable, CustomStringConvertible {
    /// A constraint breaks the anchor rules.
    case invalidConstraint(InvalidLayoutConstraint)
    /// Required constraints conflict.
    case unsatisfiable(ConstraintConflict)
    /// The solver stopped (pivot limit, cancellation); the message says which.
    case solverFailure(String)

    /// The report's sentence.
    public var description: String {
        switch self {
        case .invalidConstraint(let report): report.description
        case .unsatisfiable(let conflict): conflict.description
        case .solverFailure(let message): message
        }
    }
}

/// A solved constraints layout: the spec's size and each child's frame, before children are laid out.
public struct ConstraintLayoutSolution: Sendable {
    /// The spec's size (inside the range it was solved in).
    public let size: Size
    /// Each child's frame in the spec's coordinates, unrounded, in `children` order.
    public let frames: [Rect]
    /// Required constraints that were left out because they conflicted.
    public let conflicts: [ConstraintConflict]
    /// Constraints left out because they break the anchor rules.
    public let invalidConstraints: [InvalidLayoutConstraint]
    /// A solver failure that stopped the solve (the frames are then zero); nil normally.
    public let failure: String?
}

/// A child whose frame the constraints do not determine: the anchors that could move without violating any
/// constraint more (Auto Layout's `hasAmbiguousLayout`).
public struct AmbiguousAnchors: Hashable, Sendable, CustomStringConvertible {
    /// The child's index.
    public let child: Int
    /// The child's debug name, if it has one.
    public let name: String?
    /// The undetermined anchors, among left, right, centerX, width, top, bottom, centerY, height.
    public let anchors: [LayoutAttribute]

    /// Creates the report.
    public init(child: Int, name: String?, anchors: [LayoutAttribute]) {
        self.child = child
        self.name = name
        self.anchors = anchors
    }

    /// `child[1] (blue): left, right, centerX are ambiguous`.
    public var description: String {
        let label = name.map { "child[\(child)] (\($0))" } ?? "child[\(child)]"
        return "\(label): " + anchors.map(\.rawValue).joined(separator: ", ") + " ambiguous"
    }
}
