import Foundation
import GalleyTestSupport
import Testing

/// `galley batch` renders paged templates with the guarantees canvas templates have: per-record
/// errors, `--resume`, `--timeout` that bounds layout and pagination, deterministic output, and
/// one PNG per page per record.
@Suite("batch of a paged template")
struct PagedBatchTests {
    static func records(_ count: Int, rows: (Int) -> Int) -> String {
        (0..<count).map { DocumentPipelineTests.statement(index: $0, rows: rows($0)) }.joined(separator: "\n") + "\n"
    }

    /// With SOURCE_DATE_EPOCH, 1 job and 2 jobs write byte-identical PDFs; each is valid.
    @Test func oneAndTwoJobsWriteTheSameBytes() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let data = dir.appendingPathComponent("statements.ndjson")
        try Self.records(12) { 20 + $0 * 7 }.write(to: data, atomically: true, encoding: .utf8)
        var outputs: [[String: Data]] = []
        for jobs in ["1", "2"] {
            let out = dir.appendingPathComponent("out-\(jobs)")
            let result = try CLIRunner.run(
                [
                    "batch", "Templates/statement.json", "--data", data.path, "--out", out.path, "--name",
                    "{{account}}.pdf", "--jobs", jobs,
                ], environment: ["SOURCE_DATE_EPOCH": "1767225600"])
            #expect(result.status == 0, "\(result.stderr)")
            var files: [String: Data] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: out.path) {
                files[name] = try Data(contentsOf: out.appendingPathComponent(name))
            }
            outputs.append(files)
        }
        #expect(outputs[0].count == 12)
        #expect(outputs[0] == outputs[1])
        for name in outputs[0].keys.sorted().prefix(3) {
            #expect(try PDFTools.qpdfCheck(dir.appendingPathComponent("out-1/\(name)").path).status == 0)
        }
    }

    /// PNG output of a paged template: every page of every record, NAME-1.png, NAME-2.png, …;
    /// `--resume` skips a record whose first page is there.
    @Test func pngBatchWritesEveryPageAndResumes() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let data = dir.appendingPathComponent("statements.ndjson")
        try Self.records(3) { [8, 60, 100][$0] }.write(to: data, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("pages")
        let arguments = [
            "batch", "Templates/statement.json", "--data", data.path, "--out", out.path, "--name", "{{account}}.png",
        ]
        let first = try CLIRunner.run(arguments)
        #expect(first.status == 0, "\(first.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(names.filter { $0.hasPrefix("AC-100000-") } == ["AC-100000-1.png"])
        #expect(names.filter { $0.hasPrefix("AC-100001-") }.count == 3)
        #expect(names.filter { $0.hasPrefix("AC-100002-") }.count == 5)
        #expect(!names.contains { $0.contains(".tmp") }, "no temporary file left")
        try FileManager.default.removeItem(at: out.appendingPathComponent("AC-100002-1.png"))
        let again = try CLIRunner.run(arguments + ["--resume"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr.contains("rendered 1, failed 0, skipped 2"), "\(again.stderr)")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("AC-100002-1.png").path))
    }

    /// A record whose table is too long to lay out in time is listed as timed out, the others
    /// render: `--timeout` bounds layout and pagination, not only drawing.
    @Test func timeoutStopsARecordStillPaginating() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let data = dir.appendingPathComponent("statements.ndjson")
        try Self.records(3) { $0 == 1 ? 40_000 : 10 }.write(to: data, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("out")
        let result = try CLIRunner.run(
            [
                "batch", "Templates/statement.json", "--data", data.path, "--out", out.path, "--timeout", "0.5",
                "--jobs", "1",
            ])
        #expect(result.status == 1, "\(result.stderr)")
        let log = try String(contentsOf: out.appendingPathComponent("errors.ndjson"), encoding: .utf8)
        #expect(log.contains("\"record\":1") && log.contains("timed out after 0.5s"), "\(log)")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("0.pdf").path))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("2.pdf").path))
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("1.pdf").path))
    }
}
