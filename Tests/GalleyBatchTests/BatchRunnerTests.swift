import Foundation
import GalleyBatch
import Testing

@Suite("BatchRunner")
struct BatchRunnerTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let hello = root.appendingPathComponent("Templates/hello.json").path

    static func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("galley-batch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func data(_ lines: [String], in dir: URL) throws -> String {
        let url = dir.appendingPathComponent("data.ndjson")
        try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    static func record(_ name: String) -> String {
        #"{"name": "\#(name)", "message": "m", "from": "f", "tags": ["t"]}"#
    }

    @Test func shardsPartitionRecordIndices() throws {
        let shards = try (0..<3).map { try Shard(parsing: "\($0)/3") }
        for index in 0..<30 {
            #expect(shards.filter { $0.contains(index) }.count == 1)
        }
        #expect(throws: BatchError.self) { try Shard(parsing: "3/3") }
        #expect(throws: BatchError.self) { try Shard(parsing: "1") }
    }

    @Test func runsFromSwiftAndLogsTheBadRecord() throws {
        let dir = try Self.directory()
        let lines = (0..<8).map { $0 == 2 ? #"{"message": "no name"}"# : Self.record("n\($0)") }
        var options = BatchOptions(
            templatePath: Self.hello, dataPath: try Self.data(lines, in: dir),
            outputDirectory: dir.appendingPathComponent("out").path)
        options.nameTemplate = "{{name | default:\"x\"}}-{{index}}.pdf"
        options.jobs = 3
        let runner = try BatchRunner(options: options)
        let summary = try runner.run()
        #expect(summary.rendered == 7 && summary.failed == 1 && summary.skipped == 0)
        #expect(summary.exitStatus == 1)
        let log = try String(contentsOfFile: runner.errorLogPath, encoding: .utf8)
        #expect(log.hasPrefix(#"{"record":2,"name":"x-2.pdf","error":"#))
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out/n0-0.pdf").path))

        options.resume = true
        let again = try BatchRunner(options: options).run()
        #expect(again.skipped == 7 && again.rendered == 0 && again.failed == 1)
    }

    @Test func cancelBeforeRunRendersNothingAndReportsInterrupted() throws {
        let dir = try Self.directory()
        let options = BatchOptions(
            templatePath: Self.hello, dataPath: try Self.data((0..<20).map { Self.record("n\($0)") }, in: dir),
            outputDirectory: dir.appendingPathComponent("out").path)
        let runner = try BatchRunner(options: options)
        runner.cancel()
        let summary = try runner.run()
        #expect(summary.interrupted && summary.exitStatus == 130)
        #expect(summary.rendered == 0)
    }

    @Test func templateErrorsAreThrownBeforeAnyRecord() throws {
        let dir = try Self.directory()
        let template = dir.appendingPathComponent("bad.json")
        try #"{galley: 1, size: [10, 10], body: {type: "nope"}}"#.write(to: template, atomically: true, encoding: .utf8)
        #expect(throws: BatchError.self) {
            try BatchRunner(
                options: BatchOptions(templatePath: template.path, dataPath: "x.ndjson", outputDirectory: dir.path))
        }
    }
}
