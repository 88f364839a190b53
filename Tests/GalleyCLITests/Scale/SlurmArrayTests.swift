import Foundation
import Testing

/// docs/scale-out.md's Slurm job array, run as written on a real (one-node) Slurm cluster.
///
/// The script is read from the document, so the two cannot drift; only its `/shared/` paths are
/// pointed into a temporary folder. It runs as a 4-task array over the 1,000 W1 invoices, one task
/// is cancelled partway (`scancel JOB_1`), `galley shards` must name that shard and its `--array`
/// list must complete the set when resubmitted, and the 1,000 PDFs must be byte-identical to an
/// unsharded run with the same `SOURCE_DATE_EPOCH`. About a minute with a debug build, so it runs
/// in `make test-scale` (GALLEY_SCALE_TESTS=1), which `.ci/run` calls after `make test`.
@Suite("Slurm array", .enabled(if: ProcessInfo.processInfo.environment["GALLEY_SCALE_TESTS"] == "1"))
struct SlurmArrayTests {
    static let shards = 4
    static let cancelled = 1

    /// The ```bash block of the Slurm section that holds the job script.
    static func documentedScript() throws -> String {
        let doc = try String(
            contentsOf: CLIRunner.packageRoot.appendingPathComponent("docs/scale-out.md"), encoding: .utf8)
        let section = try #require(doc.range(of: "## Slurm: a job array"), "docs/scale-out.md has no Slurm section")
        let blocks = doc[section.upperBound...].components(separatedBy: "```bash\n").dropFirst()
        let script = try #require(
            blocks.first { $0.hasPrefix("#!/bin/bash") }?.components(separatedBy: "\n```").first,
            "no #!/bin/bash block in the Slurm section")
        return script + "\n"
    }

    @Test func documentedArrayRendersTheSetAndResubmittingTheCancelledShardCompletesIt() throws {
        try #require(SlurmCluster.isInstalled, "Slurm is not installed: run scripts/install-deps --test")
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let clock = ContinuousClock.now
        // Where the minute goes, for the log of make test-scale (not asserted).
        func phase(_ name: String) {
            let seconds = Double(clock.duration(to: .now).components.seconds)
            print("slurm test: \(name) after \(Int(seconds)) s")
        }
        let shared = dir.appendingPathComponent("shared")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        let data = shared.appendingPathComponent("invoices.ndjson")
        let generator = CLIRunner.packageRoot.appendingPathComponent("Tests/GalleyCLITests/Scale/gen_invoices.py")
        let generated = try CLIRunner.tool("/usr/bin/python3", [generator.path, data.path, "1000"])
        try #require(generated.status == 0, "gen_invoices.py: \(generated.stderr)")
        let names = try String(contentsOf: data, encoding: .utf8).split(separator: "\n").map { line in
            let record = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return "\(record?["number"] as? String ?? "?").pdf"
        }
        try #require(names.count == 1000 && Set(names).count == 1000)
        phase("1,000 W1 records generated")

        // The job script exactly as documented, its /shared/ folder moved into this test's folder.
        let script = try Self.documentedScript()
        let epoch = try #require(
            script.firstMatch(of: /export SOURCE_DATE_EPOCH=(\d+)/).map { String($0.1) }, "no SOURCE_DATE_EPOCH")
        let submit = dir.appendingPathComponent("submit")
        try FileManager.default.createDirectory(at: submit, withIntermediateDirectories: true)
        try script.replacingOccurrences(of: "/shared/", with: shared.path + "/").write(
            to: submit.appendingPathComponent("galley.sbatch"), atomically: true, encoding: .utf8)
        // The script names templates/invoice.json relative to the folder it is submitted from.
        try FileManager.default.createSymbolicLink(
            at: submit.appendingPathComponent("templates"),
            withDestinationURL: CLIRunner.packageRoot.appendingPathComponent("Templates"))

        // The reference: one unsharded run.
        let whole = dir.appendingPathComponent("whole")
        let reference = try CLIRunner.run(
            ["batch", "Templates/invoice.json", "--data", data.path, "--out", whole.path, "--name", "{{number}}.pdf"],
            environment: ["SOURCE_DATE_EPOCH": epoch])
        try #require(reference.status == 0, "\(reference.stderr)")
        phase("unsharded reference run done")

        // Four CPUs, so two tasks of --cpus-per-task=2 share the output folder at once.
        let cluster = try SlurmCluster(root: dir.appendingPathComponent("cluster"), cpus: 4)
        defer { cluster.stop() }
        try cluster.start()
        phase("munged, slurmctld and slurmd up")
        let bin = URL(fileURLWithPath: CLIRunner.executable).deletingLastPathComponent().path
        let environment = [
            "PATH": bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
            "SHARDS": "\(Self.shards)",
        ]
        func sbatch(_ array: String) throws -> String {
            let result = try cluster.run(
                "sbatch", ["--parsable", "--array=\(array)", "galley.sbatch"], in: submit, environment: environment)
            try #require(result.status == 0, "sbatch: \(result.standardError)\n\(cluster.logs)")
            return result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        func waitForJob(_ job: String) throws {
            try cluster.wait("job \(job) to finish", seconds: 600) {
                let queue = try cluster.run("squeue", ["-h", "-j", job])
                return queue.status == 0 && queue.standardOutput.isEmpty
            }
        }
        let out = shared.appendingPathComponent("out")
        func present(_ wanted: [String]) -> Int {
            wanted.filter { FileManager.default.fileExists(atPath: out.appendingPathComponent($0).path) }.count
        }

        let job = try sbatch("0-\(Self.shards - 1)")
        let victimRecords = names.indices.filter { $0 % Self.shards == Self.cancelled }
        let victim = victimRecords.map { names[$0] }
        try cluster.wait("shard \(Self.cancelled) to render its first outputs", seconds: 300) { present(victim) >= 5 }
        let cancel = try cluster.run("scancel", ["\(job)_\(Self.cancelled)"])
        #expect(cancel.status == 0, "\(cancel.standardError)")
        try waitForJob(job)
        phase("array done")

        // Slurm records the signal, galley's 130 is in the task's log.
        for task in 0..<Self.shards {
            let shown = try cluster.run("scontrol", ["show", "job", "\(job)_\(task)"]).standardOutput
            let state = task == Self.cancelled ? "JobState=CANCELLED" : "JobState=COMPLETED"
            let exit = task == Self.cancelled ? "ExitCode=0:15" : "ExitCode=0:0"
            #expect(shown.contains(state) && shown.contains(exit), "task \(task): \(shown)\n\(cluster.logs)")
        }
        let log = try String(
            contentsOf: submit.appendingPathComponent("galley-\(job)_\(Self.cancelled).out"), encoding: .utf8)
        #expect(log.contains("galley batch: interrupted") && log.contains("Exited with exit code 130"), "\(log)")
        let partial = present(victim)
        #expect(partial >= 5 && partial < victim.count, "the cancelled shard rendered \(partial) of \(victim.count)")

        // galley shards names the cancelled shard, from the output folder alone.
        let status = try CLIRunner.run(["shards", out.path, "--of", "\(Self.shards)"])
        #expect(status.status == 1, "\(status.stdout)\(status.stderr)")
        let lines = status.stdout.split(separator: "\n").map(String.init)
        let missing = victimRecords.filter {
            !FileManager.default.fileExists(atPath: out.appendingPathComponent(names[$0]).path)
        }
        let listed = missing.prefix(3).map(String.init).joined(separator: ", ") + ", … \(missing.last ?? 0)"
        for task in 0..<Self.shards {
            let prefix =
                task == Self.cancelled
                ? "shard \(task)/4  interrupted  \(partial) of 250 done, \(missing.count) missing (records \(listed)); ended "
                : "shard \(task)/4  complete     250 of 250 done"
            #expect(lines.contains { $0.hasPrefix(prefix) }, "\(status.stdout)")
        }
        #expect(lines.last == "resubmit: --array=\(Self.cancelled)", "\(status.stdout)")
        print(status.stdout, terminator: "")
        let array = try CLIRunner.run(["shards", out.path, "--of", "\(Self.shards)", "--array"])
        #expect(array.stdout == "\(Self.cancelled)\n")

        // Resubmitting that list completes the set.
        let again = try sbatch(array.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        try waitForJob(again)
        phase("resubmitted shard done")
        let final = try CLIRunner.run(["shards", out.path, "--of", "\(Self.shards)"])
        #expect(final.status == 0, "\(final.stdout)\(final.stderr)\n\(cluster.logs)")
        #expect(final.stdout.hasSuffix("complete: every record has its output\n"), "\(final.stdout)")
        let resumed = try String(
            contentsOf: submit.appendingPathComponent("galley-\(again)_\(Self.cancelled).out"), encoding: .utf8)
        #expect(resumed.contains("rendered \(missing.count), failed 0, skipped \(partial) in "), "\(resumed)")

        // Byte for byte the files of the unsharded run, and nothing half-written.
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path)
        #expect(Set(files.filter { $0.hasSuffix(".pdf") }) == Set(names))
        #expect(!files.contains { $0.hasPrefix(".") || $0.hasPrefix("errors") }, "\(files.sorted().prefix(8))")
        var differing = [String]()
        for name in names
        where FileManager.default.contents(atPath: out.appendingPathComponent(name).path)
            != FileManager.default.contents(atPath: whole.appendingPathComponent(name).path)
        {
            differing.append(name)
        }
        #expect(differing.isEmpty, "\(differing.count) PDFs differ from the unsharded run: \(differing.prefix(5))")
        phase("1,000 PDFs compared")
    }
}
