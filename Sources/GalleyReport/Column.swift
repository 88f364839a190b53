import Galley
import GalleyText

/// One column of a `Table`: its width, the alignment of its text cells, its header cell and
/// how a data row fills its cell.
///
/// ```swift
/// Column("Amount", width: .points(70), alignment: .end) { row in Text(row.amount) }
/// ```
public struct Column<Row> {
    public var width: TableColumnWidth
    public var alignment: TextAlignment?
    public var header: [any ReportContent]
    public var cell: (Row) -> [any ReportContent]

    /// A column whose header is `title` in bold.
    public init(
        _ title: String, width: TableColumnWidth = .flex(1), alignment: TextAlignment? = nil,
        @ContentBuilder cell: @escaping (Row) -> [any ReportContent]
    ) {
        self.init(width: width, alignment: alignment, cell: cell, header: { Text(title).bold() })
    }

    /// A column with any header content (none: the column adds nothing to the header row).
    public init(
        width: TableColumnWidth = .flex(1), alignment: TextAlignment? = nil,
        @ContentBuilder cell: @escaping (Row) -> [any ReportContent],
        @ContentBuilder header: () -> [any ReportContent] = { [] }
    ) {
        self.width = width
        self.alignment = alignment
        self.header = header()
        self.cell = cell
    }

    var tableColumn: TableColumn { TableColumn(width: width, alignment: alignment) }
}

/// Collects a table's columns, with `if`, `if let` and `for … in`.
@resultBuilder
public enum ColumnBuilder<Row> {
    public static func buildExpression(_ column: Column<Row>) -> [Column<Row>] { [column] }

    public static func buildBlock(_ parts: [Column<Row>]...) -> [Column<Row>] { parts.flatMap { $0 } }

    public static func buildOptional(_ part: [Column<Row>]?) -> [Column<Row>] { part ?? [] }

    public static func buildEither(first part: [Column<Row>]) -> [Column<Row>] { part }

    public static func buildEither(second part: [Column<Row>]) -> [Column<Row>] { part }

    public static func buildArray(_ parts: [[Column<Row>]]) -> [Column<Row>] { parts.flatMap { $0 } }
}
