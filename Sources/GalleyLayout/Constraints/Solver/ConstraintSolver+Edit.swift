// Edit variables (Cassowary §4): an optional `variable == value` constraint whose value is changed in place.
// `suggestValue` moves only row constants, so the previous basis stays optimal and the dual simplex repairs
// feasibility in a few pivots — the cheap path for an animation that drags one value through many frames.

extension ConstraintSolver {
    /// Makes `variable` editable: adds `variable == 0` at `priority` until a value is suggested.
    ///
    /// - Throws: ``ConstraintSolverError/duplicateEditVariable(_:)``, or
    ///   ``ConstraintSolverError/requiredEditVariable(_:)`` when `priority` is required.
    public func addEditVariable(_ variable: ConstraintVariable, priority: ConstraintPriority)
        throws(ConstraintSolverError)
    {
        guard edits[variable] == nil else { throw .duplicateEditVariable(variable) }
        guard !priority.isRequired else { throw .requiredEditVariable(variable) }
        let constraint = LinearConstraint(LinearExpression(variable), .equal, LinearExpression(), priority: priority)
        try add(constraint)
        edits[variable] = EditInfo(constraint: constraint, constant: 0)
    }

    /// Removes a variable's edit constraint.
    ///
    /// - Throws: ``ConstraintSolverError/unknownEditVariable(_:)``.
    public func removeEditVariable(_ variable: ConstraintVariable) throws(ConstraintSolverError) {
        guard let info = edits.removeValue(forKey: variable) else { throw .unknownEditVariable(variable) }
        try remove(info.constraint)
    }

    /// Whether the variable has an edit constraint.
    public func hasEditVariable(_ variable: ConstraintVariable) -> Bool { edits[variable] != nil }

    /// Asks an edit variable to take `value`, as strongly as its edit priority allows, and re-solves.
    ///
    /// - Throws: ``ConstraintSolverError/unknownEditVariable(_:)``, ``ConstraintSolverError/nonFiniteSuggestion(_:_:)``.
    public func suggestValue(_ value: Double, for variable: ConstraintVariable) throws(ConstraintSolverError) {
        guard var info = edits[variable] else { throw .unknownEditVariable(variable) }
        guard value.isFinite else { throw .nonFiniteSuggestion(variable, value) }
        guard let tag = records[info.constraint], let minus = tag.other else { throw .unknownEditVariable(variable) }
        let delta = value - info.constant
        info.constant = value
        edits[variable] = info
        try guarded { () throws(ConstraintSolverError) in
            // The row is `variable − value = plus − minus`; moving the value moves whichever error is basic, or
            // else every row that holds the (parametric) plus error.
            // Only constants change, so the column index stays as it is.
            if let constant = rows[tag.marker]?.add(-delta) {
                if constant < 0 { infeasible.insertSorted(tag.marker) }
            } else if let constant = rows[minus]?.add(delta) {
                if constant < 0 { infeasible.insertSorted(minus) }
            } else {
                for basic in columns[tag.marker] {
                    guard let coefficient = rows[basic]?.coefficient(for: tag.marker), coefficient != 0 else {
                        continue
                    }
                    let constant = rows[basic]?.add(delta * coefficient) ?? 0
                    if constant < 0, kinds[basic] != .external { infeasible.insertSorted(basic) }
                }
            }
            try dualOptimize(operation: "suggesting \(formatNumber(value)) for \(variable)")
            // Costs within rounding of a tie can leave a lower level off its optimum after the dual steps; a primal
            // pass (usually no pivot) restores it.
            try optimize(operation: "suggesting \(formatNumber(value)) for \(variable)")
        }
    }
}
