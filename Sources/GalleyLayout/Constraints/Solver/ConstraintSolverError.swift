/// Required constraints that cannot all hold: the one whose addition failed, and a minimal set that conflicts.
///
/// ``conflicting`` is irreducible: the constraints in it cannot hold together, and dropping any one of them
/// leaves a satisfiable set. It is found with a deletion filter over the required constraints already in the
/// solver, in the order they were added (each is dropped in turn when the rest still conflict), so the same
/// system always reports the same set. It always contains ``constraint``.
///
/// Example: with `x >= 10` and `y >= x + 5` in the solver, adding `y <= 12` fails with all three conflicting;
/// an unrelated `z == 1` is not in the set.
public struct UnsatisfiableConstraints: Sendable, CustomStringConvertible {
    /// The required constraint that could not be added.
    public let constraint: LinearConstraint
    /// A minimal conflicting set of required constraints, in the order they were added (``constraint`` last).
    public let conflicting: [LinearConstraint]

    /// Creates the report.
    public init(constraint: LinearConstraint, conflicting: [LinearConstraint]) {
        self.constraint = constraint
        self.conflicting = conflicting
    }

    /// `these required constraints conflict: a; b; c`.
    public var description: String {
        "these required constraints conflict: " + conflicting.map(\.description).joined(separator: "; ")
    }
}

/// Why a ``ConstraintSolver`` operation failed.
///
/// After ``pivotLimitExceeded(operation:pivots:)``, ``cancelled`` and ``internalInconsistency(_:)`` the solver is
/// reset (empty); after every other error it is unchanged.
public enum ConstraintSolverError: Error, Sendable, CustomStringConvertible {
    /// A required constraint conflicts with the required constraints already added.
    case unsatisfiable(UnsatisfiableConstraints)
    /// The constraint object is already in the solver.
    case duplicateConstraint(LinearConstraint)
    /// The constraint object is not in the solver.
    case unknownConstraint(LinearConstraint)
    /// A coefficient or the constant of the constraint is NaN or infinite.
    case nonFiniteConstraint(LinearConstraint)
    /// The variable already has an edit constraint.
    case duplicateEditVariable(ConstraintVariable)
    /// The variable has no edit constraint (add one with ``ConstraintSolver/addEditVariable(_:priority:)``).
    case unknownEditVariable(ConstraintVariable)
    /// Edit constraints must be optional: a required edit could make a suggested value unsatisfiable.
    case requiredEditVariable(ConstraintVariable)
    /// A suggested value that is NaN or infinite.
    case nonFiniteSuggestion(ConstraintVariable, Double)
    /// More simplex pivots than the bound for one operation (a guard against degenerate input; Bland's rule
    /// already prevents cycling).
    case pivotLimitExceeded(operation: String, pivots: Int)
    /// ``LayoutCancellation`` asked the render this solve serves to stop.
    case cancelled
    /// The tableau reached a state the algorithm rules out (an unbounded objective); a bug, reported not trapped.
    case internalInconsistency(String)

    /// A sentence naming the constraints or variables involved.
    public var description: String {
        switch self {
        case .unsatisfiable(let report): report.description
        case .duplicateConstraint(let constraint): "the constraint \(constraint) was already added"
        case .unknownConstraint(let constraint): "the constraint \(constraint) is not in the solver"
        case .nonFiniteConstraint(let constraint): "the constraint \(constraint) has a NaN or infinite number"
        case .duplicateEditVariable(let variable): "\(variable) is already an edit variable"
        case .unknownEditVariable(let variable): "\(variable) is not an edit variable; add it with addEditVariable"
        case .requiredEditVariable(let variable): "the edit variable \(variable) must have a priority below required"
        case .nonFiniteSuggestion(let variable, let value): "suggested value \(value) for \(variable) is not finite"
        case .pivotLimitExceeded(let operation, let pivots):
            "\(operation) stopped after \(pivots) simplex pivots (the solver was reset)"
        case .cancelled: "constraint solving cancelled (the solver was reset)"
        case .internalInconsistency(let message): "constraint solver: \(message) (the solver was reset)"
        }
    }
}
