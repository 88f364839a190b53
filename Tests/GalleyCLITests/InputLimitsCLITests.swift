import Foundation
import GalleyTestSupport
import Testing

/// Issue 14's inputs through the `galley` executable: each is a clear error with exit status 2
/// (1 for a batch, whose other records render), never a trap (132) or SIGSEGV (139).
@Suite struct InputLimitsCLITests {
    static func write(_ text: String, _ name: String, in dir: URL) throws -> String {
        let url = dir.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test(arguments: ["1e300", "inf", "nan", "-62167219201", "253402300800"])
    func invalidSourceDateEpochIsAnError(value: String) throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let output = dir.appendingPathComponent("out.pdf").path
        let run = try CLIRunner.run(
            ["render", "Templates/hello.json", "--data", "Templates/hello.data.json", "-o", output],
            environment: ["SOURCE_DATE_EPOCH": value])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("SOURCE_DATE_EPOCH=\(value) is not a date Galley can write"), "\(run.stderr)")
        #expect(run.stderr.contains("from -62167219200 to 253402300799"))
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    /// Year 9999 is the last a PDF date holds; it is written as such (qpdf accepts the file).
    @Test func lastAcceptedYearWritesAValidPDF() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let output = dir.appendingPathComponent("out.pdf").path
        let run = try CLIRunner.run(
            ["render", "Templates/hello.json", "--data", "Templates/hello.data.json", "-o", output],
            environment: ["SOURCE_DATE_EPOCH": "253402300799"])
        #expect(run.status == 0, "\(run.stderr)")
        let pdf = try Data(contentsOf: URL(fileURLWithPath: output))
        #expect(String(decoding: pdf, as: UTF8.self).contains("/CreationDate (99991231235959Z)"))
        #expect(try PDFTools.qpdfCheck(output).status == 0)
    }

    /// A poison record (`lines: 1e19` bound to maxLines) is that record's error; the others render.
    @Test func poisonRecordIsLoggedAndTheOthersRender() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let template = try Self.write(
            #"{galley: 1, size: [100, 40], body: {type: "text", text: "{{name}}", maxLines: "{{lines}}"}}"#, "t.json",
            in: dir)
        let records = (0..<10).map { #"{"name": "r\#($0)", "lines": \#($0 == 5 ? "1e19" : "2")}"# }
        let data = try Self.write(records.joined(separator: "\n") + "\n", "d.ndjson", in: dir)
        let out = dir.appendingPathComponent("out")
        let run = try CLIRunner.run(["batch", template, "--data", data, "--out", out.path, "--format", "png"])
        #expect(run.status == 1, "\(run.stderr)")
        let log = try String(contentsOf: out.appendingPathComponent("errors.ndjson"), encoding: .utf8)
        let lines = log.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(
            lines.first?.contains("record 5: expected a whole number from 0 to 100000, got 1e19") == true, "\(log)")
        let pngs = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".png") }
        #expect(pngs.count == 9)
    }

    /// 50,000-term expressions and 100,000 nested brackets through the executable.
    @Test func hostileExpressionsAndNesting() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let sum = Array(repeating: "a", count: 50_000).joined(separator: "+")
        let long = try Self.write(
            #"{"galley": 1, "size": [200, 40], "sampleData": {"a": 1}, "body": {"type": "text", "text": "{{"# + sum
                + #"}}"}}"#, "sum.json", in: dir)
        let layout = try CLIRunner.run(["layout", long])
        #expect(layout.status == 0, "\(layout.stderr)")
        let deep = try Self.write(
            #"{"galley": 1, "size": [200, 40], "body": "# + String(repeating: "[", count: 100_000) + "}", "deep.json",
            in: dir)
        let nested = try CLIRunner.run(["render", deep, "-o", dir.appendingPathComponent("x.png").path])
        #expect(nested.status == 2)
        #expect(nested.stderr.contains("arrays and objects nested deeper than 512 levels"), "\(nested.stderr)")
    }
}
