import Foundation
import GalleyReport
import GalleyTestSupport
import Testing

/// The DSL example of README.md, kept compiling and producing a real PDF.
@Suite struct ReadmeDSLExampleTests {
    struct Row {
        var name: String
        var amount: String
    }

    @Test func dslExampleWritesAPDF() throws {
        let path = ReportTestSupport.temporaryPath("readme.pdf")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let summary = "Sales rose in every region."
        let rows = [Row(name: "Widgets", amount: "1,200.00"), Row(name: "Gadgets", amount: "800.00")]
        // --- as in README.md ---
        let report = Report(page: .a4) {
            Text("Quarterly report").fontSize(24).bold().bookmark("Quarterly report")
            VStack(spacing: 8) {
                Text(summary)
                Table(rows) {
                    Column("Item") { row in Text(row.name) }
                    Column("Amount", width: .points(80), alignment: .end) { row in Text(row.amount) }
                }
            }
        }
        .footer { page in Text("Page \(page.page) of \(page.pages)").alignment(.center) }
        .metadata(title: "Quarterly report", author: "Finance")
        try report.writePDF(to: path)
        // ---
        let text = try PDFTools.pdftotext(path).standardOutput
        for expected in ["Quarterly report", "Sales rose in every region.", "Widgets", "800.00", "Page 1 of 1"] {
            #expect(text.contains(expected), "missing \(expected)")
        }
    }
}
