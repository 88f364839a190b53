import Foundation
import Testing

@Suite("galley shards")
struct ShardsCommandTests {
    static let template = BatchCommandTests.template

    /// `galley batch --shard I/N` into `out`, as a process the caller may interrupt.
    static func batch(_ shard: String, data: String, out: URL, _ extra: [String] = []) -> [String] {
        [
            "batch", template, "--data", data, "--out", out.path, "--shard", shard, "--jobs", "2", "--format", "png",
            "--scale", "3",
        ] + extra
    }

    /// A shard stopped by SIGINT partway is reported interrupted with exactly the outputs it left,
    /// the other shard as never started; resuming both completes the set.
    @Test func interruptedShardIsNamedAndResumingCompletesTheSet() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let count = 150
        let data = try BatchCommandTests.records(count, in: dir)
        let out = dir.appendingPathComponent("out")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLIRunner.executable)
        process.arguments = Self.batch("0/2", data: data, out: out)
        process.currentDirectoryURL = CLIRunner.packageRoot
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        func pngs() -> [String] { ((try? BatchCommandTests.files(out)) ?? []).filter { $0.hasSuffix(".png") } }
        while Date() < deadline, process.isRunning, pngs().count < 5 { Thread.sleep(forTimeInterval: 0.02) }
        process.interrupt()
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        let left = pngs().count
        #expect(left >= 5 && left < count / 2)

        let status = try CLIRunner.run(["shards", out.path, "--of", "2"])
        #expect(status.status == 1, "\(status.stderr)")
        let lines = status.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "\(out.path): 2 shards, ? records")
        #expect(lines.count > 2 && lines[1].hasPrefix("shard 0/2  interrupted  \(left) done; ended "))
        #expect(lines.count > 2 && lines[1].hasSuffix(", exit 130"))
        #expect(lines.count > 2 && lines[2] == "shard 1/2  not started  0 done")
        #expect(lines.last == "resubmit: --array=0,1")
        let array = try CLIRunner.run(["shards", out.path, "--of", "2", "--array"])
        #expect(array.stdout == "0,1\n" && array.status == 1)

        for shard in ["0/2", "1/2"] {
            let run = try CLIRunner.run(Self.batch(shard, data: data, out: out, ["--resume"]))
            #expect(run.status == 0, "\(run.stderr)")
        }
        let done = try CLIRunner.run(["shards", out.path, "--of", "2"])
        #expect(done.status == 0, "\(done.stdout)\(done.stderr)")
        #expect(done.stdout.contains("shard 0/2  complete  75 of 75 done\nshard 1/2  complete  75 of 75 done\n"))
        #expect(done.stdout.hasSuffix("complete: every record has its output\n"))
        #expect(try CLIRunner.run(["shards", out.path, "--of", "2", "--array"]).stdout == "\n")
        #expect(pngs().count == count)
    }

    @Test func errorsOfEveryShardPrintAsOneNDJSONList() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let data = try BatchCommandTests.records(9, in: dir) { index, record in
            if index == 2 || index == 7 { record["name"] = nil }
        }
        let out = dir.appendingPathComponent("out")
        for (shard, status) in [("0/3", 0), ("1/3", 1), ("2/3", 1)] {
            let run = try CLIRunner.run(["batch", Self.template, "--data", data, "--out", out.path, "--shard", shard])
            #expect(run.status == status, "\(shard): \(run.stderr)")
        }
        let errors = try CLIRunner.run(["shards", out.path, "--of", "3", "--errors"])
        #expect(errors.status == 1)
        let lines = errors.stdout.split(separator: "\n").map {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] ?? [:]
        }
        #expect(lines.map { $0["record"] as? Int } == [2, 7])
        #expect(lines.map { $0["shard"] as? String } == ["2/3", "1/3"])
        #expect(lines.allSatisfy { ($0["error"] as? String)?.contains("no value at 'name'") == true })
        let json = try CLIRunner.run(["shards", out.path, "--of", "3", "--json"])
        let report = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(report?["records"] as? Int == 9 && report?["array"] as? String == "")
        let states = (report?["shardStates"] as? [[String: Any]])?.map { $0["state"] as? String }
        #expect(states == ["complete", "failed", "failed"])
    }

    /// An output name that could be a shard's manifest or journal is refused, so the bookkeeping
    /// `galley shards` reads cannot be overwritten by a record.
    @Test func outputsCannotTakeTheShardFilesNames() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let data = try BatchCommandTests.records(4, in: dir)
        let out = dir.appendingPathComponent("out")
        let run = try CLIRunner.run([
            "batch", Self.template, "--data", data, "--out", out.path, "--shard", "0/2", "--format", "pdf", "--name",
            "shard-{{index}}-of-2.json",
        ])
        #expect(run.status == 1)
        let log = try String(contentsOf: out.appendingPathComponent("errors-0-of-2.ndjson"), encoding: .utf8)
        #expect(log.split(separator: "\n").count == 2 && log.contains("reserved for the batch's own files"), "\(log)")
        let status = try CLIRunner.run(["shards", out.path, "--of", "2"])
        #expect(status.stdout.contains("shard 0/2  failed       0 of 2 done, 2 failed"), "\(status.stdout)")
    }

    /// A paged template rendered to PNG writes NAME-1.png, NAME-2.png, …: the journal names the
    /// first page, the file `--resume` looks for, so a record whose first page is gone is missing.
    @Test func pagedPNGShardsAreJournaledByTheirFirstPage() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let data = dir.appendingPathComponent("statements.ndjson")
        try PagedBatchTests.records(4) { [8, 60, 8, 60][$0] }.write(to: data, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("out")
        for shard in ["0/2", "1/2"] {
            let run = try CLIRunner.run([
                "batch", "Templates/statement.json", "--data", data.path, "--out", out.path, "--name",
                "{{account}}.png",
                "--shard", shard,
            ])
            #expect(run.status == 0, "\(run.stderr)")
        }
        let journal = try String(contentsOf: out.appendingPathComponent("shard-1-of-2.done.ndjson"), encoding: .utf8)
        #expect(journal.contains(#""name":"AC-100001-1.png""#), "\(journal)")
        #expect(try CLIRunner.run(["shards", out.path, "--of", "2"]).status == 0)
        try FileManager.default.removeItem(at: out.appendingPathComponent("AC-100001-1.png"))
        let status = try CLIRunner.run(["shards", out.path, "--of", "2"])
        #expect(status.stdout.contains("shard 1/2  incomplete  1 of 2 done, 1 missing (record 1)"), "\(status.stdout)")
        #expect(status.stdout.hasSuffix("resubmit: --array=1\n"))
    }

    @Test func usageErrorsExitTwo() throws {
        let dir = try CLIRunner.temporaryDirectory()
        #expect(try CLIRunner.run(["shards", dir.path]).status == 2)
        #expect(try CLIRunner.run(["shards", dir.path, "--of", "0"]).status == 2)
        #expect(try CLIRunner.run(["shards", dir.path, "--of", "2", "--json", "--array"]).status == 2)
        let missing = try CLIRunner.run(["shards", dir.path + "/none", "--of", "2"])
        #expect(missing.status == 2 && missing.stderr.contains("no such output folder"))
    }
}
