// Adding and removing constraints (Cassowary §3; the row forms and subject rules as in kiwi's solverimpl.h,
// re-derived here, with one change: a failed artificial phase drops its row instead of pivoting it in, so an
// unsatisfiable addition leaves the tableau exactly as it was).

extension ConstraintSolver {
    /// Adds a checked constraint: builds its row, picks a subject (or runs the artificial phase), re-optimises.
    func insert(_ constraint: LinearConstraint) throws(ConstraintSolverError) {
        var tag = Tag(constraint: constraint, order: nextOrder)
        var row = makeRow(for: constraint, tag: &tag)
        var subject = chooseSubject(row, tag)
        if subject == nil, row.cells.allSatisfy({ kinds[$0.symbol] == .dummy }) {
            // Every symbol is a required equality's marker: the row is redundant when its constant is 0, else
            // it contradicts required equalities.
            guard nearZero(row.constant) else { throw unsatisfiable(constraint) }
            subject = tag.marker
        }
        if let subject {
            row.solve(for: subject)
            substitute(subject, with: row)
            setRow(subject, row)
        } else if try !addWithArtificialVariable(row) {
            // The phase-one pivots kept the system but may have left the real objective off its optimum.
            try optimize(operation: "adding \(constraint)")
            throw unsatisfiable(constraint)
        }
        nextOrder += 1
        records[constraint] = tag
        try optimize(operation: "adding \(constraint)")
    }

    /// The constraint as a row `0 = expression ± slack/errors`, its variables replaced by their basic rows; errors
    /// of an optional constraint go into its priority's objective level.
    func makeRow(for constraint: LinearConstraint, tag: inout Tag) -> Row {
        let expression = constraint.expression
        var row = Row(constant: expression.constant)
        for term in expression.terms where !nearZero(term.coefficient) {
            let symbol = symbol(for: term.variable)
            if let basic = rows[symbol] {
                row.insert(basic, term.coefficient)
            } else {
                row.insert(symbol, term.coefficient)
            }
        }
        let priority = constraint.priority
        if !priority.isRequired { _ = objective.retain(priority.value) }
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let coefficient: Double = constraint.relation == .lessThanOrEqual ? 1 : -1
            tag.marker = newSymbol(.slack)
            row.insert(tag.marker, coefficient)
            if !priority.isRequired {
                let error = newSymbol(.error)
                tag.other = error
                row.insert(error, -coefficient)
                objective.insert(error, 1, priority: priority.value)
            }
        case .equal:
            if priority.isRequired {
                tag.marker = newSymbol(.dummy)
                row.insert(tag.marker)
            } else {
                let plus = newSymbol(.error)
                let minus = newSymbol(.error)
                tag.marker = plus
                tag.other = minus
                row.insert(plus, -1)
                row.insert(minus, 1)
                objective.insert(plus, 1, priority: priority.value)
                objective.insert(minus, 1, priority: priority.value)
            }
        }
        if row.constant < 0 { row.reverseSign() }
        return row
    }

    /// The row's subject: its lowest-id user variable, else the constraint's own slack or error when that has a
    /// negative coefficient (so the new basic value stays at least 0); nil when neither exists.
    func chooseSubject(_ row: Row, _ tag: Tag) -> Int? {
        // The cells are in ascending symbol order, so the first user variable is the lowest-id one.
        if let external = row.cells.first(where: { kinds[$0.symbol] == .external }) { return external.symbol }
        for candidate in [tag.marker, tag.other ?? -1] where candidate >= 0 {
            if kinds[candidate] == .slack || kinds[candidate] == .error, row.coefficient(for: candidate) < 0 {
                return candidate
            }
        }
        return nil
    }

    /// Phase one: makes an artificial slack basic on the row and minimises it; the constraint can hold only when
    /// it reaches 0. On success the artificial symbol is pivoted out and deleted.
    func addWithArtificialVariable(_ row: Row) throws(ConstraintSolverError) -> Bool {
        let art = newSymbol(.slack)
        setRow(art, row)
        artificial = Objective(single: row)
        defer { artificial = nil }
        try optimize(operation: "the artificial phase", artificialPhase: true)
        let success = nearZero(artificial?.firstConstant ?? 0)
        if var artRow = takeRow(art) {
            // Still basic: at a positive value the constraint cannot hold, and dropping the row restores the
            // previous system (the artificial symbol appears nowhere else).
            guard success else { return false }
            if artRow.isEmpty { return true }
            guard let entering = pivotableSymbol(in: artRow) else { return false }
            artRow.solve(for: art, entering)
            substitute(entering, with: artRow)
            setRow(entering, artRow)
        }
        for basic in columns[art] { updateRow(basic) { $0.remove(art) } }
        objective.remove(art)
        return success
    }

    /// The lowest-id slack or error symbol of a row, else its lowest-id dummy.
    func pivotableSymbol(in row: Row) -> Int? {
        let restricted = row.cells.first { kinds[$0.symbol] == .slack || kinds[$0.symbol] == .error }
        return (restricted ?? row.cells.first { kinds[$0.symbol] == .dummy })?.symbol
    }

    /// Removes a constraint's errors from the objective and its marker from the tableau, then re-optimises.
    func delete(_ tag: Tag) throws(ConstraintSolverError) {
        let priority = tag.constraint.priority.value
        for marker in [tag.marker, tag.other ?? -1] where marker >= 0 && kinds[marker] == .error {
            if let row = rows[marker] {
                objective.insert(row, -1, priority: priority)
            } else {
                objective.insert(marker, -1, priority: priority)
            }
        }
        if takeRow(tag.marker) == nil {
            guard let leaving = markerLeavingRow(tag.marker), var row = takeRow(leaving) else {
                throw .internalInconsistency("no row holds the marker of \(tag.constraint)")
            }
            row.solve(for: leaving, tag.marker)
            substitute(tag.marker, with: row)
        }
        if !tag.constraint.priority.isRequired { objective.release(priority) }
        try optimize(operation: "removing \(tag.constraint)")
    }

    /// The row to pivot a parametric marker into before deleting it: the restricted row with a negative
    /// coefficient and the smallest ratio, else a restricted row with a positive one, else a user-variable row.
    func markerLeavingRow(_ marker: Int) -> Int? {
        var first: [(ratio: Double, symbol: Int)] = []
        var second: [(ratio: Double, symbol: Int)] = []
        var third: Int?
        for symbol in columns[marker] {
            guard let row = rows[symbol] else { continue }
            let coefficient = row.coefficient(for: marker)
            if coefficient == 0 { continue }
            if kinds[symbol] == .external {
                if third.map({ symbol < $0 }) ?? true { third = symbol }
            } else if coefficient < 0 {
                first.append((-row.constant / coefficient, symbol))
            } else {
                second.append((row.constant / coefficient, symbol))
            }
        }
        return Self.lowestRatio(first) ?? Self.lowestRatio(second) ?? third
    }

    /// Replaces a symbol that became basic in every row and objective, noting rows that went negative.
    func substitute(_ symbol: Int, with row: Row) {
        for basic in columns[symbol] {
            updateRow(basic) { $0.substitute(symbol, with: row) }
            if kinds[basic] != .external, let constant = rows[basic]?.constant, constant < 0 {
                infeasible.insertSorted(basic)
            }
        }
        objective.substitute(symbol, with: row)
        artificial?.substitute(symbol, with: row)
    }

    /// The symbol with the smallest ratio; ratios within tolerance of the smallest tie and the lowest symbol id
    /// wins (Bland's rule). Two passes, so the answer does not depend on the order the candidates come in.
    static func lowestRatio(_ candidates: [(ratio: Double, symbol: Int)]) -> Int? {
        guard let smallest = candidates.map(\.ratio).min() else { return nil }
        let bound = smallest + solverEpsilon * max(1, abs(smallest))
        return candidates.filter { $0.ratio <= bound }.map(\.symbol).min()
    }
}
