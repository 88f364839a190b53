import GalleyLayout
import GalleyRender
import GalleyText

/// How wide a table column is.
public enum TableColumnWidth: Hashable, Sendable {
    /// A fixed width in points.
    case points(Double)
    /// A fraction (0…1) of the table's width.
    case fraction(Double)
    /// The widest cell's single-line (unconstrained) width.
    case auto
    /// A share of the width left over by the other columns.
    case flex(Double)
}

/// One column of a table: its width and the alignment of text cells in it.
public struct TableColumn: Hashable, Sendable {
    public var width: TableColumnWidth
    public var alignment: TextAlignment?

    public init(width: TableColumnWidth = .flex(1), alignment: TextAlignment? = nil) {
        self.width = width
        self.alignment = alignment
    }
}

/// A table cell: its content inset by the table's padding, spanning `colSpan` columns and
/// `rowSpan` rows (see `TableGrid`).
public final class TableCellNode: DisplayNode {
    public let content: any LayoutElement
    public let colSpan: Int
    public let rowSpan: Int
    public var padding: EdgeInsets
    /// Whether the content keeps its own height at the top of the cell instead of stretching
    /// to the cell's. Set by the table for the cells of row groups joined by a `rowSpan`, so a
    /// group taller than a page can be cut between the lines of its cells (a stretched text
    /// frame allows no cut below its last line).
    var keepsContentHeight = false
    /// Where the content sits in a row taller than it; nil is the top.
    public var verticalAlignment: VerticalAlignment?
    /// For baseline alignment: how far the row moves the content down (set by the row).
    var baselineShift = 0.0
    /// The spec of a top-aligned cell, made once (`layoutSpecThatFits`); nothing changes a spec
    /// once made, and the content is the cell's for life.
    private var topAlignedSpec: InsetLayoutSpec?

    public init(
        content: any LayoutElement, colSpan: Int = 1, rowSpan: Int = 1, padding: EdgeInsets = EdgeInsets(all: 4)
    ) {
        self.content = content
        self.colSpan = max(1, colSpan)
        self.rowSpan = max(1, rowSpan)
        self.padding = padding
        super.init()
        automaticallyManagesSubnodes = true
    }

    /// Whether the cell is in the table's header row (a TH in tagged output).
    public internal(set) var isHeader = false

    public override var typeName: String { "cell" }

    public override func defaultStructureRole(inside parent: StructureRole?) -> StructureRole? {
        isHeader ? .tableHeader : .tableData
    }

    public override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> (any LayoutElement)? {
        let alignment = verticalAlignment ?? .top
        guard keepsContentHeight || alignment != .top else {
            // A cell is measured several times (column widths, row heights, each page it is drawn
            // on), each time asking for its spec: one spec serves while the padding stays.
            if let spec = topAlignedSpec, spec.insets == padding { return spec }
            let spec = InsetLayoutSpec(insets: padding, child: content)
            topAlignedSpec = spec
            return spec
        }
        // The content keeps its own height inside a column as tall as the cell, placed by the alignment.
        let justify: StackJustifyContent =
            switch alignment {
            case .center: .center
            case .bottom: .end
            case .top, .baseline: .start
            }
        var insets = padding
        if alignment == .baseline { insets.top += baselineShift }
        let column = StackLayoutSpec(
            direction: .vertical, justifyContent: justify, alignItems: .stretch, children: [content])
        return InsetLayoutSpec(insets: insets, child: column)
    }

    /// The distance from the cell's top to its content's first baseline (text: its first line's).
    func firstBaseline(width: Double) -> Double {
        let inner = max(0, width - padding.left - padding.right)
        let range = SizeRange(min: Size(width: inner, height: 0), max: Size(width: inner, height: .infinity))
        _ = content.layoutThatFits(range)
        return padding.top + content.style.ascender
    }
}

/// A table row: its own cells side by side at the table's column widths, all as tall as the
/// row, with gaps where cells from rows above span down (those are laid out by the table).
public final class TableRowNode: DisplayNode {
    /// A place in the row: one of its cells, or (cell nil) columns covered by a cell spanning rows.
    struct Slot {
        let cell: TableCellNode?
        let column: Int
        let span: Int
    }

    public let cells: [TableCellNode]
    /// Set by the table before the row is laid out.
    var columnWidths: [Double] = []
    /// Set by the table (`TableGrid`); nil lays the cells out one column after another.
    var slots: [Slot]?

    public init(cells: [TableCellNode]) {
        self.cells = cells
        super.init()
        automaticallyManagesSubnodes = true
        TableRowCensus.rowCreated()
    }

    deinit { TableRowCensus.rowDestroyed() }

    public override var typeName: String { "row" }

    public override func defaultStructureRole(inside parent: StructureRole?) -> StructureRole? { .tableRow }

    /// A row with more cells than the table has columns: the cells past the last column have
    /// no column to go in.
    public override func layoutWarnings(size: Size) -> [String] {
        guard let slots, slots.contains(where: { $0.cell != nil && $0.span == 0 }) else { return [] }
        let columns = columnWidths.count
        let used = slots.filter { $0.cell != nil && $0.span > 0 }.count
        return [
            "this row has \(cells.count) cells but the table has \(columns) column\(columns == 1 ? "" : "s"); the "
                + "\(cells.count - used) cell\(cells.count - used == 1 ? "" : "s") past the last column "
                + "\(cells.count - used == 1 ? "is" : "are") drawn outside the table (add columns, or remove cells)"
        ]
    }

    public override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> (any LayoutElement)? {
        var children: [any LayoutElement] = []
        var column = 0
        let slots =
            self.slots
            ?? cells.map { cell in
                defer { column += cell.colSpan }
                return Slot(cell: cell, column: column, span: cell.colSpan)
            }
        alignBaselines(slots)
        children.reserveCapacity(slots.count)
        for slot in slots {
            let start = min(slot.column, columnWidths.count)
            let width = columnWidths[start..<min(columnWidths.count, start + slot.span)].reduce(0, +)
            let element: any LayoutElement = slot.cell ?? LayoutSpec()
            element.style.width = .points(width)
            element.style.flexShrink = 0
            children.append(element)
        }
        return StackLayoutSpec(direction: .horizontal, alignItems: .stretch, children: children)
    }
}

extension TableRowNode {
    /// Moves the content of the row's baseline-aligned cells down so their first baselines meet the lowest
    /// of them (CSS 2.1 §17.5.3: `vertical-align: baseline` cells share the row's baseline).
    fileprivate func alignBaselines(_ slots: [Slot]) {
        let aligned = slots.compactMap { slot -> (TableCellNode, Double)? in
            guard let cell = slot.cell, cell.verticalAlignment == .baseline, slot.span > 0 else { return nil }
            let start = min(slot.column, columnWidths.count)
            let width = columnWidths[start..<min(columnWidths.count, start + slot.span)].reduce(0, +)
            return (cell, cell.firstBaseline(width: width))
        }
        guard let lowest = aligned.map(\.1).max() else { return }
        for (cell, baseline) in aligned where cell.baselineShift != lowest - baseline {
            cell.baselineShift = lowest - baseline
            cell.invalidateCalculatedLayout()
        }
    }
}

/// A table: an optional header row repeated on every page the table continues on, then body
/// rows. Pagination splits it between rows (or, for a row taller than a page, between lines).
///
/// The body rows are given as nodes, or built on demand by a `TableRowSource`; in a paged
/// body such a table keeps only its rows' metrics (`TableNode+LazyRows.swift`).
public final class TableNode: DisplayNode {
    public let columns: [TableColumn]
    public let headerRow: TableRowNode?
    public var repeatsHeader: Bool
    /// Builds the body rows on demand (nil when they were given as nodes).
    public let rowSource: (any TableRowSource)?
    private(set) var builtRows: [TableRowNode]?
    private var builtGrid: TableGrid?
    /// The widest single-line cell per `auto` column (it does not depend on the table's width).
    private var autoWidths: [Int: Double]?

    public init(columns: [TableColumn], header: TableRowNode?, rows: [TableRowNode], repeatsHeader: Bool = true) {
        self.columns = columns
        self.headerRow = header
        self.repeatsHeader = repeatsHeader
        rowSource = nil
        super.init()
        automaticallyManagesSubnodes = true
        for cell in header?.cells ?? [] { cell.isHeader = true }
        builtRows = rows
        _ = grid
    }

    /// A table whose body rows `source` builds when they are needed.
    public init(
        columns: [TableColumn], header: TableRowNode?, rowSource: any TableRowSource, repeatsHeader: Bool = true
    ) {
        self.columns = columns
        self.headerRow = header
        self.repeatsHeader = repeatsHeader
        self.rowSource = rowSource
        super.init()
        automaticallyManagesSubnodes = true
        for cell in header?.cells ?? [] { cell.isHeader = true }
        if let header {
            // The header's grid on its own (header cells span no rows); the body rows get theirs
            // when they are built (`prepare(_:widths:)`), or all together if they are kept.
            let headerGrid = TableGrid(rows: [header], columnCount: columns.count, hasHeader: true)
            header.slots = headerGrid.slots.first
            TableNode.align(headerGrid.placements, columns)
        }
    }

    public override var typeName: String { "table" }

    public override func defaultStructureRole(inside parent: StructureRole?) -> StructureRole? { .table }

    /// The body rows as nodes; a table with a row source builds them all here, once.
    public var rows: [TableRowNode] {
        if let builtRows { return builtRows }
        var rows: [TableRowNode] = []
        for index in 0..<(rowSource?.rowCount ?? 0) {
            // Cancelled: the rows so far (the document throws before drawing any).
            if index & 63 == 63, LayoutCancellation.shouldStop { break }
            rows.append(rowSource?.makeRow(index) ?? TableRowNode(cells: []))
        }
        builtRows = rows
        return rows
    }

    public var allRows: [TableRowNode] { (headerRow.map { [$0] } ?? []) + rows }

    /// The cells' places in the grid (rows as nodes), resolved once.
    private var grid: TableGrid {
        if let builtGrid { return builtGrid }
        let all = allRows
        let grid = TableGrid(rows: all, columnCount: columns.count, hasHeader: headerRow != nil)
        for (row, slots) in zip(all, grid.slots) { row.slots = slots }
        for cell in grid.cellsInSpannedGroups { cell.keepsContentHeight = true }
        TableNode.align(grid.placements, columns)
        builtGrid = grid
        return grid
    }

    public override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> (any LayoutElement)? {
        let width = constrainedSize.max.width.isFinite ? constrainedSize.max.width : constrainedSize.min.width
        if laysOutLazily {
            return LazyTableLayoutSpec(table: self, columnWidths: columnWidths(for: width))
        }
        let widths = columnWidths(for: width)
        let all = allRows
        for row in all where row.columnWidths != widths {
            row.columnWidths = widths
            row.invalidateCalculatedLayout()
        }
        return TableGridLayoutSpec(rows: all, spanning: grid.spanningPlacements, columnWidths: widths)
    }

    /// Resolves the columns' widths for a table `width` points wide.
    public func columnWidths(for width: Double) -> [Double] {
        var widths = [Double](repeating: 0, count: columns.count)
        var flexTotal = 0.0
        let auto = columns.contains { $0.width == .auto } ? autoColumnWidths() : [:]
        for (index, column) in columns.enumerated() {
            switch column.width {
            case .points(let points): widths[index] = points
            case .fraction(let fraction): widths[index] = (width * fraction).rounded(.down)
            case .auto: widths[index] = auto[index] ?? 0
            case .flex(let share): flexTotal += share
            }
        }
        let left = max(0, width - widths.reduce(0, +))
        if flexTotal > 0 {
            var given = 0.0
            let flexIndices = columns.indices.filter { if case .flex = columns[$0].width { true } else { false } }
            for (n, index) in flexIndices.enumerated() {
                guard case .flex(let share) = columns[index].width else { continue }
                // The last flexible column takes the rounding remainder, so the row fills the width.
                let w = n == flexIndices.count - 1 ? left - given : (left * share / flexTotal).rounded(.down)
                widths[index] = max(0, w)
                given += widths[index]
            }
        }
        return widths
    }

    /// The widest single-line cell of each `auto` column (cells spanning one column). Rows from
    /// a source that are not kept are built and measured in one streaming pass, then dropped.
    private func autoColumnWidths() -> [Int: Double] {
        if let autoWidths { return autoWidths }
        var widest: [Int: Double] = [:]
        let unbounded = SizeRange(min: .zero, max: Size(width: .infinity, height: .infinity))
        func measure(_ placements: [TableGrid.Placement]) {
            for placement in placements
            where placement.colSpan == 1 && placement.column < columns.count
                && columns[placement.column].width == .auto
            {
                let cell = placement.cell
                let size = cell.content.layoutThatFits(unbounded).size
                let width = (size.width + cell.padding.left + cell.padding.right).rounded(.up)
                widest[placement.column] = max(widest[placement.column] ?? 0, width)
            }
        }
        if let rowSource, laysOutLazily {
            if let headerRow {
                measure(TableGrid(rows: [headerRow], columnCount: columns.count, hasHeader: true).placements)
            }
            for index in 0..<rowSource.rowCount {
                if index & 63 == 63, LayoutCancellation.shouldStop { break }
                measure(prepare(rowSource.makeRow(index), widths: []).placements)
            }
            // Kept: later layouts of the lazy table need them without another pass.
            autoWidths = widest
        } else {
            measure(grid.placements)
        }
        return widest
    }

    /// Column alignment for text cells that did not choose their own.
    static func align(_ placements: [TableGrid.Placement], _ columns: [TableColumn]) {
        for placement in placements {
            guard placement.column < columns.count, let alignment = columns[placement.column].alignment,
                let text = placement.cell.content as? TextNode, text.paragraphStyle.alignment == .start
            else { continue }
            text.paragraphStyle.alignment = alignment
        }
    }
}

/// A forced page break in a paged document's flow (zero size).
public final class PageBreakNode: DisplayNode {
    public override var typeName: String { "pageBreak" }

    public override func calculateSizeThatFits(_ constrainedSize: Size) -> Size { .zero }
}
