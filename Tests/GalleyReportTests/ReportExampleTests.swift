import Foundation
import GalleyTestSupport
import Testing

/// The example under Examples/Report, run as `make demo` runs it.
@Suite("report example")
struct ReportExampleTests {
    /// The `report-example` executable `swift build` put beside the test bundle.
    static var executable: String {
        let bundle = Bundle.main.bundleURL
        let candidates = [
            bundle.appendingPathComponent("report-example").path,
            bundle.deletingLastPathComponent().appendingPathComponent("report-example").path,
            ReportTestSupport.packageRoot.appendingPathComponent(".build/debug/report-example").path,
        ]
        return candidates.first(where: FileManager.default.isExecutableFile(atPath:)) ?? candidates[2]
    }

    /// Issue 14: an invalid `SOURCE_DATE_EPOCH` is the report's error (the templates check it the same way).
    @Test func invalidSourceDateEpochFailsTheReport() throws {
        let path = ReportTestSupport.temporaryPath("bad-date.pdf")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try PDFTools.launch(Self.executable, [path], environment: ["SOURCE_DATE_EPOCH": "1e300"])
        #expect(run.status == 1)
        #expect(
            run.standardError.contains("SOURCE_DATE_EPOCH=1e300 is not a date Galley can write"), "\(run.standardError)"
        )
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func writesAValidMultiPageReport() throws {
        let path = ReportTestSupport.temporaryPath("report.pdf")
        let png = ReportTestSupport.temporaryPath("report-1.png")
        defer {
            try? FileManager.default.removeItem(atPath: path)
            try? FileManager.default.removeItem(atPath: png)
        }
        let run = try PDFTools.launch(
            Self.executable, [path, "--png", "1", png], environment: ["SOURCE_DATE_EPOCH": "1700000000"])
        #expect(run.status == 0, "\(run.standardError)")
        let check = try PDFTools.qpdfCheck(path)
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
        #expect(FileManager.default.contents(atPath: png)?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true)

        let pages = try ReportTestSupport.pages(path)
        #expect(pages.count >= 4)
        let text = pages.flatMap { $0 }
        #expect(text.contains { $0.contains("Northwind Freight — Q3 2024 operations") })
        #expect(text.contains("Summary") && text.contains("Outlook") && text.contains("Totals by region"))
        for (index, page) in pages.enumerated() {
            #expect(page.last == "Page \(index + 1) of \(pages.count)", "page \(index + 1) footer")
            // A page that continues the shipments table starts with its header.
            if index > 0, let first = page.firstIndex(where: { $0.hasPrefix("NF-") }), first > 1 {
                #expect(page[first - 1].hasPrefix("Code"), "page \(index + 1): \(page[first - 1])")
            }
        }
        let codes = text.filter { $0.hasPrefix("NF-") }.map { String($0.split(separator: " ")[0]) }
        #expect(codes == (3001...3140).map { "NF-\($0)" }, "every shipment once, in order")

        let outline = try ReportTestSupport.outline(path)
        #expect(
            outline.map(\.title) == [
                "Northwind Freight — Q3 2024 operations", "Summary", "Revenue by month", "Shipments",
                "Totals by region", "Outlook",
            ])
        // The contents on page 1 list the sections with the pages their outline entries land on.
        let sections = outline.dropFirst()
        let contents = try #require(pages.first?.firstIndex(of: "Contents"))
        let listed = pages[0][(contents + 1)...].prefix(sections.count).map { line in
            line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        }
        #expect(listed.map { $0.dropLast().joined(separator: " ") } == sections.map(\.title))
        #expect(listed.map { Int($0.last ?? "") } == sections.map(\.page))
        let info = try ReportTestSupport.info(path)
        #expect(info["Author"] == "Northwind Operations Analytics")
        #expect(try PDFTools.uncompressed(path).contains("https://example.com/northwind/tracking"), "the external link")
    }
}
