/// The difference between two child lists: which were inserted, removed and moved.
///
/// Linear time (IGListDiff's approach, as Texture's ASLayoutTransition uses): one pass builds a
/// key → old index table, one pass over the new list classifies each element. An element of
/// both lists is *moved* when its index, discounting the removals before its old index and the
/// insertions before its new index, changed — so growing or shrinking a list reports no moves,
/// and a permutation reports every element whose relative place changed.
public struct SubnodeDiff: Hashable, Sendable {
    public struct Move: Hashable, Sendable {
        public var from: Int
        public var to: Int

        public init(from: Int, to: Int) {
            self.from = from
            self.to = to
        }
    }

    /// Indices in the new list, ascending.
    public var insertions: [Int]
    /// Indices in the old list, ascending.
    public var removals: [Int]
    /// Old and new indices, by ascending new index.
    public var moves: [Move]

    public init(insertions: [Int] = [], removals: [Int] = [], moves: [Move] = []) {
        self.insertions = insertions
        self.removals = removals
        self.moves = moves
    }

    /// Diffs two lists keyed by `Key` (a repeated key pairs its occurrences in order).
    public init<Key: Hashable>(old: [Key], new: [Key]) {
        var oldIndices: [Key: [Int]] = [:]
        oldIndices.reserveCapacity(old.count)
        for (index, key) in old.enumerated().reversed() { oldIndices[key, default: []].append(index) }
        var matchedOld = [Int?](repeating: nil, count: new.count)
        var kept = [Bool](repeating: false, count: old.count)
        var insertions: [Int] = []
        for (index, key) in new.enumerated() {
            if let oldIndex = oldIndices[key]?.popLast() {
                matchedOld[index] = oldIndex
                kept[oldIndex] = true
            } else {
                insertions.append(index)
            }
        }
        // removalsBefore[i]: removed elements before old index i.
        var removals: [Int] = []
        var removalsBefore = [Int](repeating: 0, count: old.count)
        var running = 0
        for index in old.indices {
            removalsBefore[index] = running
            if !kept[index] {
                removals.append(index)
                running += 1
            }
        }
        var moves: [Move] = []
        var insertionsSoFar = 0
        for index in new.indices {
            guard let oldIndex = matchedOld[index] else {
                insertionsSoFar += 1
                continue
            }
            if oldIndex - removalsBefore[oldIndex] != index - insertionsSoFar {
                moves.append(Move(from: oldIndex, to: index))
            }
        }
        self.init(insertions: insertions, removals: removals, moves: moves)
    }

    public var isEmpty: Bool { insertions.isEmpty && removals.isEmpty && moves.isEmpty }
}
