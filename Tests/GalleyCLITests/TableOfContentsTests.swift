import Foundation
import GalleyTestSupport
import Testing

/// The `toc` element through the CLI, on Templates/handbook.json: its page numbers are the pages
/// the bookmarked headings land on (read back with pdftotext, page by page), and each entry is a
/// link to that page (qpdf --json).
@Suite("table of contents", .serialized)
struct TableOfContentsTests {
    static let handbook = ["render", "Templates/handbook.json", "--data", "Templates/handbook.data.json"]

    /// pdftotext -layout, one array of trimmed non-empty lines per page.
    static func pages(_ pdf: URL) throws -> [[String]] {
        let text = try PDFTools.pdftotext(pdf.path, layout: true).standardOutput
        var pages = text.components(separatedBy: "\u{0C}").map { page in
            page.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        if pages.last?.isEmpty == true { pages.removeLast() }
        return pages
    }

    /// The toc lines of a page ("Title ..... N" with the leader drawn as dots, not text).
    static func entries(_ page: [String]) -> [(title: String, page: Int)] {
        page.compactMap { line in
            guard let match = line.firstMatch(of: /^(.+?)\s+(\d+)$/), let number = Int(match.2) else { return nil }
            return (String(match.1), number)
        }
    }

    /// The handbook's toc: the entry lines after "Contents" on page 1 (the footer "1 / 8" left out).
    static func handbookEntries(_ pages: [[String]]) throws -> [(title: String, page: Int)] {
        let contents = try #require(pages.first?.firstIndex(of: "Contents"), "\(pages.first ?? [])")
        return entries(Array(pages[0][(contents + 1)...]).filter { !$0.contains(" / ") })
    }

    static func render(_ arguments: [String], to name: String) throws -> URL {
        let out = try CLIRunner.temporaryDirectory().appendingPathComponent(name)
        let result = try CLIRunner.run(arguments + ["-o", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        return out
    }

    @Test func pageNumbersAreThePagesWhereTheHeadingsLand() throws {
        let pages = try Self.pages(try Self.render(Self.handbook, to: "handbook.pdf"))
        try #require(pages.count > 3)
        let entries = try Self.handbookEntries(pages)
        // 5 chapters + 11 sections + the rota heading (levels: 2).
        #expect(entries.count == 17, "\(entries)")
        var previous = 1
        for entry in entries {
            // The heading is a line of its own on exactly the page the toc names (after page 1).
            let landed = pages.indices.dropFirst().filter { pages[$0].contains(entry.title) }.map { $0 + 1 }
            #expect(landed.first == entry.page, "\(entry.title): toc says \(entry.page), heading on \(landed)")
            #expect(entry.page >= previous, "\(entry.title): pages go forward")
            previous = entry.page
        }
        #expect(Set(entries.map(\.page)).count > 3, "entries spread over several pages")
    }

    @Test func entriesLinkToTheirPages() throws {
        let pdf = try Self.render(Self.handbook, to: "links.pdf")
        let numbers = try Self.handbookEntries(try Self.pages(pdf)).map(\.page)
        // Page 1's internal links, top to bottom (PDF y grows upwards).
        let links = try PDFLinks.links(pdf.path).filter { $0.page == 1 && $0.destination != nil }
            .sorted { $0.rect[3] > $1.rect[3] }
        #expect(links.count == numbers.count, "\(links.count) links for \(numbers.count) entries")
        #expect(links.map(\.destinationPage) == numbers.map { Optional($0) })
        // Each link covers its whole line: the content box width of A5 with 40 pt margins.
        for link in links { #expect(link.rect[0] == 40 && link.rect[2] == 380, "\(link.rect)") }
    }

    @Test func levelsLimitTheEntriesAndSpaceLeaderDrawsNoDots() throws {
        let dir = try CLIRunner.temporaryDirectory()
        func render(leader: String) throws -> URL {
            let template = dir.appendingPathComponent("toc-\(leader).json")
            try """
            {"galley": 1, "page": {"size": "A6", "margin": 20},
             "body": {"type": "stack", "direction": "vertical", "spacing": 6, "children": [
               {"type": "toc", "levels": 1, "leader": "\(leader)", "font": "DejaVu Sans", "fontSize": 9},
               {"type": "text", "text": "Alpha", "bookmark": "Alpha"},
               {"type": "text", "text": "Alpha one", "bookmark": "Alpha one", "bookmarkLevel": 2},
               {"type": "pageBreak"},
               {"type": "text", "text": "Beta", "bookmark": "Beta"},
               {"type": "pageBreak"},
               {"type": "text", "text": "Gamma", "bookmark": "Gamma"}]}}
            """.write(to: template, atomically: true, encoding: .utf8)
            return try Self.render(["render", template.path], to: "toc-\(leader).pdf")
        }
        let spaced = try render(leader: "space")
        let entries = Self.entries(try Self.pages(spaced)[0])
        #expect(entries.map(\.title) == ["Alpha", "Beta", "Gamma"])
        #expect(entries.map(\.page) == [1, 2, 3])
        // Leader dots are filled circles (curves, "c"); with "space" the page has none.
        #expect(!(try PDFTools.uncompressed(spaced.path)).contains(" c "), "no leader dots")
        #expect(try PDFTools.uncompressed(try render(leader: "dots").path).contains(" c "), "leader dots")
    }
}
