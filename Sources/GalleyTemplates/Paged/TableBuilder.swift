import Galley
import GalleyLayout
import GalleyRender
import GalleyText

/// Tables and pagination directives (paged documents; docs/templates.md).
extension ElementBuilder {
    /// The keys `applyPagination` reads.
    static let paginationKeys: Set<String> = [
        "keepTogether", "keepWithNext", "colSpan", "rowSpan", "orphans", "widows",
    ]

    /// Records `colSpan`, `rowSpan`, `keepTogether`, `keepWithNext`, `orphans` and `widows`. A layout
    /// spec kept together (or with the next block) is wrapped in a node so it has a frame.
    mutating func applyPagination(_ p: BoundProperties, to built: any LayoutElement) throws(TemplateError)
        -> any LayoutElement
    {
        guard p.element.hasPaginationKeys else { return built }
        let together = try p.bool("keepTogether") ?? false
        let withNext = try p.bool("keepWithNext") ?? false
        var result = built
        if together || withNext, !(built is DisplayNode) {
            let box = BoxNode()
            box.automaticallyManagesSubnodes = true
            box.layoutSpecBlock = { _ in built }
            box.style = built.style
            result = box
        }
        if let span = try p.integer("colSpan", in: ValueLimits.colSpan) { colSpans[ObjectIdentifier(result)] = span }
        if let span = try p.integer("rowSpan", in: ValueLimits.rowSpan) { rowSpans[ObjectIdentifier(result)] = span }
        if let alignment = try p.choice("verticalAlign", VerticalAlignment.self) {
            verticalAlignments[ObjectIdentifier(result)] = alignment
        }
        guard let node = result as? DisplayNode else { return result }
        if together { hints.keepTogether(node) }
        if withNext { hints.keepWithNext(node) }
        if node is TextNode {
            let orphans = try p.integer("orphans", in: ValueLimits.lineMinimum)
            let widows = try p.integer("widows", in: ValueLimits.lineMinimum)
            if orphans != nil || widows != nil { hints.setLineMinimums(node, orphans: orphans, widows: widows) }
        }
        return result
    }

    mutating func makeTable(_ element: ElementTemplate, _ p: BoundProperties, scope: BindingScope) throws(TemplateError)
        -> TableNode
    {
        let columns = try tableColumns(p)
        let padding = try p.insets("cellPadding") ?? EdgeInsets(top: 4, left: 6, bottom: 4, right: 6)
        var grid: (width: Double, color: Color)?
        if case .object(let object)? = p["grid"] {
            grid = (
                object["width"].flatMap(ValueReader.number) ?? 0.5, object["color"].flatMap(ValueReader.color) ?? .black
            )
        }
        let tableAlignment = try p.choice("verticalAlign", VerticalAlignment.self)
        let style = { (row: TableRowNode) in
            for cell in row.cells {
                cell.padding = padding
                // A cell's own verticalAlign, else its row's, else the table's.
                if cell.verticalAlignment == nil { cell.verticalAlignment = tableAlignment }
                if let grid {
                    cell.layer.borderWidth = grid.width
                    cell.layer.borderColor = grid.color
                }
            }
        }
        var headerCells: [TableCellNode] = []
        var rowTemplates: [ElementTemplate] = []
        for (child, key) in zip(element.children, element.childKeys) {
            if key == "header" {
                for built in try build(child, scope: scope) { headerCells.append(cell(built)) }
            } else {
                rowTemplates.append(child)
            }
        }
        var header: TableRowNode?
        if !headerCells.isEmpty {
            let row = TableRowNode(cells: headerCells)
            if let background = try p.color("headerBackground") { row.layer.backgroundColor = background }
            style(row)
            header = row
        }
        let repeatsHeader = try p.bool("repeatHeader") ?? true
        // One `row` with `each` is built on demand: a paged body then keeps its rows' heights,
        // not their nodes (docs/paged-documents.md, Memory).
        if TemplateRowSource.canBuildOnDemand(rowTemplates), let rowTemplate = rowTemplates.first {
            let source = try TemplateRowSource.validated(rowTemplate, scope: scope, site: site, style: style)
            return TableNode(columns: columns, header: header, rowSource: source, repeatsHeader: repeatsHeader)
        }
        var rows: [TableRowNode] = []
        for child in rowTemplates {
            for built in try build(child, scope: scope) {
                guard let row = built as? TableRowNode else {
                    throw site.error(
                        at: child.path, "a table's rows are \"row\" elements",
                        hint: "{\"type\": \"row\", \"each\": \"{{items}}\", \"cells\": [...]}")
                }
                style(row)
                rows.append(row)
            }
        }
        return TableNode(columns: columns, header: header, rows: rows, repeatsHeader: repeatsHeader)
    }

    mutating func makeRow(_ element: ElementTemplate, _ p: BoundProperties, scope: BindingScope) throws(TemplateError)
        -> TableRowNode
    {
        var cells: [TableCellNode] = []
        let rowAlignment = try p.choice("verticalAlign", VerticalAlignment.self)
        for child in element.children {
            for built in try build(child, scope: scope) {
                let made = cell(built)
                if made.verticalAlignment == nil { made.verticalAlignment = rowAlignment }
                cells.append(made)
            }
        }
        return TableRowNode(cells: cells)
    }

    /// A cell around a built element. The element's `background` moves to the cell, so it fills
    /// the whole cell, padding included (the merged area, for a spanning cell).
    private func cell(_ content: any LayoutElement) -> TableCellNode {
        let cell = TableCellNode(
            content: content, colSpan: colSpans[ObjectIdentifier(content)] ?? 1,
            rowSpan: rowSpans[ObjectIdentifier(content)] ?? 1)
        cell.verticalAlignment = verticalAlignments[ObjectIdentifier(content)]
        if let node = content as? DisplayNode, let background = node.layer.backgroundColor,
            node.layer.cornerRadii.isZero
        {
            cell.layer.backgroundColor = background
            node.layer.backgroundColor = nil
        }
        return cell
    }

    private static func columnWidth(_ value: JSONValue) -> TableColumnWidth? {
        switch value {
        case .null: return .flex(1)
        case .number(let points): return points.value >= 0 ? .points(points.value) : nil
        case .string("auto"): return .auto
        case .string(let text):
            guard text.hasSuffix("%"), let percent = Double(text.dropLast()), percent >= 0 else { return nil }
            return .fraction(percent / 100)
        case .object(let object):
            guard let share = object["flex"].flatMap(ValueReader.number), share >= 0 else { return nil }
            return .flex(share)
        default: return nil
        }
    }

    /// `columns: [{width: 120 | "30%" | "auto" | {flex: 1}, align}]`.
    private func tableColumns(_ p: BoundProperties) throws(TemplateError) -> [TableColumn] {
        let path = p.element.path.appending("columns")
        guard case .array(let items)? = p["columns"], !items.isEmpty else {
            throw site.error(
                at: path, "a table needs \"columns\"",
                hint: "e.g. [{\"width\": {\"flex\": 1}}, {\"width\": 80, \"align\": \"end\"}]")
        }
        var columns: [TableColumn] = []
        for (index, item) in items.enumerated() {
            let object = item.objectValue
            var column = TableColumn()
            let width = object.map { $0["width"] ?? .null } ?? item
            if let parsed = Self.columnWidth(width) {
                column.width = parsed
            } else {
                throw site.error(
                    at: path.appending(index),
                    "a column width is points, \"N%\", \"auto\" or {\"flex\": N}, got \(ValueReader.describe(width))")
            }
            if let align = object?["align"]?.stringValue {
                let names: [String: TextAlignment] = [
                    "start": .start, "left": .start, "center": .center, "end": .end, "right": .end, "justify": .justify,
                ]
                guard let alignment = names[align] else {
                    throw site.error(
                        at: path.appending(index).appending("align"),
                        "align is start, center, end or justify, got \"\(align)\"")
                }
                column.alignment = alignment
            }
            columns.append(column)
        }
        return columns
    }
}
