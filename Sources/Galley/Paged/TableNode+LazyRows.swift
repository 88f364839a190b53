import GalleyLayout

/// Lazily laid out tables: the rows of a `TableRowSource` measured one at a time and dropped,
/// then built again, a page's worth at a time, for pagination's close look at a row taller
/// than a page and for drawing (docs/paged-documents.md, Memory).
extension TableNode {
    /// Whether tables with a row source keep only their rows' metrics when laid out. Paged
    /// documents bind it to true while they lay out their body.
    public static let laysOutRowsLazily = TaskLocal(wrappedValue: false)

    /// Tables with at most this many body rows keep them even in a paged body: rows built once
    /// and laid out once, where laying out lazily builds and lays out every row again for the page
    /// that draws it (a 60-row bank statement spent a fifth of its time on it). A statement of 200
    /// rows (five cells, a thumbnail) peaks 2.5 MB higher kept than laid out lazily; longer tables
    /// are laid out lazily, so memory stays bounded by a page of rows.
    public static let keepsRowsUpTo = TaskLocal(wrappedValue: 200)

    /// Whether this table keeps only its rows' metrics when laid out now: it has a row source
    /// with more rows than `keepsRowsUpTo`, has not built them, and is in a paged body.
    var laysOutLazily: Bool {
        guard let rowSource, builtRows == nil else { return false }
        return TableNode.laysOutRowsLazily.get() && rowSource.rowCount > TableNode.keepsRowsUpTo.get()
    }

    /// Gives a body row from the source its slots, column alignment and widths, as the table's
    /// grid does for rows given as nodes (rows from a source span no rows, so each row's grid
    /// is its own). Returns the row's grid.
    @discardableResult
    func prepare(_ row: TableRowNode, widths: [Double]) -> TableGrid {
        let grid = TableGrid(rows: [row], columnCount: columns.count, hasHeader: false)
        row.slots = grid.slots.first
        TableNode.align(grid.placements, columns)
        row.columnWidths = widths
        return grid
    }

    /// Builds body row `index` again and lays it out where the measuring pass put it (table
    /// coordinates).
    func bodyRowLayout(_ index: Int, _ metrics: TableRowMetrics) -> Layout? {
        guard let rowSource, index < metrics.heights.count else { return nil }
        let row = rowSource.makeRow(index)
        prepare(row, widths: metrics.columnWidths)
        let range = SizeRange(
            min: Size(width: metrics.width, height: 0), max: Size(width: metrics.width, height: .infinity))
        let layout = row.layoutThatFits(range)
        // Building is deterministic, so the row measures what it measured before (checked in
        // debug builds; release builds draw it at the measured place either way).
        assert(layout.size.height == metrics.heights[index], "row \(index) changed height between passes")
        layout.position = Point(x: 0, y: metrics.tops[index])
        return layout
    }

    /// The table's layout for one page: `layout`'s own sublayouts (the header) and the body rows
    /// reaching into [top, bottom] (table coordinates), built for this page only. Returns
    /// `layout` itself for a table not laid out lazily.
    func pageLayout(_ layout: Layout, top: Double, bottom: Double) -> Layout {
        guard let metrics = TableRowMetrics.of(layout) else { return layout }
        // Measured with their display items: the rows live for this page only, and their text
        // is then drawn from this measurement instead of being typeset a second time.
        let rows = LayoutNode.keepsMeasurementDetails.withValue(true) {
            metrics.rows(overlapping: top, bottom).compactMap { bodyRowLayout($0, metrics) }
        }
        let page = Layout(element: self, size: layout.size, sublayouts: layout.sublayouts + rows)
        page.position = layout.position
        return page
    }
}

/// Lays out a table with a row source without keeping its body rows: the header is laid out
/// and kept (it is repeated on pages), each body row is built, measured at the column widths
/// and dropped. The layout's size is the whole table's; its sublayouts are the header and, last,
/// an empty layout holding the rows' metrics (`TableRowMetrics.Holder`: a layout node that is
/// no display node, so drawing, dumps and pagination pass over it), so the metrics go with
/// the layout they were measured for, whichever of a table's layouts its parent keeps.
///
/// With fixed, percentage and flexible columns this is one pass over the rows; `auto` columns
/// need a pass before it measuring the cells' single-line widths (`TableNode.columnWidths`).
/// Example: a header 20 pt tall and rows of 18, 30 and 18 pt give a table 86 pt tall with row
/// tops 20, 38 and 68.
final class LazyTableLayoutSpec: LayoutSpec {
    let table: TableNode
    let columnWidths: [Double]

    init(table: TableNode, columnWidths: [Double]) {
        self.table = table
        self.columnWidths = columnWidths
        super.init(children: table.headerRow.map { [$0] } ?? [])
    }

    override func calculateLayoutThatFits(_ constrainedSize: SizeRange) -> Layout {
        let width = constrainedSize.max.width.isFinite ? constrainedSize.max.width : columnWidths.reduce(0, +)
        let measure = SizeRange(min: Size(width: width, height: 0), max: Size(width: width, height: .infinity))
        var sublayouts: [Layout] = []
        var y = 0.0
        if let header = table.headerRow {
            if header.columnWidths != columnWidths {
                header.columnWidths = columnWidths
                header.invalidateCalculatedLayout()
            }
            let layout = header.layoutThatFits(measure)
            layout.position = .zero
            sublayouts.append(layout)
            y += layout.size.height
        }
        let count = table.rowSource?.rowCount ?? 0
        var heights: [Double] = []
        var tops: [Double] = []
        heights.reserveCapacity(count)
        tops.reserveCapacity(count)
        var firstLeafTop: Double?
        for index in 0..<count {
            // A cancelled render stops measuring rows; its document throws before drawing.
            if index & 63 == 63, LayoutCancellation.shouldStop { break }
            guard let row = table.rowSource?.makeRow(index) else { break }
            table.prepare(row, widths: columnWidths)
            let layout = row.layoutThatFits(measure)
            if firstLeafTop == nil { firstLeafTop = Self.firstLeafTop(layout).map { y + $0 } }
            tops.append(y)
            heights.append(layout.size.height)
            y += layout.size.height
        }
        let metrics = TableRowMetrics(
            columnWidths: columnWidths, width: width, heights: heights, tops: tops, firstLeafTop: firstLeafTop)
        sublayouts.append(Layout(element: TableRowMetrics.Holder(metrics), size: .zero))
        return Layout(element: self, size: constrainedSize.clamp(Size(width: width, height: y)), sublayouts: sublayouts)
    }

    /// The smallest top of a leaf in `layout` (relative to it).
    private static func firstLeafTop(_ layout: Layout) -> Double? {
        var best: Double?
        func visit(_ layout: Layout, _ y: Double) {
            if layout.sublayouts.isEmpty {
                if layout.element is DisplayNode { best = min(best ?? y, y) }
                return
            }
            for sub in layout.sublayouts { visit(sub, y + sub.position.y) }
        }
        for sub in layout.sublayouts { visit(sub, sub.position.y) }
        return best
    }
}
