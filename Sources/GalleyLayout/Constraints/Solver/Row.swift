// The simplex tableau's rows. A row is `basic = constant + Σ coefficient·symbol` over parametric symbols; while a
// constraint is being added it is `0 = constant + Σ …` until it is solved for a subject.

/// What a tableau symbol stands for (Cassowary's variable kinds).
enum SymbolKind: UInt8 {
    /// A user variable: unrestricted in sign, never chosen as a leaving row.
    case external
    /// An inequality's slack (or the artificial variable): at least 0.
    case slack
    /// An optional constraint's error: at least 0, weighted in the objective.
    case error
    /// A required equality's marker: always 0, never enters the basis.
    case dummy
}

/// Values closer to 0 than this are 0 (kiwi's and Cassowary's tolerance).
let solverEpsilon = 1e-8

@inline(__always) func nearZero(_ value: Double) -> Bool { abs(value) < solverEpsilon }

/// One cell of a row: a symbol id and its coefficient.
struct Cell {
    var symbol: Int
    var coefficient: Double
}

/// One tableau row (or an objective level): its cells in ascending symbol order.
///
/// A sorted array instead of a hash map (kiwi's AssocVector does the same): a row has a handful of cells, a
/// lookup is a short binary search, adding one row to another is one merge into one new array, and walking the
/// cells visits them in symbol order — so nothing depends on hashing, and every result is deterministic.
struct Row {
    var constant: Double
    private(set) var cells: [Cell] = []

    init(constant: Double = 0) {
        self.constant = constant
    }

    var isEmpty: Bool { cells.isEmpty }

    /// Where `symbol` is or would be inserted, and whether it is there.
    @inline(__always) func position(of symbol: Int) -> (index: Int, found: Bool) {
        var low = 0
        var high = cells.count
        while low < high {
            let middle = (low + high) >> 1
            if cells[middle].symbol < symbol { low = middle + 1 } else { high = middle }
        }
        return (low, low < cells.count && cells[low].symbol == symbol)
    }

    func coefficient(for symbol: Int) -> Double {
        let (index, found) = position(of: symbol)
        return found ? cells[index].coefficient : 0
    }

    /// Adds `value` to the constant and returns the new constant.
    @discardableResult mutating func add(_ value: Double) -> Double {
        constant += value
        return constant
    }

    /// Adds `coefficient·symbol`, dropping the cell when it becomes zero.
    mutating func insert(_ symbol: Int, _ coefficient: Double = 1) {
        let (index, found) = position(of: symbol)
        if found {
            let value = cells[index].coefficient + coefficient
            if nearZero(value) { cells.remove(at: index) } else { cells[index].coefficient = value }
        } else if !nearZero(coefficient) {
            cells.insert(Cell(symbol: symbol, coefficient: coefficient), at: index)
        }
    }

    /// Adds `factor·other`, constant included (a merge of the two sorted cell lists).
    mutating func insert(_ other: Row, _ factor: Double = 1) {
        constant += other.constant * factor
        guard !other.cells.isEmpty else { return }
        var merged: [Cell] = []
        merged.reserveCapacity(cells.count + other.cells.count)
        var i = 0
        var j = 0
        while i < cells.count || j < other.cells.count {
            let mine = i < cells.count ? cells[i].symbol : Int.max
            let theirs = j < other.cells.count ? other.cells[j].symbol : Int.max
            if mine < theirs {
                merged.append(cells[i])
                i += 1
                continue
            }
            var value = other.cells[j].coefficient * factor
            if mine == theirs {
                value += cells[i].coefficient
                i += 1
            }
            j += 1
            if !nearZero(value) { merged.append(Cell(symbol: theirs, coefficient: value)) }
        }
        cells = merged
    }

    /// Removes a cell and returns its coefficient (nil when the row does not hold the symbol).
    @discardableResult mutating func remove(_ symbol: Int) -> Double? {
        let (index, found) = position(of: symbol)
        guard found else { return nil }
        return cells.remove(at: index).coefficient
    }

    mutating func reverseSign() {
        constant = -constant
        for index in cells.indices { cells[index].coefficient = -cells[index].coefficient }
    }

    /// Turns `0 = … + c·symbol + …` into `symbol = …` (the symbol leaves the cells).
    mutating func solve(for symbol: Int) {
        guard let coefficient = remove(symbol) else { return }
        let factor = -1 / coefficient
        constant *= factor
        for index in cells.indices { cells[index].coefficient *= factor }
    }

    /// Turns `lhs = … + c·rhs + …` into `rhs = …` (a pivot: `lhs` becomes parametric).
    mutating func solve(for lhs: Int, _ rhs: Int) {
        insert(lhs, -1)
        solve(for: rhs)
    }

    /// Replaces `symbol` by the right-hand side of its row.
    mutating func substitute(_ symbol: Int, with row: Row) {
        guard let coefficient = remove(symbol) else { return }
        insert(row, coefficient)
    }
}
