/// How the two sides of a ``LinearConstraint`` relate.
public enum ConstraintRelation: String, Sendable, CaseIterable {
    /// `lhs == rhs`.
    case equal = "=="
    /// `lhs <= rhs`.
    case lessThanOrEqual = "<="
    /// `lhs >= rhs`.
    case greaterThanOrEqual = ">="
}

/// A linear equation or inequality with a priority: `lhs (==|<=|>=) rhs @ priority`.
///
/// Immutable, and identified by the object: the solver removes exactly the constraint object it was given, and
/// an error names the constraint objects that conflict. Written with the operators on expressions and variables,
/// `x + 10 <= y` is required; `(x == 100).withPriority(.low)` is optional.
///
/// Example: `LinearConstraint(x + 10, .lessThanOrEqual, LinearExpression(y), priority: .high)` keeps `x` at least
/// 10 points left of `y` unless a required constraint says otherwise.
public final class LinearConstraint: Hashable, Sendable, CustomStringConvertible {
    /// `lhs − rhs`; the constraint is `expression (relation) 0`.
    public let expression: LinearExpression
    /// The relation between the two sides.
    public let relation: ConstraintRelation
    /// How strongly the constraint wants to hold.
    public let priority: ConstraintPriority
    /// A name for error messages (the constraints spec labels each constraint with the anchors it relates).
    public let label: String?

    /// Creates `lhs (relation) rhs` at a priority.
    public init(
        _ lhs: LinearExpression, _ relation: ConstraintRelation, _ rhs: LinearExpression,
        priority: ConstraintPriority = .required, label: String? = nil
    ) {
        self.expression = lhs - rhs
        self.relation = relation
        self.priority = priority
        self.label = label
    }

    /// The same relation at another priority (a new constraint object).
    public func withPriority(_ priority: ConstraintPriority) -> LinearConstraint {
        LinearConstraint(expression, relation, LinearExpression(), priority: priority, label: label)
    }

    /// The same constraint with a label for messages (a new constraint object).
    public func labeled(_ label: String) -> LinearConstraint {
        LinearConstraint(expression, relation, LinearExpression(), priority: priority, label: label)
    }

    /// Whether both sides are the same constraint object.
    public static func == (lhs: LinearConstraint, rhs: LinearConstraint) -> Bool { lhs === rhs }

    /// Hashes the object identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// The label, or `expression (relation) 0`, followed by ` @priority` when not required.
    public var description: String {
        let body = label ?? "\(expression) \(relation.rawValue) 0"
        return priority.isRequired ? body : "\(body) @\(priority)"
    }
}

// `==`, `<=` and `>=` between expressions, variables and numbers build required constraints. There is no
// `variable == variable` (ConstraintVariable is Equatable, so that spelling compares identities); write
// `x == y + 0` or `LinearExpression(x) == y`.
extension LinearExpression {
    /// `lhs == rhs`, required.
    public static func == (lhs: LinearExpression, rhs: LinearExpression) -> LinearConstraint {
        LinearConstraint(lhs, .equal, rhs)
    }

    /// `lhs <= rhs`, required.
    public static func <= (lhs: LinearExpression, rhs: LinearExpression) -> LinearConstraint {
        LinearConstraint(lhs, .lessThanOrEqual, rhs)
    }

    /// `lhs >= rhs`, required.
    public static func >= (lhs: LinearExpression, rhs: LinearExpression) -> LinearConstraint {
        LinearConstraint(lhs, .greaterThanOrEqual, rhs)
    }

    /// `lhs == rhs`, required.
    public static func == (lhs: LinearExpression, rhs: Double) -> LinearConstraint { lhs == LinearExpression(rhs) }

    /// `lhs <= rhs`, required.
    public static func <= (lhs: LinearExpression, rhs: Double) -> LinearConstraint { lhs <= LinearExpression(rhs) }

    /// `lhs >= rhs`, required.
    public static func >= (lhs: LinearExpression, rhs: Double) -> LinearConstraint { lhs >= LinearExpression(rhs) }

    /// `lhs == rhs`, required.
    public static func == (lhs: LinearExpression, rhs: ConstraintVariable) -> LinearConstraint {
        lhs == LinearExpression(rhs)
    }

    /// `lhs <= rhs`, required.
    public static func <= (lhs: LinearExpression, rhs: ConstraintVariable) -> LinearConstraint {
        lhs <= LinearExpression(rhs)
    }

    /// `lhs >= rhs`, required.
    public static func >= (lhs: LinearExpression, rhs: ConstraintVariable) -> LinearConstraint {
        lhs >= LinearExpression(rhs)
    }
}

extension ConstraintVariable {
    /// `lhs == rhs`, required.
    public static func == (lhs: ConstraintVariable, rhs: Double) -> LinearConstraint {
        LinearExpression(lhs) == LinearExpression(rhs)
    }

    /// `lhs <= rhs`, required.
    public static func <= (lhs: ConstraintVariable, rhs: Double) -> LinearConstraint {
        LinearExpression(lhs) <= LinearExpression(rhs)
    }

    /// `lhs >= rhs`, required.
    public static func >= (lhs: ConstraintVariable, rhs: Double) -> LinearConstraint {
        LinearExpression(lhs) >= LinearExpression(rhs)
    }

    /// `lhs == rhs`, required.
    public static func == (lhs: ConstraintVariable, rhs: LinearExpression) -> LinearConstraint {
        LinearExpression(lhs) == rhs
    }

    /// `lhs <= rhs`, required.
    public static func <= (lhs: ConstraintVariable, rhs: LinearExpression) -> LinearConstraint {
        LinearExpression(lhs) <= rhs
    }

    /// `lhs >= rhs`, required.
    public static func >= (lhs: ConstraintVariable, rhs: LinearExpression) -> LinearConstraint {
        LinearExpression(lhs) >= rhs
    }

    /// `lhs <= rhs`, required.
    public static func <= (lhs: ConstraintVariable, rhs: ConstraintVariable) -> LinearConstraint {
        LinearExpression(lhs) <= LinearExpression(rhs)
    }

    /// `lhs >= rhs`, required.
    public static func >= (lhs: ConstraintVariable, rhs: ConstraintVariable) -> LinearConstraint {
        LinearExpression(lhs) >= LinearExpression(rhs)
    }
}
