/// How strongly a constraint wants to hold, Auto Layout's `UILayoutPriority`: `required` (1000) must hold; any
/// lower priority is optional, and **a higher priority strictly dominates every lower one**.
///
/// The solver keeps one objective per distinct priority and compares them lexicographically (Cassowary's
/// symbolic weights, Badros, Borning & Stuckey §2), not as a weighted sum: no number of violated 250 constraints
/// outweighs one point of a 251 constraint. Within one priority, the violations (in points) add up.
///
/// Priorities of layout constraints are 1–1000; values below 1 are left for tie-breaking pulls that must lose
/// against every user constraint (the constraints spec uses them). Example: `ConstraintPriority(500)` sits between
/// ``low`` and ``high``; `ConstraintPriority(2000)` is clamped to ``required``.
public struct ConstraintPriority: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The priority, in `lowest.value...1000`.
    public let value: Double

    /// The smallest priority the solver accepts.
    public static let lowest = ConstraintPriority(clamping: 0.000_001)
    /// 1000: the constraint must hold; a conflict among required constraints is an error.
    public static let required = ConstraintPriority(clamping: 1000)
    /// 750, Auto Layout's `defaultHigh` (and the default compression resistance).
    public static let high = ConstraintPriority(clamping: 750)
    /// 250, Auto Layout's `defaultLow` (and the default content hugging).
    public static let low = ConstraintPriority(clamping: 250)

    /// Creates a priority, clamping `value` into `lowest...1000` (NaN becomes ``lowest``).
    public init(_ value: Double) {
        self.init(clamping: value)
    }

    /// Creates a priority only when `value` is a layout priority, 1–1000 (for checking untrusted input).
    public init?(validating value: Double) {
        guard value.isFinite, value >= 1, value <= 1000 else { return nil }
        self.value = value
    }

    private init(clamping value: Double) {
        self.value = value.isNaN ? 0.000_001 : Swift.min(1000, Swift.max(0.000_001, value))
    }

    /// Whether the constraint must hold (priority 1000).
    public var isRequired: Bool { value >= 1000 }

    /// Orders by value.
    public static func < (lhs: ConstraintPriority, rhs: ConstraintPriority) -> Bool { lhs.value < rhs.value }

    /// `required`, `high`, `low`, or the number.
    public var description: String {
        switch value {
        case 1000: "required"
        case 750: "high"
        case 250: "low"
        default: formatNumber(value)
        }
    }
}
