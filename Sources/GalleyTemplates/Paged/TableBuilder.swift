import Galley
import GalleyLayout
import GalleyRender
import GalleyText

/// Tables and pagination directives (paged documents; docs/templates.md).
extension ElementBuilder {
    /// Records `colSpan`, `rowSpan`, `verticalAlign`, `keepTogether`, `keepWithNext`, `orphans` and
    /// `widows`. A layout spec kept together (or with the next block) is wrapped in a node so it has a
    /// frame.
    mutating func applyPagination(_ p: ElementParameters, to built: any LayoutElement) -> any LayoutElement {
        let pagination = p.pagination
        var result = built
        if pagination.keepTogether || pagination.keepWithNext, !(built is DisplayNode) {
            let box = BoxNode()
            box.automaticallyManagesSubnodes = true
            box.layoutSpecBlock = { _ in built }
            box.style = built.style
            result = box
        }
        if let span = pagination.colSpan, span != 1 { colSpans[ObjectIdentifier(result)] = span }
        if let span = pagination.rowSpan, span != 1 { rowSpans[ObjectIdentifier(result)] = span }
        if let alignment = pagination.verticalAlign { verticalAlignments[ObjectIdentifier(result)] = alignment }
        guard let node = result as? DisplayNode else { return result }
        if pagination.keepTogether { hints.keepTogether(node) }
        if pagination.keepWithNext { hints.keepWithNext(node) }
        if node is TextNode, p.text.orphans != hints.orphans || p.text.widows != hints.widows {
            hints.setLineMinimums(node, orphans: p.text.orphans, widows: p.text.widows)
        }
        return result
    }

    mutating func makeTable(_ element: ElementTemplate, _ p: ElementParameters, scope: BindingScope)
        throws(TemplateError) -> TableNode
    {
        var columns = p.content.columns
        // Right to left: the first column is the rightmost (each row's cells are reversed too, `makeRow`).
        if scope.direction == .rtl { columns.reverse() }
        guard !columns.isEmpty else {
            throw site.error(
                at: element.path.appending("columns"), "a table needs \"columns\" (the binding gave none)",
                hint: "e.g. [{\"width\": {\"flex\": 1}}, {\"width\": 80, \"align\": \"end\"}]")
        }
        let padding = p.content.cellPadding
        let grid = p.content.grid
        let tableAlignment = p.pagination.verticalAlign
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
        for (child, list) in zip(element.children, element.childLists) {
            if list == .header {
                for built in try build(child, scope: scope) { headerCells.append(cell(built)) }
            } else {
                rowTemplates.append(child)
            }
        }
        if scope.direction == .rtl { headerCells.reverse() }
        var header: TableRowNode?
        if !headerCells.isEmpty {
            let row = TableRowNode(cells: headerCells)
            // Warnings about the header (more cells than columns) name the table.
            row.origin = element
            if let background = p.content.headerBackground { row.layer.backgroundColor = background }
            style(row)
            header = row
        }
        let repeatsHeader = p.content.repeatHeader
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

    mutating func makeRow(_ element: ElementTemplate, _ p: ElementParameters, scope: BindingScope)
        throws(TemplateError) -> TableRowNode
    {
        var cells: [TableCellNode] = []
        let rowAlignment = p.pagination.verticalAlign
        for child in element.children {
            for built in try build(child, scope: scope) {
                let made = cell(built)
                if made.verticalAlignment == nil { made.verticalAlignment = rowAlignment }
                cells.append(made)
            }
        }
        if scope.direction == .rtl { cells.reverse() }
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
}
