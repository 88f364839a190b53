import GalleyLayout
import GalleyRender

/// Where a paged document's body breaks: the body, laid out once at the content width, is cut
/// into vertical slices, one per page. Cuts fall where no leaf is cut through (text only
/// between lines), honouring keep-together (tables keep rows whole), keep-with-next,
/// orphans/widows and forced breaks; when no such cut exists the constraints are relaxed.
public struct Pagination {
    /// One page's slice of the body, in body coordinates, and the repeated table header drawn
    /// above it.
    public struct Slice {
        public var top: Double
        public var bottom: Double
        /// A table header row repeated at the top of the page (its layout and its x in the body).
        var repeatedHeader: (layout: Layout, x: Double)?
        public var headerHeight: Double { repeatedHeader?.layout.size.height ?? 0 }
    }

    public let slices: [Slice]
    /// Bookmarks in document order, with the page (1-based) each lands on.
    public let outline: [(entry: OutlineEntry, page: Int)]
    /// Links whose target no element has.
    let warnings: [DocumentWarning]
    public var pageCount: Int { slices.count }
}

/// The break constraints of a laid-out body.
struct FlowAnalysis {
    struct Interval {
        var lo: Double
        var hi: Double
    }
    struct Table {
        var top: Double
        var headerBottom: Double
        var bottom: Double
        var header: Layout
        var x: Double
    }

    static let epsilon = 0.01
    /// How far the end of the body may run past the last page's bottom and still end there:
    /// layout sizes are ceiled to whole points, so a body exactly a page tall (`height: "100%"`)
    /// can overrun the page's fractional content height by less than a point; without this it
    /// would start a page holding that sliver.
    static let endSlack = 1.0
    var height: Double = 0
    var hard: [Interval] = []
    var soft: [Interval] = []
    var breaks: [Double] = []
    var leafTops: [Double] = []
    /// Where a page may start after a cut in a gap: leaves' tops and the tops of boxes whose top
    /// edge shows (table rows, and nodes with a background or border).
    var boxTops: [Double] = []
    /// Leaves' spans, merged: a cut inside one continues the leaf on the next page.
    var leafSpans: [Interval] = []
    var points: [Double] = []
    var tables: [Table] = []
    /// Ids, link targets and bookmarks of the body's nodes.
    private var anchors = DocumentAnchors()
    private(set) var linkWarnings: [DocumentWarning] = []
    /// Tables laid out lazily, with their origins in the body: their rows are break points
    /// here, and their rows' insides are looked at only when a page needs a cut inside a row.
    private var lazyTables: [(table: TableNode, metrics: TableRowMetrics, origin: Point)] = []
    private var keepWithNext: [Interval] = []

    /// An empty analysis, for the inside of lazily built rows (`interior(after:limit:)`).
    private init() {}

    init(root: Layout, hints: PaginationHints) {
        height = root.size.height
        for sub in root.sublayouts { visit(sub, origin: sub.position, hints: hints) }
        leafTops.sort()
        boxTops.sort()
        for interval in keepWithNext {
            // Forbid a cut anywhere from inside the node to just past the next leaf's top.
            let next = leafTops.first { $0 >= interval.hi - Self.epsilon } ?? interval.hi
            soft.append(Interval(lo: interval.lo, hi: next + 2 * Self.epsilon))
        }
        hard = Self.merge(hard)
        leafSpans = Self.merge(leafSpans)
        soft = Self.merge(hard + soft)
        points.append(height)
        points.sort()
        breaks.sort()
        linkWarnings = anchors.resolve()
    }

    private mutating func visit(_ layout: Layout, origin: Point, hints: PaginationHints) {
        guard let node = layout.element as? DisplayNode else { return }
        let top = origin.y
        let bottom = origin.y + layout.size.height
        let id = ObjectIdentifier(node)
        anchors.visit(node, top: top)
        if hints.keepTogether.contains(id) { soft.append(Interval(lo: top, hi: bottom)) }
        if hints.keepWithNext.contains(id) { keepWithNext.append(Interval(lo: top, hi: bottom)) }
        points.append(top)
        points.append(bottom)
        if node is PageBreakNode {
            breaks.append(top)
            return
        }
        if let table = node as? TableNode { visitTable(table, layout, origin: origin) }
        let isLeaf = layout.sublayouts.isEmpty
        if isLeaf || node is TableRowNode || node.layer.backgroundColor != nil || node.layer.hasBorder {
            boxTops.append(top)
        }
        if isLeaf {
            leafTops.append(top)
            leafSpans.append(Interval(lo: top, hi: bottom))
            if let text = node as? TextNode {
                let lines = text.drawnLines(width: layout.size.width)
                let minimums = hints.lineMinimums[id] ?? (hints.orphans, hints.widows)
                visitText(
                    lines.map { (top + $0.baseline - $0.ascent, top + $0.baseline + $0.descent) }, top: top,
                    bottom: bottom, minimums: minimums)
            } else if layout.size.height > 0 {
                hard.append(Interval(lo: top, hi: bottom))
            }
            return
        }
        for sub in layout.sublayouts {
            visit(sub, origin: Point(x: origin.x + sub.position.x, y: origin.y + sub.position.y), hints: hints)
        }
    }

    private mutating func visitText(
        _ lines: [(top: Double, bottom: Double)], top: Double, bottom: Double, minimums: (orphans: Int, widows: Int)
    ) {
        guard !lines.isEmpty else { return }
        for line in lines {
            hard.append(Interval(lo: line.top, hi: line.bottom))
            points.append(line.bottom)
        }
        hard.append(Interval(lo: top, hi: lines[0].top))
        hard.append(Interval(lo: lines[lines.count - 1].bottom, hi: bottom))
        let orphans = max(1, minimums.orphans)
        let widows = max(1, minimums.widows)
        if lines.count < orphans + widows {
            soft.append(Interval(lo: top, hi: bottom))
        } else {
            soft.append(Interval(lo: top, hi: lines[orphans - 1].bottom))
            soft.append(Interval(lo: lines[lines.count - widows].top, hi: bottom))
        }
    }

    private mutating func visitTable(_ table: TableNode, _ layout: Layout, origin: Point) {
        if let metrics = TableRowMetrics.of(layout) {
            visitLazyTable(table, metrics, layout, origin: origin)
            return
        }
        let rows = layout.sublayouts
        for row in rows {
            soft.append(Interval(lo: origin.y + row.position.y, hi: origin.y + row.position.y + row.size.height))
        }
        guard table.headerRow != nil, let header = rows.first else { return }
        let headerBottom = origin.y + header.position.y + header.size.height
        // The header stays with the first body row.
        if rows.count > 1 {
            soft.append(Interval(lo: origin.y, hi: origin.y + rows[1].position.y + rows[1].size.height))
        }
        if table.repeatsHeader {
            tables.append(
                Table(
                    top: origin.y, headerBottom: headerBottom, bottom: origin.y + layout.size.height,
                    header: header, x: origin.x + header.position.x))
        }
    }

    /// A lazily laid out table's rows, from their metrics: what `visit` would record for each
    /// row's own node (a point at its top and bottom, a box top, a keep-together interval) and
    /// the first leaf's top. The inside of a row is strictly inside its keep-together interval,
    /// so it matters only to a cut that has to go through a row (`interior(after:limit:)`).
    private mutating func visitLazyTable(
        _ table: TableNode, _ metrics: TableRowMetrics, _ layout: Layout, origin: Point
    ) {
        lazyTables.append((table, metrics, origin))
        for (top, height) in zip(metrics.tops, metrics.heights) {
            let rowTop = origin.y + top
            soft.append(Interval(lo: rowTop, hi: rowTop + height))
            points.append(rowTop)
            points.append(rowTop + height)
            boxTops.append(rowTop)
        }
        if let leaf = metrics.firstLeafTop { leafTops.append(origin.y + leaf) }
        guard table.headerRow != nil, let header = layout.sublayouts.first else { return }
        let headerBottom = origin.y + header.position.y + header.size.height
        // The header stays with the first body row.
        if let top = metrics.tops.first, let height = metrics.heights.first {
            soft.append(Interval(lo: origin.y, hi: origin.y + top + height))
        }
        if table.repeatsHeader {
            tables.append(
                Table(
                    top: origin.y, headerBottom: headerBottom, bottom: origin.y + layout.size.height,
                    header: header, x: origin.x + header.position.x))
        }
    }

    /// The break constraints inside the lazily laid out rows reaching into (start, limit]:
    /// each such row is built again, laid out and visited as a whole table's rows are.
    func interior(after start: Double, limit: Double) -> FlowAnalysis? {
        guard !lazyTables.isEmpty else { return nil }
        var inside = FlowAnalysis()
        let hints = PaginationHints()
        for (table, metrics, origin) in lazyTables {
            for index in metrics.rows(overlapping: start - origin.y, limit - origin.y) {
                guard let row = table.bodyRowLayout(index, metrics) else { continue }
                inside.visit(
                    row, origin: Point(x: origin.x + row.position.x, y: origin.y + row.position.y), hints: hints)
            }
        }
        inside.hard = Self.merge(inside.hard)
        inside.leafSpans = Self.merge(inside.leafSpans)
        inside.points.sort()
        inside.boxTops.sort()
        return inside
    }

    /// Open intervals merged (sorted by start); touching intervals stay apart, so their shared
    /// end is a valid cut.
    static func merge(_ intervals: [Interval]) -> [Interval] {
        let sorted = intervals.filter { $0.hi - $0.lo > epsilon }.sorted { $0.lo < $1.lo }
        var merged: [Interval] = []
        for interval in sorted {
            if let last = merged.last, interval.lo < last.hi - epsilon {
                merged[merged.count - 1].hi = max(last.hi, interval.hi)
            } else {
                merged.append(interval)
            }
        }
        return merged
    }

    /// Whether `y` lies strictly inside one of the merged intervals.
    static func isInside(_ y: Double, _ intervals: [Interval]) -> Bool {
        var lo = 0
        var hi = intervals.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if intervals[mid].lo < y - epsilon { lo = mid + 1 } else { hi = mid }
        }
        // intervals[lo - 1] is the last one starting before y.
        return lo > 0 && intervals[lo - 1].hi > y + epsilon
    }

    /// The index of the first element of a sorted array greater than `value`.
    static func upperBound(_ values: [Double], _ value: Double) -> Int {
        var lo = 0
        var hi = values.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if values[mid] <= value { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The best cut in (start, limit]: the lowest one honouring every constraint, else only
    /// the hard ones, else `limit` itself.
    /// Lazily laid out rows enter only the second search, through `interior(after:limit:)`,
    /// which is returned for `nextStart` (nil when the cut is not inside such a row).
    func cut(after start: Double, limit: Double) -> (y: Double, interior: FlowAnalysis?) {
        if let y = Self.lowestCut(after: start, limit: limit, points: points, intervals: soft) { return (y, nil) }
        guard let inside = interior(after: start, limit: limit) else {
            return (Self.lowestCut(after: start, limit: limit, points: points, intervals: hard) ?? limit, nil)
        }
        // Only what reaches into the page matters: the points in it and the intervals near it.
        let window = Array(
            points[Self.upperBound(points, start + Self.epsilon)..<Self.upperBound(points, limit + Self.epsilon)])
        let near = hard.filter { $0.hi >= start - 1 && $0.lo <= limit + 1 }
        let y = Self.lowestCut(
            after: start, limit: limit, points: (window + inside.points).sorted(),
            intervals: Self.merge(near + inside.hard))
        return (y ?? limit, inside)
    }

    /// The lowest of `points` in (start, limit] not strictly inside one of `intervals`.
    private static func lowestCut(after start: Double, limit: Double, points: [Double], intervals: [Interval])
        -> Double?
    {
        var index = upperBound(points, limit + epsilon) - 1
        while index >= 0, points[index] > start + epsilon {
            let y = points[index]
            if !isInside(y, intervals) { return y }
            index -= 1
        }
        return nil
    }

    /// Where the next page starts after a cut. A cut inside a leaf (between a paragraph's lines)
    /// continues at the cut. A cut between blocks starts at the next box's top, so a table row
    /// or a framed block begins with its own padding, border and background; spacing between
    /// blocks (stack spacing, `spacingBefore`, an undecorated container's inset) is dropped, as
    /// CSS truncates margins at a page break (CSS Fragmentation 3, §5.2).
    /// `interior` adds the leaves and boxes inside the lazily built rows the cut went through.
    func nextStart(after cut: Double, interior: FlowAnalysis? = nil) -> Double {
        if Self.isInside(cut, leafSpans) || interior.map({ Self.isInside(cut, $0.leafSpans) }) == true { return cut }
        let next = [boxTops, interior?.boxTops ?? []].compactMap { tops in
            let index = Self.upperBound(tops, cut - Self.epsilon)
            return index < tops.count ? tops[index] : nil
        }
        return next.min() ?? cut
    }

    /// The table whose repeated header a page starting at `y` shows.
    func repeatingTable(at y: Double) -> Table? {
        tables.first { y >= $0.headerBottom - Self.epsilon && y < $0.bottom - Self.epsilon }
    }

    func paginate(contentHeight: Double) -> Pagination {
        var slices: [Pagination.Slice] = []
        var start = 0.0
        var breakIndex = 0
        repeat {
            // A cancelled render stops cutting pages; its document throws before drawing any.
            if LayoutCancellation.shouldStop { break }
            let table = repeatingTable(at: start)
            let headerHeight = table?.header.size.height ?? 0
            let limit = start + max(1, contentHeight - headerHeight)
            while breakIndex < breaks.count, breaks[breakIndex] <= start + Self.epsilon { breakIndex += 1 }
            var bottom: Double
            var interior: FlowAnalysis?
            if breakIndex < breaks.count, breaks[breakIndex] <= limit {
                bottom = breaks[breakIndex]
                breakIndex += 1
            } else if height <= limit + Self.endSlack {
                bottom = height
            } else {
                (bottom, interior) = cut(after: start, limit: limit)
            }
            bottom = max(bottom, start + Self.epsilon)
            slices.append(Pagination.Slice(top: start, bottom: bottom, repeatedHeader: table.map { ($0.header, $0.x) }))
            start = bottom >= height - Self.epsilon ? height : nextStart(after: bottom, interior: interior)
        } while start < height - Self.epsilon
        let outline = anchors.bookmarks.map { bookmark in
            let page = slices.firstIndex { bookmark.y < $0.bottom - Self.epsilon } ?? max(0, slices.count - 1)
            return (bookmark.entry, page + 1)
        }
        return Pagination(slices: slices, outline: outline, warnings: linkWarnings)
    }
}
