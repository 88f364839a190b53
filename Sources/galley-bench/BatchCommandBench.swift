import Foundation
import GalleyTemplates

/// What users run: `galley batch` as a whole process (start-up, streamed reading, naming, files
/// written atomically, the error log, progress) over the 1,000 W1 invoices and the 1,000 W3 cards,
/// with 1 and 2 jobs, next to the in-process throughput of the same records rendered into memory
/// by the same number of threads. Both are the best of three runs.
enum BatchCommandBench {
    static let group = BenchGroup(name: "batch_command") { options, report in
        let galley = Tool.galleyExecutable()
        guard FileManager.default.isExecutableFile(atPath: galley) else {
            print("  skipped: \(galley) not built (scripts/bench builds it)")
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("galley-batch-bench-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
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
                var inProcess = 0.0
                var command = 0.0
                for attempt in 0..<3 {
                    inProcess = max(
                        inProcess,
                        try WorkloadBench.throughput(template, resources, records, output, threads: jobs))
                    let out = folder.appendingPathComponent("\(name)-\(jobs)-\(attempt)").path
                    let start = Clock.now()
                    let status = try Tool.spawn(
                        galley,
                        ["batch", templatePath, "--data", dataPath, "--out", out, "--jobs", "\(jobs)"] + extra,
                        environment: ["SOURCE_DATE_EPOCH": "1700000000"])
                    let seconds = Clock.now() - start
                    guard status == 0 else { throw BenchFailure("galley batch \(name) exited with \(status)") }
                    command = max(command, Double(records.count) / seconds)
                    try? FileManager.default.removeItem(atPath: out)
                }
                let suffix = jobs == 1 ? "1_job" : "2_jobs"
                report.add("batch_command", "\(name)_in_process_docs_per_s_\(suffix)", inProcess, digits: 1)
                report.add("batch_command", "\(name)_galley_batch_docs_per_s_\(suffix)", command, digits: 1)
                report.add("batch_command", "\(name)_batch_over_in_process_\(suffix)", command / inProcess, digits: 3)
            }
        }
    }
}
