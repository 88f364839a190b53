import Foundation
import GalleyTemplates

/// What users run: `galley batch` as a whole process (start-up, streamed reading, naming, files
/// written atomically, the error log, progress) over the 1,000 W1 invoices and the 1,000 W3 cards,
/// with 1 and 2 jobs, next to the in-process throughput of the same records rendered into memory
/// by the same number of threads.
///
/// The two are measured in pairs, five rounds, the order alternating from round to round: this
/// VM's speed drifts by 10–20% within minutes, which best-of-three of each, measured minutes
/// apart, turned into ratios anywhere between 0.83 and 1.14 for one build. The ratio reported is
/// the median of the five pairs' ratios; beside it the CPU time each spent per document (user +
/// system, as the kernel accounts it), which shows the batch's extra work however the machine's
/// speed moves.
enum BatchCommandBench {
    private static let rounds = 5

    /// One measurement: documents per second and CPU milliseconds per document.
    private struct Run {
        let docsPerSecond: Double
        let cpuMilliseconds: Double
    }

    static let group = BenchGroup(name: "batch_command") { options, report in
        let galley = Tool.galleyExecutable()
        guard FileManager.default.isExecutableFile(atPath: galley) else {
            print("  skipped: \(galley) not built (scripts/bench builds it)")
            return
        }
        let folder = try BenchScratch.subfolder("batch-command")
        let workloads = [
            (
                "w1_pdf", "Templates/invoice.json", "invoices.json", WorkloadBench.Output.pdf,
                ["--name", "{{number}}.pdf"]
            ),
            ("w3_png", "Templates/card.json", "cards.json", WorkloadBench.Output.png(1), ["--format", "png"]),
        ]
        for (name, templatePath, dataFile, output, extra) in workloads {
            let dataPath = options.dataDirectory + "/" + dataFile
            let template = try Template.load(path: templatePath)
            let resources = RenderResources.forTemplate(template)
            let records = try WorkloadBench.records(dataPath, limit: 1000)
            for jobs in [1, 2] {
                func inProcess() throws -> Run {
                    let before = cpuSeconds()
                    let rate = try WorkloadBench.throughput(template, resources, records, output, threads: jobs)
                    return Run(
                        docsPerSecond: rate, cpuMilliseconds: (cpuSeconds() - before) * 1000 / Double(records.count))
                }
                func command(_ round: Int) throws -> Run {
                    // Every round writes a folder of its own, removed with every group's files once
                    // the bench ends (`BenchScratch`): ext4 passes over inodes freed within the last
                    // minute when it allocates one, so creating 1,000 files right after deleting 1,000
                    // cost 0.2 ms of kernel time per file instead of 0.03 (4% of a W1 invoice's time,
                    // measured with `getrusage`) — a cost the bench's own clean-up caused, not the batch.
                    let out = folder.appendingPathComponent("\(name)-\(jobs)-\(round)").path
                    let start = Clock.now()
                    let (status, cpu) = try Tool.spawnMeasured(
                        galley,
                        ["batch", templatePath, "--data", dataPath, "--out", out, "--jobs", "\(jobs)"] + extra,
                        environment: ["SOURCE_DATE_EPOCH": "1700000000"])
                    let seconds = Clock.now() - start
                    guard status == 0 else { throw BenchFailure("galley batch \(name) exited with \(status)") }
                    return Run(
                        docsPerSecond: Double(records.count) / seconds,
                        cpuMilliseconds: cpu * 1000 / Double(records.count))
                }
                var pairs: [(inProcess: Run, command: Run)] = []
                for round in 0..<rounds {
                    if round % 2 == 0 {
                        let first = try inProcess()
                        pairs.append((first, try command(round)))
                    } else {
                        let first = try command(round)
                        pairs.append((try inProcess(), first))
                    }
                }
                let suffix = jobs == 1 ? "1_job" : "2_jobs"
                let figures: [(String, [Double], Int)] = [
                    ("in_process_docs_per_s", pairs.map(\.inProcess.docsPerSecond), 1),
                    ("galley_batch_docs_per_s", pairs.map(\.command.docsPerSecond), 1),
                    ("batch_over_in_process", pairs.map { $0.command.docsPerSecond / $0.inProcess.docsPerSecond }, 3),
                    ("in_process_cpu_ms_per_doc", pairs.map(\.inProcess.cpuMilliseconds), 2),
                    ("galley_batch_cpu_ms_per_doc", pairs.map(\.command.cpuMilliseconds), 2),
                ]
                for (what, values, digits) in figures {
                    report.add("batch_command", "\(name)_\(what)_\(suffix)", values.median, digits: digits)
                }
            }
        }
    }

    /// This process's CPU time so far (user + system, every thread).
    private static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1_000_000
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1_000_000
    }
}
