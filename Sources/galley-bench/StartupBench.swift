import Foundation

/// Start-up and serving: what `galley render` of one W1 invoice costs as a whole process (cold:
/// loading, linking, fonts, everything) next to the warm per-document time of `workloads`, and
/// W1 through `galley serve` — requests/s at 1 and 2 render threads with as many keep-alive
/// clients, p50/p99 latency — next to the batch's documents/s.
enum StartupBench {
    static let group = BenchGroup(name: "startup") { options, report in
        let galley = Tool.galleyExecutable()
        let folder = try BenchScratch.subfolder("startup")
        let records = try WorkloadBench.records(options.dataDirectory + "/invoices.json", limit: 200)
        guard let first = records.first else { return }
        let recordFile = folder.appendingPathComponent("w1.json")
        try first.jsonText.write(to: recordFile, atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("w1.pdf").path
        let arguments = ["render", "Templates/invoice.json", "--data", recordFile.path, "-o", output]
        // Warm the page cache once, then the median of 21 whole processes: wall time, and the CPU time the
        // kernel accounts to the process (what to read when other work loads the machine).
        _ = try Tool.spawn(galley, arguments)
        var samples: [Double] = []
        var cpu: [Double] = []
        for _ in 0..<21 {
            let start = Clock.now()
            let run = try Tool.spawnMeasured(galley, arguments)
            guard run.status == 0 else { throw BenchFailure("galley render failed") }
            samples.append(Clock.now() - start)
            cpu.append(run.cpuSeconds)
        }
        samples.sort()
        report.add("startup", "w1_cold_process_ms", samples.median * 1000)
        report.add("startup", "w1_cold_process_min_ms", samples[0] * 1000)
        report.add("startup", "w1_cold_process_cpu_ms", cpu.median * 1000)
        let version = try Self.medianProcess(galley, ["--version"])
        report.add("startup", "galley_version_process_ms", version * 1000)
        try ServeBench.measure(galley: galley, records: records, report: &report)
    }

    static func medianProcess(_ path: String, _ arguments: [String], runs: Int = 21) throws -> Double {
        var samples: [Double] = []
        for _ in 0..<runs {
            let start = Clock.now()
            _ = try Tool.spawn(path, arguments)
            samples.append(Clock.now() - start)
        }
        return samples.median
    }
}
