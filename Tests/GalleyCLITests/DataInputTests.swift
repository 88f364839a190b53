import Foundation
import GalleyTestSupport
import Testing

/// Data on the command line: `--data -` with `--data-format` on every command that takes data,
/// `--data-as array` (one document for a whole file), numbers printed as written from every
/// format, and a template's column types.
@Suite("data input")
struct DataInputTests {
    static let idTemplate = """
        {galley: 1, size: [500, 120], body: {type: "stack", direction: "vertical", children: [
          {type: "text", text: "A {{a}} B {{b}} C {{c}} P {{p}} S {{p * 2}}"},
          {type: "text", if: "{{flag}}", text: "FLAGGED"}]}}
        """

    /// Writes `text` into `dir/name`.
    static func write(_ text: String, _ name: String, in dir: URL) throws -> URL {
        let url = dir.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// 16-, 19- and 20-digit IDs and a price of 1.50, in each format.
    static let records: [String: String] = [
        "json":
            #"[{"a": 1234567890123456, "b": 9223372036854775807, "c": 12345678901234567890, "p": 1.50, "flag": false}]"#,
        "ndjson":
            #"{"a": 1234567890123456, "b": 9223372036854775807, "c": 12345678901234567890, "p": 1.50, "flag": false}"#
            + "\n",
        "csv": "a,b,c,p,flag\n1234567890123456,9223372036854775807,12345678901234567890,1.50,false\n",
    ]

    @Test(arguments: ["json", "ndjson", "csv"])
    func idsAndDecimalsPrintAsWritten(format: String) throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let template = try Self.write(Self.idTemplate, "t.json", in: dir)
        let data = try Self.write(try #require(Self.records[format]), "d.\(format)", in: dir)
        let pdf = dir.appendingPathComponent("out.pdf")
        let result = try CLIRunner.run(["render", template.path, "--data", data.path, "-o", pdf.path])
        #expect(result.status == 0, "\(result.stderr)")
        let text = try PDFTools.pdftotext(pdf.path).standardOutput
        #expect(
            text.contains("A 1234567890123456 B 9223372036854775807 C 12345678901234567890 P 1.50 S 3.00"), "\(text)")
        #expect(!text.contains("FLAGGED"), "false (and the CSV text \"false\") is false in if")
    }

    /// `--data -` reads standard input on every command that takes data.
    @Test func standardInputOnEveryCommand() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let template = try Self.write(Self.idTemplate, "t.json", in: dir)
        let csv = try Self.write(try #require(Self.records["csv"]), "d.csv", in: dir)
        let stdin = ["--data", "-", "--data-format", "csv"]
        let runs: [[String]] = [
            ["render", template.path, "-o", dir.appendingPathComponent("r.pdf").path] + stdin,
            ["rasterize", template.path, "-o", dir.appendingPathComponent("r.png").path] + stdin,
            ["layout", template.path, "--json"] + stdin,
            ["check", template.path] + stdin,
            ["batch", template.path, "--out", dir.appendingPathComponent("batch").path] + stdin,
            [
                "animate", template.path, "--from", "-", "--to", csv.path, "--data-format", "csv", "--at", "0.5", "-o",
                dir.appendingPathComponent("a.png").path,
            ],
        ]
        for arguments in runs {
            let result = try CLIRunner.run(arguments, standardInput: csv)
            #expect(result.status == 0, "\(arguments[0]): \(result.stderr)")
        }
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("batch/0.pdf").path))
        let text = try PDFTools.pdftotext(dir.appendingPathComponent("r.pdf").path).standardOutput
        #expect(text.contains("C 12345678901234567890 P 1.50"), "\(text)")
        // Without a format, standard input is a usage error that says what to add.
        let missing = try CLIRunner.run(
            ["render", template.path, "--data", "-", "-o", "x.pdf"], in: dir, standardInput: csv)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("--data-format"), "\(missing.stderr)")
    }

    /// `--data-as array` (or `data: {as: "array"}`) binds every record as one `records` array:
    /// one document for the whole file; a template's column types convert CSV text.
    @Test func wholeFileBindingAndColumnTypes() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let template = try Self.write(
            """
            {galley: 1, size: [300, 200], data: {columns: {qty: "number", paid: "bool"}},
             body: {type: "stack", direction: "vertical", children: [
               {type: "text", text: "{{records | sum:'qty'}} items"},
               {type: "text", each: "{{records}}", if: "{{item.paid}}", text: "{{item.name}} paid"}]}}
            """, "t.json", in: dir)
        let csv = try Self.write("name,qty,paid\nAda,1.5,yes\nBob,2.25,no\nCy,3,true\n", "d.csv", in: dir)
        let out = dir.appendingPathComponent("batch")
        let batch = try CLIRunner.run([
            "batch", template.path, "--data", csv.path, "--data-as", "array", "--out", out.path,
        ])
        #expect(batch.status == 0, "\(batch.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".pdf") }
        #expect(files == ["0.pdf"], "one document for the whole file")
        let text = try PDFTools.pdftotext(out.appendingPathComponent("0.pdf").path).standardOutput
        #expect(text.contains("6.75 items") && text.contains("Ada paid") && text.contains("Cy paid"), "\(text)")
        #expect(!text.contains("Bob paid"))
        // A field that does not convert is the record's error, naming the field.
        let bad = try Self.write("name,qty,paid\nAda,lots,yes\n", "bad.csv", in: dir)
        let failed = try CLIRunner.run([
            "render", template.path, "--data", bad.path, "-o", dir.appendingPathComponent("x.pdf").path,
        ])
        #expect(failed.status == 2)
        #expect(
            failed.stderr.contains("bad.csv:2: record 0: field \"qty\": expected a number, got \"lots\""),
            "\(failed.stderr)")
    }

    /// 30 addresses from a CSV fill one Avery 5160 sheet: 3 × 10 labels of 2.625 × 1 in, 0.5 in
    /// from the top, 1/8 in between columns, on US Letter.
    @Test func thirtyAddressesFillOneLabelSheet() throws {
        let result = try CLIRunner.run(
            ["layout", "Templates/avery-5160.json", "--data", "Templates/avery-5160.data.csv", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let dump = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let pages = try #require(dump?["pages"] as? [[String: Any]])
        #expect(pages.count == 1)
        #expect(pages[0]["size"] as? [Double] == [612, 792])
        let nodes = try #require(pages[0]["nodes"] as? [[String: Any]])
        let labels = nodes.filter { ($0["id"] as? String)?.hasPrefix("label-") == true }
        #expect(labels.count == 30)
        for (index, label) in labels.enumerated() {
            let frame = try #require(label["frame"] as? [Double])
            let column = Double(index % 3)
            let row = Double(index / 3)
            // `galley layout` reports Texture's 1 pt grid: the 3/16 in (13.5 pt) margin lands on 14 pt
            // (the PDF below keeps 13.5).
            let exact = 13.5 + column * (2.625 + 0.125) * 72
            #expect(frame[0] == exact.rounded(.toNearestOrAwayFromZero), "label \(index) x \(frame)")
            #expect(frame[1] == 36 + row * 72, "label \(index) y")
            #expect(frame[2] == 2.625 * 72 && frame[3] == 72, "label \(index) size")
        }
        let pdf = FileManager.default.temporaryDirectory.appendingPathComponent("avery-\(UUID().uuidString).pdf")
        defer { try? FileManager.default.removeItem(at: pdf) }
        let render = try CLIRunner.run(
            ["render", "Templates/avery-5160.json", "--data", "Templates/avery-5160.data.csv", "-o", pdf.path])
        #expect(render.status == 0, "\(render.stderr)")
        // A PDF is not a pixel grid: each label's first line starts exactly 0.2 in inside its label,
        // 13.5 + column × 198 pt from the page's edge, and the rows are exactly 72 pt apart (the
        // name's text matrix, `10 0 0 -10 x y Tm`).
        let operators = try PDFTools.uncompressed(pdf.path).split(separator: "\n")
        let names = operators.filter { $0.hasPrefix("10 0 0 -10 ") && $0.hasSuffix(" Tm") }.map {
            $0.split(separator: " ").compactMap { Double($0) }
        }
        try #require(names.count == 30)
        for (index, name) in names.enumerated() {
            let (column, row) = (Double(index % 3), Double(index / 3))
            #expect(name[4] == 13.5 + column * 198 + 14.4, "label \(index) x: \(name[4])")
            #expect(abs(name[5] - (names[0][5] + row * 72)) < 1e-6, "label \(index) baseline: \(name[5])")
        }
        let text = try PDFTools.pdftotext(pdf.path).standardOutput
        // ZIP codes keep their leading zero and customer numbers every digit.
        #expect(text.contains("Boston, MA 02134") && text.contains("Customer 51724344134811907572"), "\(text)")
    }
}
