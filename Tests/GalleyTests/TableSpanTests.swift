import Galley
import GalleyLayout
import GalleyRender
import Testing

/// Tables with `rowSpan` (and `colSpan`): exact frames, the paginator keeping a spanned row
/// group on one page, and the spanning cell's background and border covering the merged area.
@Suite("table row and column spans")
struct TableSpanTests {
    static let red = Color(rgb8: 0xff, 0x00, 0x00)
    static let blue = Color(rgb8: 0x00, 0x00, 0xff)

    /// A cell holding a box of a fixed size, no padding.
    static func cell(_ id: String, height: Double, colSpan: Int = 1, rowSpan: Int = 1) -> TableCellNode {
        let box = BoxNode(intrinsicSize: Size(width: 10, height: height))
        let cell = TableCellNode(content: box, colSpan: colSpan, rowSpan: rowSpan, padding: EdgeInsets(all: 0))
        cell.identifier = id
        return cell
    }

    /// Columns 50 / 30 / 40 pt:
    ///
    ///     r0: A (rowSpan 2, 50 tall) | B (20)      | F (20)
    ///     r1:                        | C (20, colSpan 2)
    ///     r2: D (10)                 | E (10, colSpan 2, rowSpan 5 → clipped to 1)
    static func table() -> TableNode {
        TableNode(
            columns: [
                TableColumn(width: .points(50)), TableColumn(width: .points(30)), TableColumn(width: .points(40)),
            ],
            header: nil,
            rows: [
                TableRowNode(cells: [cell("A", height: 50, rowSpan: 2), cell("B", height: 20), cell("F", height: 20)]),
                TableRowNode(cells: [cell("C", height: 20, colSpan: 2)]),
                TableRowNode(cells: [cell("D", height: 10), cell("E", height: 10, colSpan: 2, rowSpan: 5)]),
            ])
    }

    static func frames(_ layout: Layout) -> [String: Rect] {
        var frames: [String: Rect] = [:]
        for (node, frame) in layout.flattenedNodeFrames() {
            if let id = (node as? DisplayNode)?.identifier { frames[id] = frame }
        }
        return frames
    }

    @Test func spanningCellTakesTheRowsItSpansAndTheLastRowGrows() {
        let table = Self.table()
        let layout = table.layoutThatFits(
            SizeRange(min: Size(width: 120, height: 0), max: Size(width: 120, height: .infinity)))
        let frames = Self.frames(layout)
        // Row 0 is 20 tall (B, F); A needs 50, so row 1 grows from 20 to 30.
        #expect(frames["A"] == Rect(x: 0, y: 0, width: 50, height: 50))
        #expect(frames["B"] == Rect(x: 50, y: 0, width: 30, height: 20))
        #expect(frames["F"] == Rect(x: 80, y: 0, width: 40, height: 20))
        #expect(frames["C"] == Rect(x: 50, y: 20, width: 70, height: 30))
        #expect(frames["D"] == Rect(x: 0, y: 50, width: 50, height: 10))
        #expect(frames["E"] == Rect(x: 50, y: 50, width: 70, height: 10))
        #expect(layout.size == Size(width: 120, height: 60))
        // Rows first (their backgrounds), then the spanning cell drawn over them.
        let rows = layout.sublayouts.map { ($0.element as? DisplayNode)?.typeName ?? "" }
        #expect(rows == ["row", "row", "row", "cell"])
        #expect(layout.sublayouts.map(\.size.height) == [20, 30, 10, 50])
    }

    @Test func shorterSpanningCellIsStretchedToTheRows() {
        let table = TableNode(
            columns: [TableColumn(width: .points(40)), TableColumn(width: .points(40))], header: nil,
            rows: [
                TableRowNode(cells: [Self.cell("S", height: 5, rowSpan: 3), Self.cell("a", height: 12)]),
                TableRowNode(cells: [Self.cell("b", height: 14)]),
                TableRowNode(cells: [Self.cell("c", height: 16)]),
            ])
        let frames = Self.frames(
            table.layoutThatFits(SizeRange(min: Size(width: 80, height: 0), max: Size(width: 80, height: .infinity))))
        #expect(frames["S"] == Rect(x: 0, y: 0, width: 40, height: 42))
        #expect(frames["c"] == Rect(x: 40, y: 26, width: 40, height: 16))
    }

    /// A document whose page cut would fall inside the row group A–C without the keep rule.
    /// A cell spanning 3 rows whose content is `lines` boxes 30 pt tall, stacked (like lines of text).
    static func spanningCell(lines: Int) -> TableCellNode {
        let boxes = (0..<lines).map { _ in BoxNode(intrinsicSize: Size(width: 10, height: 30)) }
        let cell = TableCellNode(
            content: StackLayoutSpec(direction: .vertical, children: boxes), rowSpan: 3, padding: EdgeInsets(all: 0))
        cell.identifier = "span"
        return cell
    }

    static func document(spacer: Double, lines: Int, pageHeight: Double) -> (PagedDocument, TableNode) {
        let table = TableNode(
            columns: [TableColumn(width: .points(50)), TableColumn(width: .flex(1))], header: nil,
            rows: (0..<6).map { index in
                index == 2
                    ? TableRowNode(cells: [spanningCell(lines: lines), cell("r2", height: 20)])
                    : TableRowNode(
                        cells: index == 3 || index == 4
                            ? [cell("r\(index)", height: 20)]
                            : [cell("x\(index)", height: 20), cell("r\(index)", height: 20)])
            })
        let body = StackLayoutSpec(
            direction: .vertical, children: [BoxNode(intrinsicSize: Size(width: 10, height: spacer)), table])
        let document = PagedDocument(
            body: body, pageSize: Size(width: 200, height: pageHeight + 20), margins: EdgeInsets(all: 10))
        return (document, table)
    }

    @Test func rowGroupJoinedByARowSpanIsNotSplitAcrossPages() throws {
        // Rows are 20 pt from y = 30: the group (rows 2–4) spans 70…130; a page of 100 would cut at 90 or 110.
        let (document, _) = Self.document(spacer: 30, lines: 1, pageHeight: 100)
        let pagination = document.paginate()
        #expect(pagination.slices.map(\.bottom) == [70, 150])
        for slice in pagination.slices {
            #expect(!(slice.bottom > 70.01 && slice.bottom < 129.99), "cut at \(slice.bottom)")
        }
    }

    @Test func rowGroupTallerThanAPageSplitsBetweenLines() {
        // The span's content (5 × 30 = 150) is taller than a page (100): the group is cut, but
        // only between its content's boxes, never through one.
        let (document, _) = Self.document(spacer: 0, lines: 5, pageHeight: 100)
        let pagination = document.paginate()
        print("tall row group cuts: \(pagination.slices.map(\.bottom))")
        #expect(pagination.slices.count == 3)
        // Rows 0–1 end at 40; the group runs 40…190; the span's boxes at 40, 70, 100, 130, 160.
        #expect(pagination.slices.first?.bottom == 40, "the group starts a new page")
        for slice in pagination.slices.dropLast() {
            #expect([40, 70, 100, 130, 160, 190].contains(slice.bottom), "cut at \(slice.bottom) is inside a box")
        }
    }

    @Test func spanningCellBackgroundAndBorderCoverTheMergedArea() throws {
        let table = Self.table()
        for row in table.rows { row.layer.backgroundColor = Self.blue }
        let a = try #require(table.rows[0].cells.first)
        a.layer.backgroundColor = Self.red
        a.layer.borderWidth = 2
        a.layer.borderColor = .black
        let document = PagedDocument(
            body: StackLayoutSpec(direction: .vertical, children: [table]), pageSize: Size(width: 140, height: 100),
            margins: EdgeInsets(all: 10))
        document.background = .white
        let image = try RasterRenderer.render(try document.displayPage(0), scale: 1)
        func rgb(_ x: Int, _ y: Int) -> [UInt8] {
            let p = image.pixel(x: x, y: y)
            return [p.r, p.g, p.b]
        }
        // A covers x 10…60, y 10…60 on the page: red inside (rows 0 and 1), black border at its edges.
        for (x, y) in [(15, 15), (35, 30), (15, 45), (55, 55)] {
            #expect(rgb(x, y) == [255, 0, 0], "A at (\(x), \(y))")
        }
        for (x, y) in [(10, 35), (59, 35), (35, 10), (35, 59)] {
            #expect(rgb(x, y) == [0, 0, 0], "A's border at (\(x), \(y))")
        }
        // Beside it the rows' blue; below it row 2's D (blue row, no cell fill).
        #expect(rgb(65, 45) == [0, 0, 255])
        #expect(rgb(35, 65) == [0, 0, 255])
        #expect(rgb(35, 75) == [255, 255, 255], "below the table")
    }
}
