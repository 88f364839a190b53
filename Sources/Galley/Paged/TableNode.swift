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

/// A table cell: its content inset by the table's padding, spanning `colSpan` columns.
public final class TableCellNode: DisplayNode {
    public let content: any LayoutElement
    public let colSpan: Int
    public var padding: EdgeInsets

    public init(content: any LayoutElement, colSpan: Int = 1, padding: EdgeInsets = EdgeInsets(all: 4)) {
        self.content = content
        self.colSpan = max(1, colSpan)
        self.padding = padding
        super.init()
        automaticallyManagesSubnodes = true
    }

    public override var typeName: String { "cell" }

    public override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> (any LayoutElement)? {
        InsetLayoutSpec(insets: padding, child: content)
    }
}

/// A table row: cells side by side at the table's column widths, all as tall as the tallest.
public final class TableRowNode: DisplayNode {
    public let cells: [TableCellNode]
    /// Set by the table before the row is laid out.
    var columnWidths: [Double] = []

    public init(cells: [TableCellNode]) {
        self.cells = cells
        super.init()
        automaticallyManagesSubnodes = true
    }

    public override var typeName: String { "row" }

    public override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> (any LayoutElement)? {
        var column = 0
        for cell in cells {
            let span = min(cell.colSpan, max(0, columnWidths.count - column))
            let width = columnWidths[column..<column + span].reduce(0, +)
            column += span
            cell.style.width = .points(width)
            cell.style.flexShrink = 0
        }
        return StackLayoutSpec(direction: .horizontal, alignItems: .stretch, children: cells)
    }
}

/// A table: an optional header row repeated on every page the table continues on, then body
/// rows. Pagination splits it between rows (or, for a row taller than a page, between lines).
public final class TableNode: DisplayNode {
    public let columns: [TableColumn]
    public let headerRow: TableRowNode?
    public let rows: [TableRowNode]
    public var repeatsHeader: Bool

    public init(columns: [TableColumn], header: TableRowNode?, rows: [TableRowNode], repeatsHeader: Bool = true) {
        self.columns = columns
        self.headerRow = header
        self.rows = rows
        self.repeatsHeader = repeatsHeader
        super.init()
        automaticallyManagesSubnodes = true
        for row in [header].compactMap({ $0 }) + rows { TableNode.align(row, columns) }
    }

    public override var typeName: String { "table" }

    public var allRows: [TableRowNode] { (headerRow.map { [$0] } ?? []) + rows }

    public override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> (any LayoutElement)? {
        let width = constrainedSize.max.width.isFinite ? constrainedSize.max.width : constrainedSize.min.width
        let widths = columnWidths(for: width)
        let all = allRows
        for row in all where row.columnWidths != widths {
            row.columnWidths = widths
            row.invalidateCalculatedLayout()
        }
        return StackLayoutSpec(direction: .vertical, alignItems: .stretch, children: all)
    }

    /// Resolves the columns' widths for a table `width` points wide.
    public func columnWidths(for width: Double) -> [Double] {
        var widths = [Double](repeating: 0, count: columns.count)
        var flexTotal = 0.0
        for (index, column) in columns.enumerated() {
            switch column.width {
            case .points(let points): widths[index] = points
            case .fraction(let fraction): widths[index] = (width * fraction).rounded(.down)
            case .auto: widths[index] = autoWidth(column: index)
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

    private func autoWidth(column: Int) -> Double {
        var widest = 0.0
        let unbounded = SizeRange(min: .zero, max: Size(width: .infinity, height: .infinity))
        for row in allRows {
            var index = 0
            for cell in row.cells {
                defer { index += cell.colSpan }
                guard index == column, cell.colSpan == 1 else { continue }
                let size = cell.content.layoutThatFits(unbounded).size
                widest = max(widest, (size.width + cell.padding.left + cell.padding.right).rounded(.up))
            }
        }
        return widest
    }

    /// Column alignment for text cells that did not choose their own.
    private static func align(_ row: TableRowNode, _ columns: [TableColumn]) {
        var index = 0
        for cell in row.cells {
            defer { index += cell.colSpan }
            guard index < columns.count, let alignment = columns[index].alignment,
                let text = cell.content as? TextNode, text.paragraphStyle.alignment == .start
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
