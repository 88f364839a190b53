import Galley
import GalleyLayout
import GalleyRender
import GalleyReport
import GalleyText
import Testing

/// `Table.rowsOnDemand()`: the rows are built when a page needs them, and the document
/// paginates and draws exactly as with the rows built up front.
@Suite("DSL table rows on demand")
struct RowsOnDemandTests {
    static func document(rows: Int, onDemand: Bool) -> Report {
        let items = (0..<rows).map {
            ("Item \($0)" + ($0 % 17 == 3 ? String(repeating: " long words", count: 40) : ""), $0)
        }
        return Report(page: PageSize(width: 300, height: 300), margins: EdgeInsets(all: 20)) {
            Text("Orders").keepWithNext()
            Table(items) {
                Column("Name") { row in Text(row.0) }
                Column("Qty", width: .auto, alignment: .end) { row in Text("\(row.1)") }
            }
            .grid(width: 0.5, color: .black)
            .stripes(odd: Color(red: 0.9, green: 0.9, blue: 0.9))
            .summary { TableRow { Text("Total").colSpan(2) } }
            .rowsOnDemand(onDemand)
        }
        .footer { page in Text("Page \(page.page) of \(page.pages)") }
    }

    @Test func paginatesAndDrawsAsRowsBuiltUpFront() throws {
        let lazy = try Self.document(rows: 120, onDemand: true).makePagedDocument()
        let eager = try Self.document(rows: 120, onDemand: false).makePagedDocument()
        let a = lazy.paginate()
        let b = eager.paginate()
        #expect(a.pageCount > 5)
        #expect(a.slices.map { [$0.top, $0.bottom] } == b.slices.map { [$0.top, $0.bottom] })
        for index in 0..<a.pageCount {
            #expect(try lazy.displayPage(index) == eager.displayPage(index), "page \(index + 1)")
        }
    }

    @Test func rowSpansAreReported() {
        let document = Report {
            Table([1, 2, 3]) { Column("N") { n in Text("\(n)").rowSpan(2) } }.rowsOnDemand()
        }
        #expect(throws: ReportError.self) { try document.makePagedDocument() }
    }
}
