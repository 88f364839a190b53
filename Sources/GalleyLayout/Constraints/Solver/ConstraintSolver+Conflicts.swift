// The minimal conflicting set behind an unsatisfiable addition. kiwisolver reports only the constraint whose
// addition failed; a layout author also needs the constraints it fights with, so a deletion filter (Chinneck's
// IIS search) shrinks the required constraints to an irreducible infeasible subset.

extension ConstraintSolver {
    /// The error for a required constraint that cannot be added, with its minimal conflicting set.
    func unsatisfiable(_ constraint: LinearConstraint) -> ConstraintSolverError {
        guard reportsConflictSets else {
            return .unsatisfiable(UnsatisfiableConstraints(constraint: constraint, conflicting: [constraint]))
        }
        let required = records.values.filter { $0.constraint.priority.isRequired }.sorted { $0.order < $1.order }
            .map(\.constraint)
        let conflicting = Self.minimalConflict(among: Self.connected(to: constraint, in: required), adding: constraint)
        return .unsatisfiable(UnsatisfiableConstraints(constraint: constraint, conflicting: conflicting))
    }

    /// The constraints that share variables with `constraint`, directly or through each other, in their order.
    /// Only they can take part in its conflict: the rest were satisfiable and touch none of its variables.
    static func connected(to constraint: LinearConstraint, in constraints: [LinearConstraint]) -> [LinearConstraint] {
        var reached = Set(constraint.expression.terms.map(\.variable))
        var included = [Bool](repeating: false, count: constraints.count)
        var grew = true
        while grew {
            grew = false
            for (index, other) in constraints.enumerated() where !included[index] {
                let variables = other.expression.terms.map(\.variable)
                if variables.contains(where: reached.contains) {
                    included[index] = true
                    reached.formUnion(variables)
                    grew = true
                }
            }
        }
        return constraints.indices.filter { included[$0] }.map { constraints[$0] }
    }

    /// The deletion filter: in order, each earlier constraint is dropped when the ones still kept conflict with
    /// `failing` without it. What is left conflicts, and dropping any one of it would not (irreducible).
    ///
    /// Two things make it fast without changing its answer. The kept constraints live in one scratch solver and
    /// are removed and re-added incrementally (a check is one trial addition of `failing`). And a block of
    /// constraints is tried at once: if the rest still conflict, the one-at-a-time filter would have dropped
    /// each of them too (a superset of a conflicting set conflicts); only when it does not is the block halved.
    /// A conflict of k constraints among n costs about k·log(n/k) checks instead of n.
    static func minimalConflict(among earlier: [LinearConstraint], adding failing: LinearConstraint)
        -> [LinearConstraint]
    {
        let scratch = ConstraintSolver()
        scratch.reportsConflictSets = false
        var kept = [Bool](repeating: true, count: earlier.count)
        do {
            for constraint in earlier { try scratch.add(constraint) }
        } catch {
            // Cannot happen (they were satisfiable together); fall back to reporting them all.
            return earlier + [failing]
        }
        // A solver failure (pivot limit, cancellation) resets the scratch solver; the answer is then everything.
        var failed = false
        /// Whether the constraints in the scratch solver conflict with `failing`.
        func conflicts() -> Bool {
            do {
                try scratch.add(failing)
                try scratch.remove(failing)
                return false
            } catch {
                if case .unsatisfiable = error { return true }
                failed = true
                return false
            }
        }
        func filter(_ block: ArraySlice<Int>) {
            guard !block.isEmpty, !failed else { return }
            do {
                for index in block { try scratch.remove(earlier[index]) }
                if conflicts() {
                    for index in block { kept[index] = false }
                    return
                }
                for index in block { try scratch.add(earlier[index]) }
            } catch {
                failed = true
                return
            }
            guard block.count > 1 else { return }
            let middle = block.startIndex + block.count / 2
            filter(block[block.startIndex..<middle])
            filter(block[middle..<block.endIndex])
        }
        filter(Array(earlier.indices)[...])
        if failed { return earlier + [failing] }
        return earlier.indices.filter { kept[$0] }.map { earlier[$0] } + [failing]
    }
}
