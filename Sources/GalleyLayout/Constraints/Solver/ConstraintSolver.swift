/// An incremental solver for linear equality and inequality constraints with priorities: the Cassowary algorithm
/// (Badros, Borning & Stuckey, "The Cassowary Linear Arithmetic Constraint Solving Algorithm", 2001).
///
/// Constraints are kept in a simplex tableau in solved form. Adding or removing one updates the tableau and
/// re-optimises from the previous solution; an edit variable's suggested value changes only row constants and is
/// resolved with the dual simplex — which is what makes per-frame re-solving cheap. Required constraints must all
/// hold; optional ones are satisfied as well as their priorities allow, each priority strictly dominating the
/// lower ones (``ConstraintPriority``).
///
/// Choices among symbols follow Bland's rule (the lowest-numbered candidate enters and leaves), which rules out
/// cycling on degenerate systems and makes every result deterministic; each operation is also bounded by a pivot
/// limit and reads ``LayoutCancellation``.
///
/// Example:
/// ```swift
/// let solver = ConstraintSolver()
/// let left = ConstraintVariable("left"), width = ConstraintVariable("width")
/// try solver.add(left >= 20)
/// try solver.add(left + width <= 380)
/// try solver.add((width == 500).withPriority(.high))   // as wide as allowed
/// solver.value(of: width)                                // 360
/// ```
public final class ConstraintSolver {
    /// The symbols a constraint added to the tableau; `marker` identifies its row for removal.
    struct Tag {
        let constraint: LinearConstraint
        let order: Int
        var marker = -1
        var other: Int?
    }

    struct EditInfo {
        let constraint: LinearConstraint
        var constant: Double
    }

    // Unchecked exclusivity (the tableau fields below): the solver is not Sendable, so one caller owns it, and
    // no method calls out to code that could reach the solver while it accesses them (updateRow's closure only
    // edits the row it is handed). The runtime check ran for every cell the simplex touched.

    /// Each symbol's kind, indexed by symbol id.
    @exclusivity(unchecked) var kinds: [SymbolKind] = []
    /// The row of each basic symbol, indexed by symbol id (nil for parametric symbols): no hashing on the
    /// simplex's hot path, and walks in symbol order.
    @exclusivity(unchecked) var rows: [Row?] = []
    /// For each symbol, the basic symbols whose rows hold it, ascending (Cassowary's column index): substitution,
    /// the ratio tests and suggested values visit only those rows, not the whole tableau. Rows change only
    /// through ``setRow(_:_:)``, ``takeRow(_:)`` and ``updateRow(_:_:)``, which keep it in step.
    @exclusivity(unchecked) var columns: [[Int]] = []
    var variables: [ConstraintVariable: Int] = [:]
    var records: [LinearConstraint: Tag] = [:]
    var edits: [ConstraintVariable: EditInfo] = [:]
    @exclusivity(unchecked) var objective = Objective()
    /// The phase-one objective while a constraint is added through an artificial variable.
    @exclusivity(unchecked) var artificial: Objective?
    /// Basic symbols whose row constant went negative, ascending (the dual simplex's leaving candidates).
    @exclusivity(unchecked) var infeasible: [Int] = []
    var nextOrder = 0
    var pivots = 0
    /// The most pivots one operation may take; nil for the default, `10_000 + 100 × symbols`.
    package var pivotLimit: Int?
    /// Whether an unsatisfiable addition searches for the minimal conflicting set (off in the searches themselves).
    var reportsConflictSets = true

    /// Creates an empty solver.
    public init() {}

    /// The constraints in the solver, in the order they were added (edit constraints included).
    public var constraints: [LinearConstraint] {
        records.values.sorted { $0.order < $1.order }.map(\.constraint)
    }

    /// Whether the constraint object is in the solver.
    public func contains(_ constraint: LinearConstraint) -> Bool { records[constraint] != nil }

    /// Adds a constraint and re-optimises.
    ///
    /// - Throws: ``ConstraintSolverError/unsatisfiable(_:)`` when a required constraint conflicts with the
    ///   required constraints already added (the solver is then unchanged), ``ConstraintSolverError/duplicateConstraint(_:)``,
    ///   ``ConstraintSolverError/nonFiniteConstraint(_:)``, or a pivot-limit or cancellation error.
    public func add(_ constraint: LinearConstraint) throws(ConstraintSolverError) {
        guard records[constraint] == nil else { throw .duplicateConstraint(constraint) }
        guard constraint.expression.isFinite else { throw .nonFiniteConstraint(constraint) }
        try guarded { () throws(ConstraintSolverError) in try insert(constraint) }
    }

    /// Removes a constraint and re-optimises.
    ///
    /// - Throws: ``ConstraintSolverError/unknownConstraint(_:)`` when it is not in the solver.
    public func remove(_ constraint: LinearConstraint) throws(ConstraintSolverError) {
        guard let tag = records.removeValue(forKey: constraint) else { throw .unknownConstraint(constraint) }
        // Removing an edit constraint directly ends the edit too.
        if let edited = edits.first(where: { $0.value.constraint == constraint })?.key { edits[edited] = nil }
        try guarded { () throws(ConstraintSolverError) in try delete(tag) }
    }

    /// A variable's value in the current solution (0 for a variable the solver has not seen).
    public func value(of variable: ConstraintVariable) -> Double {
        guard let symbol = variables[variable] else { return 0 }
        return rows[symbol]?.constant ?? 0
    }

    /// The current value of every variable the solver has seen, as one value to keep or pass on.
    public func updateVariables() -> ConstraintSolution {
        var values: [ConstraintVariable: Double] = [:]
        for (variable, symbol) in variables { values[variable] = rows[symbol]?.constant ?? 0 }
        return ConstraintSolution(values: values)
    }

    /// Removes every constraint, edit variable and variable.
    public func reset() {
        kinds = []
        rows = []
        columns = []
        variables = [:]
        records = [:]
        edits = [:]
        objective = Objective()
        artificial = nil
        infeasible = []
    }

    // MARK: - Internals shared by the extensions

    func newSymbol(_ kind: SymbolKind) -> Int {
        kinds.append(kind)
        rows.append(nil)
        columns.append([])
        return kinds.count - 1
    }

    /// Makes `basic` basic with `row`.
    func setRow(_ basic: Int, _ row: Row) {
        rows[basic] = row
        for cell in row.cells { columns[cell.symbol].insertSorted(basic) }
    }

    /// Removes and returns a basic symbol's row.
    func takeRow(_ basic: Int) -> Row? {
        guard let row = rows[basic] else { return nil }
        rows[basic] = nil
        for cell in row.cells { columns[cell.symbol].removeSorted(basic) }
        return row
    }

    /// Changes a basic row in place, updating the columns of the symbols that came or went.
    func updateRow(_ basic: Int, _ change: (inout Row) -> Void) {
        guard var row = rows[basic] else { return }
        rows[basic] = nil
        let before = row.cells
        change(&row)
        let after = row.cells
        var i = 0
        var j = 0
        while i < before.count || j < after.count {
            let old = i < before.count ? before[i].symbol : Int.max
            let new = j < after.count ? after[j].symbol : Int.max
            if old == new {
                i += 1
                j += 1
            } else if old < new {
                columns[old].removeSorted(basic)
                i += 1
            } else {
                columns[new].insertSorted(basic)
                j += 1
            }
        }
        rows[basic] = row
    }

    func symbol(for variable: ConstraintVariable) -> Int {
        if let symbol = variables[variable] { return symbol }
        let symbol = newSymbol(.external)
        variables[variable] = symbol
        return symbol
    }

    /// Runs one public operation: counts its pivots from zero, and resets the solver when the operation stopped
    /// half-way (pivot limit, cancellation, an internal error), since the tableau may then be inconsistent.
    func guarded(_ body: () throws(ConstraintSolverError) -> Void) throws(ConstraintSolverError) {
        pivots = 0
        // Rows a primal step left a rounding error below 0 are not worth a dual pass later.
        infeasible.removeAll(keepingCapacity: true)
        do {
            try body()
        } catch {
            switch error {
            case .pivotLimitExceeded, .cancelled, .internalInconsistency: reset()
            default: break
            }
            throw error
        }
    }

    /// Counts a pivot against the limit and checks for cancellation every 64 pivots.
    func countPivot(_ operation: () -> String) throws(ConstraintSolverError) {
        pivots += 1
        let limit = pivotLimit ?? (10_000 + 100 * kinds.count)
        if pivots > limit { throw .pivotLimitExceeded(operation: operation(), pivots: limit) }
        if pivots & 63 == 0, LayoutCancellation.shouldStop { throw .cancelled }
    }
}

extension [Int] {
    /// Inserts `value` into an ascending array (no duplicates).
    mutating func insertSorted(_ value: Int) {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) >> 1
            if self[middle] < value { low = middle + 1 } else { high = middle }
        }
        if low == count || self[low] != value { insert(value, at: low) }
    }

    /// Removes `value` from an ascending array.
    mutating func removeSorted(_ value: Int) {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) >> 1
            if self[middle] < value { low = middle + 1 } else { high = middle }
        }
        if low < count, self[low] == value { remove(at: low) }
    }
}

/// The values of a solver's variables at one moment (``ConstraintSolver/updateVariables()``).
public struct ConstraintSolution: Sendable {
    /// Each variable's value.
    public let values: [ConstraintVariable: Double]

    /// The variable's value, or 0 when the solver did not know it.
    public subscript(variable: ConstraintVariable) -> Double { values[variable] ?? 0 }
}
