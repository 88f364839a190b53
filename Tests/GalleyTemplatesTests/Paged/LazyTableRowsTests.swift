import Foundation
import Galley
import GalleyLayout
import GalleyTemplates
import Testing

/// A data-driven table's rows built on demand (docs/paged-documents.md, Memory): a paged render
/// holds about a page of rows at a time, and paginates, dumps and draws exactly as the same
/// table with every row kept.
@Suite("lazily built table rows")
struct LazyTableRowsTests {
    /// A paged table over `rows`; `keepsRows` adds `keepTogether: false` to the row element, a
    /// key that makes the table keep its rows as nodes without changing anything else.
    static func template(keepsRows: Bool, header: Bool = true, pageSize: String = "\"A4\"") throws -> Template {
        let headerCells =
            header
            ? "\"header\": [{\"type\": \"text\", \"text\": \"#\"}, {\"type\": \"text\", \"text\": \"Item\"}, {\"type\": \"text\", \"text\": \"Amount\"}],"
            : ""
        return try Template(
            text: """
                {"galley": 1, "page": {"size": \(pageSize), "margin": 20},
                 "footer": {"type": "text", "text": "Page {{page}} of {{pages}}", "fontSize": 6},
                 "body": {"type": "stack", "direction": "vertical", "spacing": 4, "children": [
                   {"type": "text", "text": "Heading", "keepWithNext": true},
                   {"type": "table", "columns": [{"width": "auto"}, {"width": {"flex": 1}}, {"width": "20%", "align": "end"}],
                    \(headerCells) "grid": {"width": 0.5, "color": "#888888"},
                    "rows": [{"type": "row", "each": "{{rows}}", "if": "{{index % 9 != 4}}",
                      \(keepsRows ? "\"keepTogether\": false," : "")
                      "background": "{{index % 2 == 1 ? '#eeeeee' : '#ffffff'}}",
                      "cells": [{"type": "text", "text": "{{index}}"}, {"type": "text", "text": "{{item.name}}"},
                                {"type": "text", "text": "{{item.amount}}"}]}]},
                   {"type": "text", "text": "After the table"}]}}
                """)
    }

    /// `count` rows; every `tallEvery`-th has a paragraph taller than a small page.
    static func data(rows count: Int, tallEvery: Int = 0) throws -> JSONValue {
        let long = (0..<300).map { "word\($0) lorem ipsum" }.joined(separator: " ")
        let rows = (0..<count).map { index in
            let name = tallEvery > 0 && index % tallEvery == 2 ? long : "Item number \(index) of the table"
            return "{\"name\": \"\(name)\", \"amount\": \(Double(index) * 1.25)}"
        }
        return try JSONParser.parse("{\"rows\": [\(rows.joined(separator: ","))]}", file: "data.json").value
    }

    @Test func rowsAliveDuringARenderStayAboutAPage() throws {
        let data = try Self.data(rows: 3_000)
        let lazy = try #require(try Self.template(keepsRows: false).bind(data) as? PagedDocument)
        // Other suites may build a few rows meanwhile; a render keeping its rows holds 3,000.
        TableRowCensus.resetPeak()
        let before = TableRowCensus.live
        let pdf = try DocumentWriter.pdfData(lazy)
        let peak = TableRowCensus.peak - before
        #expect(pdf.count > 10_000)
        let pages = lazy.paginate().pageCount
        #expect(pages > 60)
        print("3,000-row table: \(pages) pages, at most \(peak) rows alive at once")
        // A page's rows at a time (measured: 35, with 37 a page), not 3,000; the slack covers
        // rows other suites may build meanwhile.
        let rowsPerPage = 3_000 / pages + 1
        #expect(peak < 3 * rowsPerPage + 150, "peak \(peak) rows alive at once over \(pages) pages")

        // The counter sees rows that are kept: the ascii-art layout keeps every row.
        let kept = try #require(try Self.template(keepsRows: false).bind(data) as? PagedDocument)
        _ = kept.layout(keepingDetails: true)
        #expect(TableRowCensus.live - before >= 2_600)
        withExtendedLifetime(kept) {}
    }

    @Test(arguments: [true, false])
    func paginatesDumpsAndDrawsAsKeptRows(header: Bool) throws {
        // A small page, rows taller than a page (cut between lines), `if` leaving rows out, an
        // auto column, a heading kept with the table.
        let data = try Self.data(rows: 60, tallEvery: 13)
        let page = "[300, 320]"
        // Laid out lazily however short: a table this short keeps its rows by default
        // (`TableNode.keepsRowsUpTo`).
        try TableNode.keepsRowsUpTo.withValue(0) {
            let lazy = try #require(
                try Self.template(keepsRows: false, header: header, pageSize: page).bind(data) as? PagedDocument)
            let kept = try #require(
                try Self.template(keepsRows: true, header: header, pageSize: page).bind(data) as? PagedDocument)
            let lazySlices = lazy.paginate().slices.map { [$0.top, $0.bottom] }
            let keptSlices = kept.paginate().slices.map { [$0.top, $0.bottom] }
            #expect(lazySlices.count > 10)
            #expect(lazySlices == keptSlices)
            #expect(try LayoutDump.json(lazy) == LayoutDump.json(kept))
            let pagination = lazy.paginate()
            for index in [0, 1, pagination.pageCount / 2, pagination.pageCount - 1] {
                let a = try lazy.displayPage(index)
                let b = try kept.displayPage(index)
                #expect(a == b, "page \(index + 1)")
            }
        }
    }
}
