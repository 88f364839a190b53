/// How the cluster values of a shaped run's glyphs (in visual order) are ordered. HarfBuzz's
/// default cluster level keeps them monotone — non-decreasing for a left-to-right run,
/// non-increasing for a right-to-left one — so the glyphs of any logical range are one
/// contiguous stretch, found by binary search; a run the shaper left unordered is filtered.
enum ClusterOrder {
    case ascending
    case descending
    case unordered

    init(_ glyphs: [ShapedGlyph]) {
        var ascending = true
        var descending = true
        var index = 1
        while index < glyphs.count, ascending || descending {
            let previous = glyphs[index - 1].cluster
            let current = glyphs[index].cluster
            if current < previous { ascending = false }
            if current > previous { descending = false }
            index += 1
        }
        self = ascending ? .ascending : (descending ? .descending : .unordered)
    }
}

extension Array where Element == ShapedGlyph {
    /// The glyphs whose cluster lies in `range`, in their order — exactly
    /// `filter { range.contains($0.cluster) }`, in O(log n + result) for a monotone run rather
    /// than O(n): a line of a megabyte paragraph no longer scans the whole paragraph's glyphs
    /// (which made layout quadratic in paragraph length).
    func glyphs(inClusters range: Range<Int>, order: ClusterOrder) -> [ShapedGlyph] {
        switch order {
        case .ascending:
            let start = partitionIndex(where: { $0.cluster >= range.lowerBound })
            let end = partitionIndex(where: { $0.cluster >= range.upperBound })
            return start < end ? Array(self[start..<end]) : []
        case .descending:
            let start = partitionIndex(where: { $0.cluster < range.upperBound })
            let end = partitionIndex(where: { $0.cluster < range.lowerBound })
            return start < end ? Array(self[start..<end]) : []
        case .unordered:
            return filter { range.contains($0.cluster) }
        }
    }
}

extension RandomAccessCollection {
    /// The first index whose element satisfies `predicate`, which must be false for a prefix of
    /// the collection and true for the rest (`endIndex` when it is never true).
    func partitionIndex(where predicate: (Element) -> Bool) -> Index {
        var low = startIndex
        var count = distance(from: startIndex, to: endIndex)
        while count > 0 {
            let half = count / 2
            let middle = index(low, offsetBy: half)
            if predicate(self[middle]) {
                count = half
            } else {
                low = index(after: middle)
                count -= half + 1
            }
        }
        return low
    }
}
