import Galley
import GalleyLayout
import GalleyRender
import GalleyReport
import GalleyText
import Synchronization
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
        let eager = try Self.document(rows: 120, onDemand: false).makePagedDocument()
        let b = eager.paginate()
        // Laid out lazily however short (`keepsRowsUpTo` 0), and kept as a short table is (the
        // default): both as the rows built up front.
        for limit in [0, TableNode.keepsRowsUpTo.get()] {
            try TableNode.keepsRowsUpTo.withValue(limit) {
                let lazy = try Self.document(rows: 120, onDemand: true).makePagedDocument()
                let a = lazy.paginate()
                #expect(a.pageCount > 5)
                #expect(a.slices.map { [$0.top, $0.bottom] } == b.slices.map { [$0.top, $0.bottom] })
                for index in 0..<a.pageCount {
                    #expect(try lazy.displayPage(index) == eager.displayPage(index), "page \(index + 1), \(limit)")
                }
            }
        }
    }

    final class BuildCount: Sendable {
        let value = Mutex(0)

        /// `text`, counted once more.
        func counted(_ text: Text) -> Text {
            value.withLock { $0 += 1 }
            return text
        }
    }

    /// A table of at most `TableNode.keepsRowsUpTo` rows keeps them in a paged body: each row is
    /// built once for the layout and drawing of the whole render, where a table laid out lazily
    /// builds every row again for the page that draws it.
    @Test func aShortTableBuildsEachRowOnce() throws {
        func builds(keepingUpTo limit: Int) throws -> Int {
            let count = BuildCount()
            let report = Report(page: PageSize(width: 300, height: 300), margins: EdgeInsets(all: 20)) {
                Table(Array(0..<60)) {
                    Column("N") { n in count.counted(Text("Row \(n)")) }
                }
                .rowsOnDemand()
            }
            try TableNode.keepsRowsUpTo.withValue(limit) {
                let document = try report.makePagedDocument()
                let pages = document.paginate().pageCount
                #expect(pages > 2)
                for index in 0..<pages { _ = try document.displayPage(index) }
            }
            return count.value.withLock { $0 }
        }
        // `makePagedDocument` builds every row once to check it; then a kept table builds each
        // row once more, a lazy one once to measure it and again for the page that draws it.
        #expect(try builds(keepingUpTo: 60) == 2 * 60)
        #expect(try builds(keepingUpTo: 59) >= 3 * 60)
    }

    @Test func rowSpansAreReported() {
        let document = Report {
            Table([1, 2, 3]) { Column("N") { n in Text("\(n)").rowSpan(2) } }.rowsOnDemand()
        }
        #expect(throws: ReportError.self) { try document.makePagedDocument() }
    }
}
