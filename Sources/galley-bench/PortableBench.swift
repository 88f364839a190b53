import Foundation

/// Figures that do not change with the machine's speed: instructions (callgrind's `Ir`) and heap
/// allocations per document, for Galley and for the floor renderer, per workload and per phase.
///
/// Wall-clock ratios measured on one machine hide what a slower memory system costs (allocation
/// and reference counting grow faster than cairo's own work). These counts travel: the same
/// binary and inputs give the same instructions on any x86-64 machine.
///
/// Galley is counted by running this executable in `--count` mode (``CountMode``): callgrind's
/// inclusive cost of `countedDocument` over N warm documents, and of each `countedPhase…`
/// function for the phases. The floor has no such functions, so it runs twice, with N1 and N2
/// documents, and a document costs the difference over N2 − N1 (start-up and warm-up cancel out).
/// Allocations come from bench/alloc-counter.so (preloaded; scripts/bench builds it).
enum PortableBench {
    static let group = BenchGroup(name: "portable") { options, report in
        guard let counter = options.allocationCounterPath else {
            print("  skipped: no --alloc-counter (scripts/bench builds bench/alloc-counter.c)")
            return
        }
        guard Tool.find("valgrind") != nil, Tool.find("callgrind_annotate") != nil, Tool.find("objcopy") != nil else {
            print("  skipped: valgrind or objcopy not installed (scripts/install-deps --bench)")
            return
        }
        report.add("portable", "cpu", Tool.cpuModel())
        // valgrind 3.19 cannot read the DWARF 5 the Swift toolchain writes: count a copy without it.
        let stripped = try BenchScratch.subfolder("portable").appendingPathComponent("galley-bench").path
        let copy = try Tool.run("objcopy", ["--strip-debug", Tool.selfPath(), stripped])
        guard copy.status == 0 else { throw BenchFailure("objcopy: \(copy.stderr)") }

        // The paged workloads have no floor (the floor renderer draws one-page documents). The
        // `_own` kinds write the PDF with Galley's own writer (`PDFFileWriter`), which the
        // `galley` commands do not use yet: the figures show where it stands.
        let workloads: [(kind: String, floorKind: Int?)] = [
            ("w1_pdf", 0), ("w1_png_1x", 1), ("w3_png", 3), ("w2_pdf", nil), ("statement_pdf", nil),
            ("w1_pdf_own", 0), ("w2_pdf_own", nil), ("statement_pdf_own", nil),
        ]
        var floors: [Int: Double] = [:]
        var floorAllocationCounts: [Int: Double] = [:]
        for (kind, floorKind) in workloads {
            let galley = try galleyInstructions(stripped, kind: kind, data: options.dataDirectory)
            let floorPath = floorKind == nil ? nil : options.floorPath
            let floor = try floorPath.map { path in
                let floorKind = floorKind ?? 0
                if let measured = floors[floorKind] { return measured }
                let measured = try floorInstructions(path, kind: floorKind)
                floors[floorKind] = measured
                return measured
            }
            report.add("portable", "\(kind)_instructions_per_doc", galley.document / 1e6, digits: 2)
            for (phase, value) in galley.phases {
                report.add("portable", "\(kind)_instructions_\(phase)", value / 1e6, digits: 2)
            }
            if let floor {
                report.add("portable", "\(kind)_floor_instructions_per_doc", floor / 1e6, digits: 2)
                report.add("portable", "\(kind)_instructions_ratio_to_floor", galley.document / floor, digits: 3)
            }
            let allocations = try galleyAllocations(counter, kind: kind, data: options.dataDirectory)
            for (name, value) in allocations {
                report.add("portable", "\(kind)_\(name)", value, digits: 1)
            }
            if let floorPath {
                let floorKind = floorKind ?? 0
                let floorAllocations =
                    try floorAllocationCounts[floorKind]
                    ?? floorAllocations(floorPath, counter: counter, kind: floorKind)
                floorAllocationCounts[floorKind] = floorAllocations
                report.add("portable", "\(kind)_floor_allocations_per_document", floorAllocations, digits: 1)
            }
        }
        report.add("portable", "unit", "instructions in millions per document")
    }

    static let countedDocuments = 10
    static let floorRuns = (10, 30)

    /// Galley's instructions per document and per phase (in `Ir`), from one callgrind run.
    static func galleyInstructions(_ binary: String, kind: String, data: String) throws
        -> (document: Double, phases: [(String, Double)])
    {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("galley-cg-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let run = try Tool.run(
            "valgrind",
            [
                "--tool=callgrind", "--callgrind-out-file=" + out, binary, "--count", kind, "--documents",
                "\(countedDocuments)", "--warmup", "3", "--data", data,
            ])
        guard run.status == 0 else { throw BenchFailure("callgrind \(kind): \(run.stderr.suffix(400))") }
        let annotate = try Tool.run("callgrind_annotate", ["--inclusive=yes", "--threshold=100", out])
        var inclusive = [String: Double]()
        for line in annotate.stdout.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard let first = fields.first, let cost = Double(first.replacingOccurrences(of: ",", with: "")) else {
                continue
            }
            for name in ["countedDocument"] + CountMode.phaseNames.map(phaseFunction) where line.contains(name) {
                inclusive[name, default: 0] += cost
            }
        }
        let n = Double(countedDocuments)
        guard let document = inclusive["countedDocument"] else {
            throw BenchFailure("callgrind \(kind): countedDocument not found in the profile")
        }
        var phases = [(String, Double)]()
        var named = 0.0
        for phase in CountMode.phaseNames where phase != "teardown" {
            let cost = inclusive[phaseFunction(phase)] ?? 0
            named += cost
            phases.append((phase, cost / n))
        }
        // The release of the document's objects happens where the optimiser puts it; what the
        // named phases leave of the document is that, plus the counting itself (negligible).
        phases.append(("teardown", (document - named) / n))
        return (document / n, phases)
    }

    /// `countedPhaseDisplayList` for `display_list`: the function CountMode runs the phase in.
    static func phaseFunction(_ phase: String) -> String {
        "countedPhase" + phase.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// Galley's allocations per document and per phase, from CountMode's own report.
    static func galleyAllocations(_ counter: String, kind: String, data: String) throws -> [(String, Double)] {
        let run = try Tool.run(
            Tool.selfPath(), ["--count", kind, "--documents", "20", "--warmup", "5", "--data", data],
            environment: ["LD_PRELOAD": counter])
        guard run.status == 0 else { throw BenchFailure("--count \(kind): \(run.stdout)\(run.stderr)") }
        return run.stdout.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count == 2, fields[0].hasPrefix("allocations"), let value = Double(fields[1]) else {
                return nil
            }
            return (String(fields[0]), value)
        }
    }

    /// The floor's instructions per document: callgrind totals of N1 and N2 documents.
    static func floorInstructions(_ floor: String, kind: Int) throws -> Double {
        func total(_ documents: Int) throws -> Double {
            let out = FileManager.default.temporaryDirectory.appendingPathComponent("floor-cg-\(getpid())").path
            defer { try? FileManager.default.removeItem(atPath: out) }
            let run = try Tool.run(
                "valgrind",
                [
                    "--tool=callgrind", "--callgrind-out-file=" + out, floor, "stress", "shared", "1", "\(documents)",
                    "\(kind)",
                ],
                environment: ["FLOOR_PNG": "fast"])
            guard run.status == 0 else { throw BenchFailure("callgrind floor: \(run.stderr.suffix(400))") }
            let profile = try String(contentsOfFile: out, encoding: .utf8)
            guard let line = profile.split(separator: "\n").first(where: { $0.hasPrefix("totals:") }),
                let value = Double(line.dropFirst("totals:".count).trimmingCharacters(in: .whitespaces))
            else { throw BenchFailure("callgrind floor: no totals line") }
            return value
        }
        return (try total(floorRuns.1) - total(floorRuns.0)) / Double(floorRuns.1 - floorRuns.0)
    }

    /// The floor's allocations per document, from the counter's totals of N1 and N2 documents.
    static func floorAllocations(_ floor: String, counter: String, kind: Int) throws -> Double {
        func total(_ documents: Int) throws -> Double {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("floor-alloc-\(getpid())").path
            defer { try? FileManager.default.removeItem(atPath: file) }
            let run = try Tool.run(
                floor, ["stress", "shared", "1", "\(documents)", "\(kind)"],
                environment: ["FLOOR_PNG": "fast", "LD_PRELOAD": counter, "GALLEY_ALLOC_COUNT_FILE": file])
            guard run.status == 0 else { throw BenchFailure("floor: \(run.stderr)") }
            let text = try String(contentsOfFile: file, encoding: .utf8)
            guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("allocations ") }),
                let value = Double(line.dropFirst("allocations ".count))
            else { throw BenchFailure("floor: no allocation count") }
            return value
        }
        return (try total(floorRuns.1) - total(floorRuns.0)) / Double(floorRuns.1 - floorRuns.0)
    }
}
