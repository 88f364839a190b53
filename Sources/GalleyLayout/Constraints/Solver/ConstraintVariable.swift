/// An unknown of a linear constraint system: a position, a size, or any value a ``ConstraintSolver`` solves for.
///
/// A variable is identified by the object, not by its name, so two variables named `x` are different unknowns.
/// It holds no value itself: read it from the solver (``ConstraintSolver/value(of:)``), which lets one variable
/// take part in several independent solvers and lets variables cross threads (they are immutable).
///
/// Example: `let x = ConstraintVariable("x")`, then `try solver.add(x >= 10)` and `solver.value(of: x) == 10`.
public final class ConstraintVariable: Hashable, Sendable, CustomStringConvertible {
    /// A name for descriptions and error messages; not used to identify the variable.
    public let name: String

    /// Creates a variable with a name for messages.
    public init(_ name: String = "") {
        self.name = name
    }

    /// Whether both sides are the same variable object.
    public static func == (lhs: ConstraintVariable, rhs: ConstraintVariable) -> Bool { lhs === rhs }

    /// Hashes the object identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// The name, or `v` when the variable has none.
    public var description: String { name.isEmpty ? "v" : name }
}
