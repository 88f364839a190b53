import Galley
import GalleyLayout
import GalleyRender

/// A table over a collection (`TableNode`): one row per element, one cell per column, and a
/// header row of the columns' headers that repeats at the top of every page the table
/// continues on. Pagination keeps rows whole and the header with the first row.
///
/// ```swift
/// Table(orders) {
///     Column("Code", width: .points(60)) { order in Text(order.code) }
///     Column("Customer") { order in Text(order.customer) }
///     Column("Total", width: .auto, alignment: .end) { order in Text(order.total) }
/// }
/// .grid(width: 0.5, color: gridColor)
/// .headerBackground(headerColor)
/// ```
///
/// `summary` rows (totals, notes) follow the data rows. Cells may span columns and rows with
/// `.colSpan(_:)` and `.rowSpan(_:)`: in a `Column`'s cell, the columns and rows it covers get no
/// cell of their own (e.g. a region named once beside its shipments).
public struct Table<Row>: ReportContent {
    public var rows: [Row]
    public var columns: [Column<Row>]
    public var repeatsHeader = true
    /// Space around each cell's content (the template's `cellPadding`).
    public var cellPadding = EdgeInsets(top: 4, left: 6, bottom: 4, right: 6)
    /// Cell borders, when set (the template's `grid`).
    public var gridWidth: Double?
    public var gridColor: Color = .black
    public var headerBackground: Color?
    /// The background of data row `index` (0-based), e.g. zebra stripes.
    public var rowBackground: ((Int, Row) -> Color?)?
    /// Rows after the data rows, one `TableRow` each.
    public var summaryRows: [TableRow] = []
    /// Whether the rows are built when needed (`rowsOnDemand()`).
    public var buildsRowsOnDemand = false

    public init<Rows: Sequence>(_ rows: Rows, @ColumnBuilder<Row> columns: () -> [Column<Row>])
    where Rows.Element == Row {
        self.rows = Array(rows)
        self.columns = columns()
    }

    public func makeElements(in context: ReportContext) throws -> [any LayoutElement] {
        var header: TableRowNode?
        if columns.contains(where: { !$0.header.isEmpty }) {
            let row = TableRowNode(cells: try columns.map { try cell(Group($0.header), in: context) })
            if let headerBackground { row.layer.backgroundColor = headerBackground }
            header = row
        }
        if buildsRowsOnDemand { return [try makeOnDemand(header: header, in: context)] }
        var bodyRows: [TableRowNode] = []
        // Data rows still covered, per column, by a cell spanning down from a row above.
        var covered = [Int](repeating: 0, count: columns.count)
        for (index, item) in rows.enumerated() {
            var cells: [TableCellNode] = []
            var column = 0
            while column < columns.count {
                guard covered[column] == 0 else {
                    column += 1
                    continue
                }
                // A span stops at the last data row (summary rows give their cells one by one).
                let cell = try cell(Group(columns[column].cell(item)), maxRowSpan: rows.count - index, in: context)
                let span = min(cell.colSpan, columns.count - column)
                for c in column..<column + span { covered[c] = cell.rowSpan }
                cells.append(cell)
                column += span
            }
            for c in covered.indices where covered[c] > 0 { covered[c] -= 1 }
            let row = TableRowNode(cells: cells)
            if let color = rowBackground?(index, item) { row.layer.backgroundColor = color }
            bodyRows.append(row)
        }
        for summary in summaryRows {
            let row = TableRowNode(cells: try summary.cells.map { try cell($0, in: context) })
            if let background = summary.background { row.layer.backgroundColor = background }
            bodyRows.append(row)
        }
        let table = TableNode(
            columns: columns.map(\.tableColumn), header: header, rows: bodyRows, repeatsHeader: repeatsHeader)
        return [table]
    }

    /// A cell holding `content` as one element, with the table's padding and grid and the
    /// spans set by `.colSpan` and `.rowSpan`.
    func cell(_ content: any ReportContent, maxRowSpan: Int = .max, in context: ReportContext) throws
        -> TableCellNode
    {
        let element = try content.makeElement(in: context)
        let colSpan = context.colSpans[ObjectIdentifier(element)] ?? 1
        let rowSpan = min(context.rowSpans[ObjectIdentifier(element)] ?? 1, max(1, maxRowSpan))
        let cell = TableCellNode(content: element, colSpan: colSpan, rowSpan: rowSpan, padding: cellPadding)
        if let gridWidth {
            cell.layer.borderWidth = gridWidth
            cell.layer.borderColor = gridColor
        }
        return cell
    }

    // MARK: Options

    /// Whether the header row repeats on every page the table continues on (default true).
    public func repeatsHeader(_ repeats: Bool) -> Table {
        var copy = self
        copy.repeatsHeader = repeats
        return copy
    }

    public func cellPadding(_ insets: EdgeInsets) -> Table {
        var copy = self
        copy.cellPadding = insets
        return copy
    }

    /// Borders of `width` points around every cell.
    public func grid(width: Double = 0.5, color: Color = .black) -> Table {
        var copy = self
        copy.gridWidth = width
        copy.gridColor = color
        return copy
    }

    public func headerBackground(_ color: Color?) -> Table {
        var copy = self
        copy.headerBackground = color
        return copy
    }

    /// Colours data row `index` (0-based); nil leaves it clear.
    public func rowBackground(_ color: @escaping (Int, Row) -> Color?) -> Table {
        var copy = self
        copy.rowBackground = color
        return copy
    }

    /// Alternating row colours: `even` for rows 0, 2, 4…, `odd` for 1, 3, 5….
    public func stripes(even: Color? = nil, odd: Color?) -> Table {
        rowBackground { index, _ in index % 2 == 0 ? even : odd }
    }

    /// Rows after the data rows (totals, notes); cells may span columns with `.colSpan(_:)`.
    public func summary(@TableRowBuilder _ rows: () -> [TableRow]) -> Table {
        var copy = self
        copy.summaryRows += rows()
        return copy
    }
}

/// A row given cell by cell (a table's summary rows): each piece of content is one cell.
public struct TableRow {
    public var cells: [any ReportContent]
    public var background: Color?

    public init(background: Color? = nil, @ContentBuilder _ cells: () -> [any ReportContent]) {
        self.cells = cells()
        self.background = background
    }
}

/// Collects `TableRow`s.
@resultBuilder
public enum TableRowBuilder {
    public static func buildExpression(_ row: TableRow) -> [TableRow] { [row] }
    public static func buildBlock(_ parts: [TableRow]...) -> [TableRow] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [TableRow]?) -> [TableRow] { part ?? [] }
    public static func buildEither(first part: [TableRow]) -> [TableRow] { part }
    public static func buildEither(second part: [TableRow]) -> [TableRow] { part }
    public static func buildArray(_ parts: [[TableRow]]) -> [TableRow] { parts.flatMap { $0 } }
}
