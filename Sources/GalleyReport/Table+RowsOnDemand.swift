import Galley
import GalleyLayout

/// `Table.rowsOnDemand()`: the table's rows built when a paged document needs them
/// (`TableRowSource`), so a long table holds about a page of rows at a time, not all of them
/// (docs/paged-documents.md, Memory).
extension Table {
    /// Builds the rows when they are measured and drawn instead of once up front: in a paged
    /// document the table then keeps each row's height, not its nodes.
    ///
    /// The cells must build the same content every time they are asked for a row, and may not
    /// use what needs the nodes to outlive pagination: `.rowSpan`, `.keepTogether()`,
    /// `.keepWithNext()`, orphans/widows, `.bookmark`, `.id` or `.link`. Building the table
    /// builds every row once to check this and reports a row span, a pagination directive or
    /// a bookmark as a `ReportError`; identifiers and links cannot be seen there and must not
    /// be used.
    public func rowsOnDemand(_ onDemand: Bool = true) -> Table {
        var copy = self
        copy.buildsRowsOnDemand = onDemand
        return copy
    }

    /// The header and a row source over the data and summary rows, after building each row once
    /// in a context of its own to check it.
    func makeOnDemand(header: TableRowNode?, in context: ReportContext) throws -> TableNode {
        let textStyle = context.textStyle
        let registry = context.registry
        let count = rows.count + summaryRows.count
        for index in 0..<count {
            let rowContext = ReportContext(textStyle: textStyle, registry: registry)
            _ = try makeRow(index, in: rowContext)
            let hints = rowContext.hints
            guard hints.keepTogether.isEmpty, hints.keepWithNext.isEmpty, hints.lineMinimums.isEmpty,
                rowContext.contents.bookmarks.isEmpty, rowContext.rowSpans.values.allSatisfy({ $0 <= 1 })
            else {
                throw ReportError(
                    "table row \(index + 1): rowsOnDemand() tables take no row spans, pagination directives or bookmarks"
                )
            }
        }
        let source = TableClosureRowSource(count: count) { index in
            // Checked above, and building is deterministic: this does not throw. Should it, an
            // empty row keeps the render going (and the debug height check reports it).
            (try? makeRow(index, in: ReportContext(textStyle: textStyle, registry: registry)))
                ?? TableRowNode(cells: [])
        }
        return TableNode(
            columns: columns.map(\.tableColumn), header: header, rowSource: source, repeatsHeader: repeatsHeader)
    }

    /// Data row `index`, or summary row `index - rows.count`, built in `context`. Cells span
    /// columns only, so a row's cells are laid out left to right.
    private func makeRow(_ index: Int, in context: ReportContext) throws -> TableRowNode {
        guard index < rows.count else {
            let summary = summaryRows[index - rows.count]
            let row = TableRowNode(cells: try summary.cells.map { try cell($0, in: context) })
            if let background = summary.background { row.layer.backgroundColor = background }
            return row
        }
        let item = rows[index]
        var cells: [TableCellNode] = []
        var column = 0
        while column < columns.count {
            let cell = try cell(Group(columns[column].cell(item)), in: context)
            cells.append(cell)
            column += min(cell.colSpan, columns.count - column)
        }
        let row = TableRowNode(cells: cells)
        if let color = rowBackground?(index, item) { row.layer.backgroundColor = color }
        return row
    }
}
