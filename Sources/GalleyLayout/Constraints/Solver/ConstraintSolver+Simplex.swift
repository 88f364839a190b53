// The primal and dual simplex steps over the lexicographic objective. Every choice follows Bland's rule — the
// lowest-id entering symbol with a negative cost, the lowest-id leaving row among equal ratios — which cannot
// cycle, so degenerate systems (many constraints through one vertex) terminate.

extension ConstraintSolver {
    /// Primal simplex: pivots while some symbol has a negative cost in the objective (or the artificial one).
    /// `operation` names the public call for error messages; it is built only when one is thrown.
    func optimize(operation: @autoclosure () -> String, artificialPhase: Bool = false) throws(ConstraintSolverError) {
        while true {
            let current = artificialPhase ? (artificial ?? Objective()) : objective
            guard let entering = current.enteringSymbol(kinds: kinds) else { return }
            guard let leaving = leavingRow(for: entering), var row = takeRow(leaving) else {
                throw .internalInconsistency("the objective is unbounded while \(operation())")
            }
            try countPivot(operation)
            row.solve(for: leaving, entering)
            substitute(entering, with: row)
            setRow(entering, row)
        }
    }

    /// The restricted row that limits the entering symbol first (minimum ratio test; ties to the lowest id).
    func leavingRow(for entering: Int) -> Int? {
        var candidates: [(ratio: Double, symbol: Int)] = []
        for symbol in columns[entering] where kinds[symbol] != .external {
            guard let row = rows[symbol] else { continue }
            let coefficient = row.coefficient(for: entering)
            // A constant a rounding error below 0 counts as 0, so the ratio is never negative.
            if coefficient < 0 { candidates.append((max(0, -row.constant / coefficient), symbol)) }
        }
        return Self.lowestRatio(candidates)
    }

    /// Dual simplex after suggested values moved row constants: pivots the lowest-id infeasible row out until
    /// every restricted row is at least 0, keeping the objective optimal.
    func dualOptimize(operation: @autoclosure () -> String) throws(ConstraintSolverError) {
        while let leaving = infeasible.first {
            infeasible.removeFirst()
            guard let current = rows[leaving], current.constant < 0, !nearZero(current.constant) else { continue }
            guard let entering = dualEnteringSymbol(current), var row = takeRow(leaving) else {
                throw .internalInconsistency("the dual simplex found no entering symbol while \(operation())")
            }
            try countPivot(operation)
            row.solve(for: leaving, entering)
            substitute(entering, with: row)
            setRow(entering, row)
        }
    }

    /// Among the row's positive, non-dummy cells, the symbol with the smallest cost ratio (lexicographic; ties to
    /// the lowest id), which keeps every cost non-negative after the pivot.
    func dualEnteringSymbol(_ row: Row) -> Int? {
        var candidates: [(ratio: [Double], symbol: Int)] = []
        for cell in row.cells where cell.coefficient > 0 && kinds[cell.symbol] != .dummy {
            candidates.append((objective.cost(of: cell.symbol, dividedBy: cell.coefficient), cell.symbol))
        }
        // The exact lexicographic minimum first, then the lowest id among the ratios that tie with it within
        // tolerance: independent of the order the cells are visited in.
        guard let smallest = candidates.map(\.ratio).min(by: { $0.lexicographicallyPrecedes($1) }) else { return nil }
        return candidates.filter { !Objective.isLess(smallest, $0.ratio) }.map(\.symbol).min()
    }
}
