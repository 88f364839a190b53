import Foundation
import Galley
import GalleyLayout
import GalleyReport
import GalleyText
import Testing

/// `TableOfContents` and `.rowSpan` in the DSL: the contents list the bookmarks with the pages
/// they land on (read back with pdftotext), and a cell spanning rows is as tall as those rows.
@Suite("report DSL: table of contents and row spans", .serialized)
struct TableOfContentsAndSpanTests {
    static let paragraph = Array(
        repeating: "Volume rose steadily through the quarter as two new hubs came online and on-time delivery held.",
        count: 12
    ).joined(separator: " ")

    /// A5 pages: the contents, then sections whose headings land on pages 2, 2–3 and later. "Beta"
    /// is a bookmarked container holding the bookmarked "Beta one": it is listed first.
    static func document() -> Report {
        Report(
            page: .a5, margins: EdgeInsets(all: 40), spacing: 8,
            textStyle: TextStyle(font: "Liberation Sans", fontSize: 10)
        ) {
            TableOfContents(title: "Contents", levels: 2)
            Text("Alpha").fontSize(14).bold().keepWithNext().bookmark("Alpha").pageBreak()
            Text(paragraph)
            Text(paragraph)
            VStack(spacing: 8) {
                Text("Beta").fontSize(14).bold().keepWithNext()
                Text(paragraph)
                Text("Beta one").bold().keepWithNext().bookmark("Beta one", level: 2)
                Text(paragraph)
                Text(paragraph)
            }
            .bookmark("Beta")
            Text("Gamma").fontSize(14).bold().keepWithNext().bookmark("Gamma")
            Text("Gamma deep").bookmark("Gamma deep", level: 3)
            Text(paragraph)
        }
    }

    @Test func entriesListTheBookmarksWithThePagesTheyLandOn() throws {
        let path = ReportTestSupport.temporaryPath("contents.pdf")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Self.document().writePDF(to: path)
        let pages = try ReportTestSupport.pages(path)
        try #require(pages.count >= 3, "\(pages)")
        let first = pages[0]
        #expect(first.first == "Contents")
        // Each entry line: the title, spaces for the dot leader (drawn, not text), the number.
        let entries = first.dropFirst().map { line -> (title: String, page: Int?) in
            let words = line.split(separator: " ", omittingEmptySubsequences: true)
            return (words.dropLast().joined(separator: " "), words.last.flatMap { Int($0) })
        }
        #expect(entries.map(\.title) == ["Alpha", "Beta", "Beta one", "Gamma"], "levels 1–2, in document order")
        for entry in entries {
            let landing = pages.indices.dropFirst().first { pages[$0].contains(entry.title) }.map { $0 + 1 }
            #expect(
                entry.page != nil && entry.page == landing,
                "\(entry.title): listed \(entry.page ?? 0), on \(landing ?? 0)")
        }
        #expect(Set(entries.compactMap(\.page)).count > 2, "the sections spread over several pages: \(entries)")
        // The outline (all levels) agrees.
        let outline = try ReportTestSupport.outline(path).filter { entry in entries.contains { $0.title == entry.title }
        }
        #expect(outline.map(\.title) == entries.map(\.title))
        #expect(outline.map(\.page) == entries.compactMap(\.page))
    }

    static let shipments = [
        (region: "North", code: "S-1"), (region: "North", code: "S-2"), (region: "North", code: "S-3"),
        (region: "South", code: "S-4"), (region: "East", code: "S-5"),
    ]

    /// Layouts of the table's direct sublayouts: its rows and, after them, the cells spanning rows.
    static func tableParts(_ document: Report) throws -> (
        rows: [(y: Double, height: Double, cells: Int)], spanning: [Rect]
    ) {
        let layout = try document.makePagedDocument().layout()
        func find(_ layout: Layout) -> Layout? {
            if layout.element is TableNode { return layout }
            return layout.sublayouts.lazy.compactMap(find).first
        }
        let table = try #require(find(layout))
        var rows: [(Double, Double, Int)] = []
        var spanning: [Rect] = []
        for sub in table.sublayouts {
            if let row = sub.element as? TableRowNode {
                rows.append((sub.position.y, sub.size.height, row.cells.count))
            } else if sub.element is TableCellNode {
                spanning.append(Rect(origin: sub.position, size: sub.size))
            }
        }
        return (rows, spanning)
    }

    @Test func aColumnCellSpanningRowsIsAsTallAsThemAndTheyLeaveItsColumnOut() throws {
        let runs = ["North": 3, "South": 1, "East": 1]
        let document = Report(textStyle: TextStyle(font: "Liberation Sans", fontSize: 10)) {
            Table(Array(Self.shipments.enumerated())) {
                Column("Region", width: .points(80)) { index, shipment in
                    // The region once, beside its run of shipments.
                    Text(shipment.region).rowSpan(
                        index == 0 || Self.shipments[index - 1].region != shipment.region
                            ? runs[shipment.region] ?? 1 : 1)
                }
                Column("Shipment") { _, shipment in Text(shipment.code) }
            }
            .grid(width: 0.5)
        }
        let (rows, spanning) = try Self.tableParts(document)
        // The header, then 5 data rows; "North" spans data rows 1–3 (indices 1…3).
        try #require(rows.count == 6)
        #expect(rows.map(\.cells) == [2, 2, 1, 1, 2, 2], "data rows 2–3 have no Region cell of their own")
        try #require(spanning.count == 1)
        let north = spanning[0]
        #expect(north.minY == rows[1].y)
        #expect(north.height == rows[1].height + rows[2].height + rows[3].height)
        #expect(north.width == 80)
    }

    @Test func aSummaryCellSpanningRowsGrowsTheLastRowForTallContent() throws {
        let document = Report(textStyle: TextStyle(font: "Liberation Sans", fontSize: 10)) {
            Table(Self.shipments) {
                Column("Code", width: .points(60)) { shipment in Text(shipment.code) }
                Column("Region") { shipment in Text(shipment.region) }
            }
            .summary {
                TableRow {
                    VStack {
                        Text("Notes")
                        Text("Checked")
                        Text("Signed")
                        Text("Filed")
                    }.rowSpan(2)
                    Text("Total")
                }
                TableRow { Text("5 shipments") }
            }
        }
        let (rows, spanning) = try Self.tableParts(document)
        try #require(rows.count == 8 && spanning.count == 1)
        let notes = spanning[0]
        let (first, second) = (rows[6], rows[7])
        #expect(notes.minY == first.y)
        #expect(notes.height == first.height + second.height)
        // Four lines are taller than two one-line rows: the second row grew to make room.
        #expect(second.height > first.height, "\(rows)")
        #expect(notes.height > 2 * rows[1].height)
    }
}
