// The lexicographic objective: one row per distinct optional priority, highest first. A symbol's cost is the
// vector of its coefficients in those rows; it is negative when its first nonzero component is (Cassowary's
// symbolic weights). This makes a higher priority strictly dominate a lower one, which a weighted sum (kiwi's
// strengths) only approximates.

/// The objective the simplex minimises: error symbols of optional constraints, grouped by priority.
struct Objective {
    /// The priorities, strictly descending; `rows[i]` sums the errors at `priorities[i]`.
    private(set) var priorities: [Double] = []
    private(set) var rows: [Row] = []
    /// How many constraints use each level; a level is dropped when none does.
    private var users: [Int] = []

    /// The single-level objective of the artificial-variable phase.
    init(single row: Row) {
        priorities = [0]
        rows = [row]
        users = [1]
    }

    init() {}

    /// The constant of the first level (the artificial objective's value).
    var firstConstant: Double { rows.first?.constant ?? 0 }

    /// The level index for a priority, creating the level (and counting a user) when asked to.
    mutating func retain(_ priority: Double) -> Int {
        var index = 0
        while index < priorities.count, priorities[index] > priority { index += 1 }
        if index < priorities.count, priorities[index] == priority {
            users[index] += 1
        } else {
            priorities.insert(priority, at: index)
            rows.insert(Row(), at: index)
            users.insert(1, at: index)
        }
        return index
    }

    /// Drops one user of a priority's level, and the level when it has none left.
    mutating func release(_ priority: Double) {
        guard let index = priorities.firstIndex(of: priority) else { return }
        users[index] -= 1
        if users[index] <= 0 {
            priorities.remove(at: index)
            rows.remove(at: index)
            users.remove(at: index)
        }
    }

    /// Adds `coefficient·symbol` to the level of `priority` (which must be retained).
    mutating func insert(_ symbol: Int, _ coefficient: Double, priority: Double) {
        guard let index = priorities.firstIndex(of: priority) else { return }
        rows[index].insert(symbol, coefficient)
    }

    /// Adds `coefficient·row` to the level of `priority`.
    mutating func insert(_ row: Row, _ coefficient: Double, priority: Double) {
        guard let index = priorities.firstIndex(of: priority) else { return }
        rows[index].insert(row, coefficient)
    }

    mutating func substitute(_ symbol: Int, with row: Row) {
        for index in rows.indices { rows[index].substitute(symbol, with: row) }
    }

    mutating func remove(_ symbol: Int) {
        for index in rows.indices { rows[index].remove(symbol) }
    }

    /// The lowest-id symbol whose cost is negative (Bland's rule for the entering symbol), skipping dummies. A
    /// symbol's cost is negative when some level has a negative coefficient for it and no higher level holds
    /// it at all; negative coefficients are few, so each is checked against the levels above by binary search.
    func enteringSymbol(kinds: [SymbolKind]) -> Int? {
        var best = Int.max
        for level in rows.indices {
            for cell in rows[level].cells where cell.coefficient < 0 && cell.symbol < best {
                guard kinds[cell.symbol] != .dummy else { continue }
                if (0..<level).allSatisfy({ !rows[$0].position(of: cell.symbol).found }) { best = cell.symbol }
            }
        }
        return best == Int.max ? nil : best
    }

    /// The cost vector of a symbol divided by `divisor`.
    func cost(of symbol: Int, dividedBy divisor: Double) -> [Double] {
        rows.map { $0.coefficient(for: symbol) / divisor }
    }

    /// Lexicographic `a < b`; components within a relative tolerance tie and the next level decides.
    static func isLess(_ a: [Double], _ b: [Double]) -> Bool {
        for (x, y) in zip(a, b) {
            let scale = Swift.max(1, abs(x), abs(y))
            if abs(x - y) <= solverEpsilon * scale { continue }
            return x < y
        }
        return false
    }
}
