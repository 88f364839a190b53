import Foundation
import GalleyBatch
import GalleyTemplates
import Testing

/// `ShardsReport`: how the shards of a batch stand, read back from the folder real sharded runs
/// (BatchRunner with the hello template) wrote to; a kill is simulated by editing their files.
@Suite("ShardsReport")
struct ShardsReportTests {
    /// A data file of `count` hello records; the indices in `nameless` lack the `name` the template needs.
    static func data(_ count: Int, nameless: Set<Int> = [], in dir: URL) throws -> String {
        let lines = (0..<count).map { index in
            nameless.contains(index)
                ? #"{"message": "m", "from": "f", "tags": []}"# : BatchRunnerTests.record("r\(index)")
        }
        return try BatchRunnerTests.data(lines, in: dir)
    }

    /// Runs shard `shard` of the batch; `cancelled` stops it before its first record.
    @discardableResult
    static func run(_ shard: String, data: String, out: URL, resume: Bool = false, cancelled: Bool = false) throws
        -> BatchSummary
    {
        var options = BatchOptions(templatePath: BatchRunnerTests.hello, dataPath: data, outputDirectory: out.path)
        options.nameTemplate = "{{name | default:\"x\"}}-{{index}}.pdf"
        options.shard = try Shard(parsing: shard)
        options.resume = resume
        options.jobs = 2
        let runner = try BatchRunner(options: options)
        if cancelled { runner.cancel() }
        return try runner.run()
    }

    static func states(_ report: ShardsReport) -> [ShardStatus.State] { report.shards.map(\.state) }

    @Test func completeInterruptedAndNeverStartedShards() throws {
        let dir = try BatchRunnerTests.directory()
        let data = try Self.data(12, in: dir)
        let out = dir.appendingPathComponent("out")
        try Self.run("0/3", data: data, out: out)
        let interrupted = try Self.run("1/3", data: data, out: out, cancelled: true)
        #expect(interrupted.exitStatus == 130)

        let report = try ShardsReport(directory: out.path, count: 3)
        #expect(Self.states(report) == [.complete, .interrupted, .notStarted])
        #expect(report.records == 12)
        #expect(report.shards.map(\.records) == [4, 4, 4])
        #expect(report.shards[0].done == [0: "r0-0.pdf", 3: "r3-3.pdf", 6: "r6-6.pdf", 9: "r9-9.pdf"])
        #expect(report.shards.map(\.missing) == [[], [1, 4, 7, 10], [2, 5, 8, 11]])
        #expect(report.shards[1].manifest?.exitStatus == 130 && report.shards[1].manifest?.records == nil)
        #expect(report.shards[2].manifest == nil)
        #expect(report.resubmit == [1, 2] && report.arrayList == "1,2" && !report.isComplete)
        #expect(report.failures.isEmpty && report.warnings.isEmpty)
        #expect(report.text.contains("shard 1/3  interrupted  0 of 4 done, 4 missing (records 1, 4, 7, 10); ended "))
        #expect(report.text.hasSuffix("resubmit: --array=1,2"))

        try Self.run("1/3", data: data, out: out, resume: true)
        try Self.run("2/3", data: data, out: out, resume: true)
        let after = try ShardsReport(directory: out.path, count: 3)
        #expect(Self.states(after) == [.complete, .complete, .complete])
        #expect(after.isComplete && after.resubmit.isEmpty && after.arrayList.isEmpty)
        #expect(after.text.hasSuffix("complete: every record has its output"))
    }

    /// A `kill -9` leaves the manifest `running` and loses the journal's unwritten lines; only
    /// journaled outputs still on disk count, and a `--resume` run repairs the journal.
    @Test func killedShardCountsOnlyJournaledOutputsStillThere() throws {
        let dir = try BatchRunnerTests.directory()
        let data = try Self.data(10, in: dir)
        let out = dir.appendingPathComponent("out")
        try Self.run("0/2", data: data, out: out)
        let manifestURL = out.appendingPathComponent("shard-0-of-2.json")
        var manifest = try ShardManifest(
            parsing: try String(contentsOf: manifestURL, encoding: .utf8), file: manifestURL.path)
        manifest.state = .running
        manifest.finished = nil
        manifest.records = nil
        manifest.exitStatus = nil
        try (manifest.json.jsonText + "\n").write(to: manifestURL, atomically: true, encoding: .utf8)
        // The first two lines made it to disk, the third was torn by the kill.
        let journalURL = out.appendingPathComponent("shard-0-of-2.done.ndjson")
        let lines = try String(contentsOf: journalURL, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        try (lines[0] + "\n" + lines[1] + "\n" + lines[2].prefix(9)).write(
            to: journalURL, atomically: true, encoding: .utf8)
        let journaled = try #require(JSONParser.parse(lines[0], file: "line").value["name"]?.stringValue)
        try FileManager.default.removeItem(at: out.appendingPathComponent(journaled))

        let report = try ShardsReport(directory: out.path, count: 2)
        #expect(Self.states(report) == [.unfinished, .notStarted])
        #expect(report.shards[0].done.count == 1)
        #expect(report.records == nil && report.shards[0].missing == nil)
        #expect(report.warnings.contains { $0.contains("number of records is unknown") })
        #expect(report.text.contains("has not ended: still running, or killed"))
        #expect(report.arrayList == "0,1")

        let resumed = try Self.run("0/2", data: data, out: out, resume: true)
        #expect(resumed.rendered == 1 && resumed.skipped == 4)
        let after = try ShardsReport(directory: out.path, count: 2)
        #expect(after.shards[0].state == .complete && after.shards[0].done.count == 5)
        let repaired = try String(contentsOf: journalURL, encoding: .utf8).split(separator: "\n")
        #expect(repaired.count == 2 + 1 + 1 + 3, "two kept, the torn one, the re-rendered one, three journaled skips")
    }

    @Test func failedRecordsOfEveryShardMergeIntoOneList() throws {
        let dir = try BatchRunnerTests.directory()
        let data = try Self.data(10, nameless: [3, 4, 9], in: dir)
        let out = dir.appendingPathComponent("out")
        #expect(try Self.run("0/2", data: data, out: out).exitStatus == 1)
        #expect(try Self.run("1/2", data: data, out: out).exitStatus == 1)

        let report = try ShardsReport(directory: out.path, count: 2)
        #expect(Self.states(report) == [.failed, .failed])
        #expect(report.failures.map(\.record) == [3, 4, 9])
        #expect(report.failures.map(\.shard.description) == ["1/2", "0/2", "1/2"])
        #expect(report.failures.map(\.name) == ["x-3.pdf", "x-4.pdf", "x-9.pdf"])
        #expect(report.failures.allSatisfy { $0.error.contains("no value at 'name'") })
        #expect(report.shards.map { $0.done.count } == [4, 3])
        #expect(report.shards.map(\.missing) == [[], []])
        #expect(report.resubmit.isEmpty && !report.isComplete)
        let lines = report.failuresNDJSON.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix(#"{"shard":"1/2","record":3,"name":"x-3.pdf","error":"#))
        #expect(report.text.contains("failed records (3):\n  record 3 (shard 1/2) x-3.pdf: "))
        #expect(report.text.hasSuffix("nothing to resubmit"))
    }

    @Test func deletedOutputMakesACompleteShardIncomplete() throws {
        let dir = try BatchRunnerTests.directory()
        let data = try Self.data(6, in: dir)
        let out = dir.appendingPathComponent("out")
        try Self.run("0/1", data: data, out: out)
        try FileManager.default.removeItem(at: out.appendingPathComponent("r4-4.pdf"))
        let report = try ShardsReport(directory: out.path, count: 1)
        #expect(Self.states(report) == [.incomplete])
        #expect(report.shards[0].missing == [4] && report.arrayList == "0")
    }

    @Test func resubmitListUsesSlurmArraySyntax() {
        #expect(ShardsReport.arrayList([]).isEmpty)
        #expect(ShardsReport.arrayList([3]) == "3")
        #expect(ShardsReport.arrayList([0, 1, 2, 5, 7, 8]) == "0-2,5,7,8")
        #expect(ShardsReport.arrayList([9, 1, 3, 2, 2, 10, 11]) == "1-3,9-11")
    }

    @Test func manifestsOfAnotherSplitAreNamed() throws {
        let dir = try BatchRunnerTests.directory()
        let data = try Self.data(4, in: dir)
        let out = dir.appendingPathComponent("out")
        try Self.run("1/4", data: data, out: out)
        let report = try ShardsReport(directory: out.path, count: 3)
        #expect(Self.states(report) == [.notStarted, .notStarted, .notStarted])
        #expect(report.warnings.contains { $0.contains("try --of 4") })
    }

    @Test func damagedManifestIsAnErrorNamingTheFile() throws {
        let dir = try BatchRunnerTests.directory()
        let path = dir.appendingPathComponent("shard-1-of-2.json").path
        try #"{"galley": "shard", "version": 1, "shard": "1/2", "state": "done"}"#.write(
            toFile: path, atomically: true, encoding: .utf8)
        let error = #expect(throws: BatchError.self) { try ShardsReport(directory: dir.path, count: 2) }
        #expect(error?.description.contains(path) == true)
        #expect(error?.description.contains("\"state\" must be running, complete") == true)
        #expect(throws: BatchError.self) { try ShardsReport(directory: dir.path + "/none", count: 2) }
    }

    @Test func manifestRoundTripsThroughItsJSON() throws {
        let dir = try BatchRunnerTests.directory()
        let data = try Self.data(3, in: dir)
        let out = dir.appendingPathComponent("out")
        try Self.run("0/1", data: data, out: out)
        let path = out.appendingPathComponent("shard-0-of-1.json").path
        let manifest = try ShardManifest(parsing: try String(contentsOfFile: path, encoding: .utf8), file: path)
        #expect(manifest.state == .complete && manifest.records == 3 && manifest.rendered == 3)
        #expect(manifest.exitStatus == 0 && manifest.finished != nil && manifest.pid > 0)
        #expect(try ShardManifest(parsing: manifest.json.jsonText, file: "again") == manifest)
    }
}
