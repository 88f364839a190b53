import Foundation
import GalleyTestSupport
import Testing

/// `galley check` runs every record through the pipeline up to painting and warns, with the
/// template's file, line:column and JSON path and the record, about what would render wrong.
@Suite("galley check warnings")
struct CheckWarningsTests {
    static let template = """
        {"galley": 1, "size": [240, 200],
         "body": {"type": "stack", "direction": "vertical", "children": [
           {"type": "box", "width": 200, "height": 20, "child":
             {"type": "text", "text": "{{long}}"}},
           {"type": "text", "text": "Heading", "font": "Helvetica Neue"},
           {"type": "text", "text": "Go to the end", "link": "#nowhere"},
           {"type": "table", "columns": [{"width": 100}, {"width": 100}],
            "header": [{"type": "text", "text": "A"}, {"type": "text", "text": "B"}, {"type": "text", "text": "C"}],
            "rows": []}
         ]}}
        """

    @Test func warningsNameThePlaceAndTheRecord() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("t.json")
        try Self.template.write(to: file, atomically: true, encoding: .utf8)
        let data = dir.appendingPathComponent("d.ndjson")
        let long = String(repeating: "words that wrap ", count: 12)
        try "{\"long\": \"short\"}\n{\"long\": \"\(long)\"}\n".write(to: data, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["check", file.path, "--data", data.path])
        #expect(result.status == 0, "warnings alone pass: \(result.stderr)")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        func line(_ needle: String) -> String? { lines.first { $0.contains(needle) } }
        let overflow = try #require(line("overflows"), "\(result.stderr)")
        #expect(overflow.hasPrefix("\(file.path):4:"), "\(overflow)")
        #expect(overflow.contains("at $.body.children[0].child: record 1: warning: text needs"), "\(overflow)")
        #expect(!lines.contains { $0.contains("record 0: warning: text needs") }, "record 0 fits")
        let font = try #require(line("Helvetica Neue"))
        #expect(
            font.contains("font family \"Helvetica Neue\" is not installed; \"Liberation Sans\" is used"), "\(font)")
        let link = try #require(line("#nowhere"))
        #expect(link.contains("no element has the id \"nowhere\""), "\(link)")
        let cells = try #require(line("cells but the table has"))
        #expect(cells.contains("this row has 3 cells but the table has 2 columns"), "\(cells)")
        #expect(result.stdout.contains("warning(s) in 2 record(s)"), "\(result.stdout)")

        let strict = try CLIRunner.run(["check", file.path, "--data", data.path, "--strict"])
        #expect(strict.status == 1, "--strict fails on warnings")
    }

    /// A clean template checks clean, and a record that would fail to render is an error.
    @Test func cleanTemplatesPassAndErrorsFail() throws {
        let clean = try CLIRunner.run(["check", "Templates/statement.json", "--data", "Templates/statement.data.json"])
        #expect(clean.status == 0 && clean.stdout.hasPrefix("ok:"), "\(clean.stdout) \(clean.stderr)")
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let data = dir.appendingPathComponent("d.json")
        try #"{"account": "A-1"}"#.write(to: data, atomically: true, encoding: .utf8)
        let broken = try CLIRunner.run(["check", "Templates/statement.json", "--data", data.path])
        #expect(broken.status == 2)
        #expect(broken.stderr.contains("Templates/statement.json:"), "\(broken.stderr)")
    }
}
