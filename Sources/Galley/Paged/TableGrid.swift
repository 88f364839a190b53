import GalleyLayout

/// Where a table's cells sit in its column grid, with row spans resolved (HTML's table model,
/// simplified): each cell takes the first column of its row not covered by a cell spanning down
/// from a row above, and covers `colSpan` columns and `rowSpan` rows. Spans stop at the last row;
/// the header row's cells do not span rows (the header is repeated on its own on later pages).
struct TableGrid {
    struct Placement {
        let cell: TableCellNode
        /// Index into the table's rows (the header first, when there is one).
        let row: Int
        let column: Int
        let colSpan: Int
        let rowSpan: Int
    }

    /// Every cell, row by row, in row order.
    private(set) var placements: [Placement] = []
    /// Per row: its own cells (rowSpan 1) and the columns a spanning cell covers, in column order.
    private(set) var slots: [[TableRowNode.Slot]] = []

    init(rows: [TableRowNode], columnCount: Int, hasHeader: Bool) {
        // Rows still covered, per column, by a cell spanning down from an earlier row.
        var covered = [Int](repeating: 0, count: columnCount)
        // Made at their sizes (a lazily laid out table makes a grid for each row it builds).
        placements.reserveCapacity(rows.reduce(0) { $0 + $1.cells.count })
        slots.reserveCapacity(rows.count)
        for (index, row) in rows.enumerated() {
            var rowSlots: [TableRowNode.Slot] = []
            rowSlots.reserveCapacity(max(columnCount, row.cells.count))
            var column = 0
            func skipCovered() {
                while column < columnCount, covered[column] > 0 {
                    rowSlots.append(TableRowNode.Slot(cell: nil, column: column, span: 1))
                    column += 1
                }
            }
            for cell in row.cells {
                skipCovered()
                // A span stops before a covered column (overlapping spans are a template error
                // HTML also resolves by clipping).
                var span = 0
                while span < cell.colSpan, column + span < columnCount, covered[column + span] == 0 { span += 1 }
                let rowSpan = hasHeader && index == 0 ? 1 : max(1, min(cell.rowSpan, rows.count - index))
                placements.append(Placement(cell: cell, row: index, column: column, colSpan: span, rowSpan: rowSpan))
                if rowSpan > 1 {
                    for c in column..<column + span { covered[c] = rowSpan }
                    rowSlots.append(TableRowNode.Slot(cell: nil, column: column, span: span))
                } else {
                    rowSlots.append(TableRowNode.Slot(cell: cell, column: column, span: span))
                }
                column += span
            }
            skipCovered()
            slots.append(rowSlots)
            for c in covered.indices where covered[c] > 0 { covered[c] -= 1 }
        }
    }

    /// The cells of row groups joined by a row span (the spanning cells and every cell of the
    /// rows they span).
    var cellsInSpannedGroups: [TableCellNode] {
        var grouped = Set<Int>()
        for placement in placements where placement.rowSpan > 1 {
            grouped.formUnion(placement.row..<placement.row + placement.rowSpan)
        }
        return placements.filter { grouped.contains($0.row) }.map(\.cell)
    }

    /// The cells spanning more than one row.
    var spanningPlacements: [Placement] { placements.filter { $0.rowSpan > 1 } }
}

/// Lays out a table: rows stacked at their heights, then the cells spanning rows drawn over
/// the rows they span (so their background and border cover the merged area).
///
/// A row is as tall as its tallest own cell; a cell spanning rows gets the rows' summed height,
/// and when its content is taller the last spanned row grows by the difference. Example: rows
/// of 20 and 20 pt and a cell spanning both whose content is 50 pt tall: the rows become 20
/// and 30 pt and the spanning cell 50 pt.
final class TableGridLayoutSpec: LayoutSpec {
    let rows: [TableRowNode]
    let spanning: [TableGrid.Placement]
    let columnWidths: [Double]

    init(rows: [TableRowNode], spanning: [TableGrid.Placement], columnWidths: [Double]) {
        self.rows = rows
        self.spanning = spanning
        self.columnWidths = columnWidths
        super.init(children: rows + spanning.map(\.cell))
    }

    override func calculateLayoutThatFits(_ constrainedSize: SizeRange) -> Layout {
        let width = constrainedSize.max.width.isFinite ? constrainedSize.max.width : columnWidths.reduce(0, +)
        let measure = SizeRange(min: Size(width: width, height: 0), max: Size(width: width, height: .infinity))
        let measured = rows.map { $0.layoutThatFits(measure) }
        var heights = measured.map(\.size.height)
        // Spans ending earlier first, so a later span sees the rows an earlier one grew.
        for placement in spanning.sorted(by: { $0.row + $0.rowSpan < $1.row + $1.rowSpan }) {
            let cellWidth = spannedWidth(placement)
            let range = SizeRange(
                min: Size(width: cellWidth, height: 0), max: Size(width: cellWidth, height: .infinity))
            let need = placement.cell.layoutThatFits(range).size.height
            let have = heights[placement.row..<placement.row + placement.rowSpan].reduce(0, +)
            if need > have { heights[placement.row + placement.rowSpan - 1] += need - have }
        }
        var tops: [Double] = []
        var y = 0.0
        var sublayouts: [Layout] = []
        for (index, row) in rows.enumerated() {
            tops.append(y)
            let layout: Layout
            if heights[index] == measured[index].size.height {
                layout = measured[index]
            } else {
                let exact = Size(width: width, height: heights[index])
                layout = row.layoutThatFits(SizeRange(min: exact, max: exact))
            }
            layout.position = Point(x: 0, y: y)
            sublayouts.append(layout)
            y += heights[index]
        }
        for placement in spanning {
            let size = Size(
                width: spannedWidth(placement),
                height: heights[placement.row..<placement.row + placement.rowSpan].reduce(0, +))
            let layout = placement.cell.layoutThatFits(SizeRange(min: size, max: size))
            layout.position = Point(x: columnWidths[0..<placement.column].reduce(0, +), y: tops[placement.row])
            sublayouts.append(layout)
        }
        return Layout(element: self, size: constrainedSize.clamp(Size(width: width, height: y)), sublayouts: sublayouts)
    }

    private func spannedWidth(_ placement: TableGrid.Placement) -> Double {
        columnWidths[placement.column..<placement.column + placement.colSpan].reduce(0, +)
    }
}
