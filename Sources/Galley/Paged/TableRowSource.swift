import GalleyLayout
import Synchronization

/// Builds a data-driven table's body rows on demand, so a paged document keeps per row only
/// the numbers pagination needs (`TableRowMetrics`), not the row's nodes.
///
/// A table with a row source of more than `TableNode.keepsRowsUpTo` rows is laid out lazily in
/// a paged body (`TableNode.laysOutRowsLazily`): every row is built, measured at the column
/// widths and dropped; pagination reads the heights; each page builds, lays out and draws only
/// the rows it shows. Anywhere else (a canvas, a header, an ascii-art dump), and for a shorter
/// table, the table builds all its rows once and keeps them.
///
/// Building must be deterministic — row `index` gives nodes of the same sizes every time —
/// and rows from a source do not span rows (a cell's `rowSpan` is treated as 1) and carry no
/// pagination hints, bookmarks or anchors: those need the nodes to outlive pagination.
public protocol TableRowSource: AnyObject {
    /// How many body rows the table has.
    var rowCount: Int { get }
    /// Builds body row `index` (0-based) as new nodes.
    func makeRow(_ index: Int) -> TableRowNode
}

/// A row source over a closure: `TableClosureRowSource(count: items.count) { i in row(items[i]) }`.
public final class TableClosureRowSource: TableRowSource {
    public let rowCount: Int
    private let build: (Int) -> TableRowNode

    public init(count: Int, build: @escaping (Int) -> TableRowNode) {
        rowCount = count
        self.build = build
    }

    public func makeRow(_ index: Int) -> TableRowNode { build(index) }
}

/// What a lazily laid out table keeps of its body rows: their heights and tops (16 bytes a
/// row) at the column widths they were measured at, and where the first row's first leaf
/// starts (what `keepWithNext` above a headerless table looks for).
struct TableRowMetrics {
    let columnWidths: [Double]
    /// The width the rows are laid out at.
    let width: Double
    /// Each body row's height.
    let heights: [Double]
    /// Each body row's top in the table, accumulated as `TableGridLayoutSpec` does (so the
    /// positions are the same doubles as when every row is laid out).
    let tops: [Double]
    /// The top of the first leaf of the first body row that has one, in the table.
    let firstLeafTop: Double?

    /// Carries the metrics in the layout of the lazily laid out table they belong to.
    final class Holder: LayoutNode {
        let metrics: TableRowMetrics

        init(_ metrics: TableRowMetrics) {
            self.metrics = metrics
            super.init()
        }

        override var typeName: String { "tableRows" }
    }

    /// The row metrics of a table's layout, when the table was laid out lazily.
    static func of(_ layout: Layout) -> TableRowMetrics? {
        (layout.sublayouts.last?.element as? Holder)?.metrics
    }

    /// The rows whose span reaches into [top, bottom] (table coordinates), widened by one
    /// point each way; callers apply their own visibility test.
    func rows(overlapping top: Double, _ bottom: Double) -> Range<Int> {
        var first = max(0, FlowAnalysis.upperBound(tops, top - 1) - 1)
        // The row starting above `top` may end above it too (a slice below the table).
        if first < tops.count, tops[first] + heights[first] < top - 1 { first += 1 }
        let end = FlowAnalysis.upperBound(tops, bottom + 1)
        return first..<max(first, end)
    }
}

/// Counts live `TableRowNode`s: the check that a lazily laid out table holds about a page of
/// rows at a time, not the document's (`PagedReportTests`).
public enum TableRowCensus {
    private static let counts = Mutex((live: 0, peak: 0))

    /// Rows alive now.
    public static var live: Int { counts.withLock { $0.live } }
    /// The most rows alive at once since the last `resetPeak()`.
    public static var peak: Int { counts.withLock { $0.peak } }

    /// Starts a new peak from the rows alive now.
    public static func resetPeak() { counts.withLock { $0.peak = $0.live } }

    static func rowCreated() {
        counts.withLock {
            $0.live += 1
            $0.peak = max($0.peak, $0.live)
        }
    }

    static func rowDestroyed() { counts.withLock { $0.live -= 1 } }
}
