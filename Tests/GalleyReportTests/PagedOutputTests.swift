import Foundation
import Galley
import GalleyLayout
import GalleyReport
import GalleyTestSupport
import GalleyText
import Testing

/// A DSL document written to PDF and PNG, checked on the real output: the table header repeats
/// on every page the table continues on, "Page N of M" footers, outline, metadata, page breaks.
@Suite("report DSL: paged output", .serialized)
struct PagedOutputTests {
    static let items = (1...90).map { (code: String(format: "R-%03d", $0), quantity: $0 * 7) }

    static func document() -> Report {
        Report(
            page: .a5, margins: EdgeInsets(all: 40), spacing: 8,
            textStyle: TextStyle(font: "Liberation Sans", fontSize: 10)
        ) {
            Text("Inventory").fontSize(20).bold().id("top").bookmark("Inventory")
            Text("Stock").fontSize(14).bold().keepWithNext().bookmark("Stock", level: 2)
            Table(items) {
                Column("Item") { item in Text(item.code) }
                Column("Quantity", width: .points(80), alignment: .end) { item in Text("\(item.quantity)") }
            }
            .grid(width: 0.5)
            Text("Notes").fontSize(14).bold().bookmark("Notes", level: 2).pageBreak()
            Text("Counted on the last day of the month.")
            Text("Back to the top").link("#top")
        }
        .header { _ in Text("Warehouse 7").fontSize(8) }
        .footer { page in Text("Page \(page.page) of \(page.pages)").fontSize(8).alignment(.center) }
        .metadata(
            title: "Inventory", author: "Stock Control", subject: "Monthly count", keywords: ["inventory", "warehouse"])
    }

    static func render() throws -> (path: String, pages: [[String]]) {
        let path = ReportTestSupport.temporaryPath("inventory.pdf")
        try document().writePDF(to: path)
        return (path, try ReportTestSupport.pages(path))
    }

    @Test func tableHeaderRepeatsOnEveryPageItContinuesOn() throws {
        let (path, pages) = try Self.render()
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(pages.count >= 4, "90 rows on A5 need several pages, got \(pages.count)")
        var seen: [String] = []
        var tablePages = 0
        for (index, page) in pages.enumerated() {
            let rows = page.filter { $0.hasPrefix("R-") }
            guard let firstRow = page.firstIndex(where: { $0.hasPrefix("R-") }) else { continue }
            tablePages += 1
            let header = page[firstRow - 1].split(separator: " ", omittingEmptySubsequences: true)
            #expect(
                header == ["Item", "Quantity"],
                "page \(index + 1): the line above the first row is \(page[firstRow - 1])")
            seen += rows.map { String($0.split(separator: " ")[0]) }
        }
        #expect(tablePages >= 3)
        #expect(seen == Self.items.map(\.code), "every row once, in order")
    }

    @Test func footersNumberEveryPageOfTheTotal() throws {
        let (path, pages) = try Self.render()
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try Self.document().pageCount() == pages.count)
        for (index, page) in pages.enumerated() {
            #expect(page.first == "Warehouse 7", "page \(index + 1) header")
            #expect(page.last == "Page \(index + 1) of \(pages.count)", "page \(index + 1) footer")
        }
    }

    @Test func pageBreakStartsTheNotesOnANewPage() throws {
        let (path, pages) = try Self.render()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let last = try #require(pages.last)
        #expect(last.dropFirst().first == "Notes", "\(last)")
        #expect(!last.contains { $0.hasPrefix("R-") })
    }

    @Test func outlineLinksAndMetadata() throws {
        let (path, pages) = try Self.render()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let check = try PDFTools.qpdfCheck(path)
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
        let outline = try ReportTestSupport.outline(path)
        #expect(outline.map(\.title) == ["Inventory", "Stock", "Notes"])
        #expect(outline.map(\.depth) == [1, 2, 2])
        #expect(outline.map(\.page) == [1, 1, pages.count])
        let info = try ReportTestSupport.info(path)
        #expect(info["Title"] == "Inventory")
        #expect(info["Author"] == "Stock Control")
        #expect(info["Subject"] == "Monthly count")
        #expect(info["Keywords"] == "inventory, warehouse")
        let raw = try PDFTools.uncompressed(path)
        #expect(raw.contains("/Dest") || raw.contains("/GoTo"), "the internal link to #top")
    }

    @Test func pngOfOnePage() throws {
        let bytes = try Self.document().pngData(page: 1, scale: 1)
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        func be32(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        #expect(be32(16) == 420 && be32(20) == 596, "A5 at 72 dpi is 420 × 596 pixels")
        #expect(throws: DocumentError.self) { try Self.document().pngData(page: 99) }
    }
}
