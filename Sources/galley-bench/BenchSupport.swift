import Foundation

/// One group of measurements (layout, text, W1, W3, …).
struct BenchGroup: Sendable {
    let name: String
    let run: @Sendable (BenchOptions, inout BenchReport) throws -> Void
}

struct BenchOptions: Sendable {
    var only: Set<String> = []
    var outputPath = "bench/results.json"
    /// The floor renderer's binary (../shared/bench/floor/floor.c built by scripts/bench).
    var floorPath: String?
    /// bench/alloc-counter.c built as a preloadable library (scripts/bench): counts allocations.
    var allocationCounterPath: String?
    /// ../shared/bench/data: the workloads' records and images.
    var dataDirectory = "../shared/bench/data"

    static func parse(_ arguments: [String]) -> BenchOptions {
        var options = BenchOptions()
        var index = 0
        while index < arguments.count {
            let name = arguments[index]
            let value = index + 1 < arguments.count ? arguments[index + 1] : ""
            switch name {
            case "--only": options.only = Set(value.split(separator: ",").map(String.init))
            case "--out": options.outputPath = value
            case "--floor": options.floorPath = value
            case "--data": options.dataDirectory = value
            case "--alloc-counter": options.allocationCounterPath = value
            default: break
            }
            index += 2
        }
        return options
    }
}

/// Results as nested JSON: `{group: {metric: value}}`, keys in insertion order.
struct BenchReport {
    private(set) var groups: [(name: String, metrics: [(String, String)])] = []

    mutating func add(_ group: String, _ metric: String, _ value: Double, digits: Int = 3) {
        add(group, metric, rawJSON: Self.format(value, digits: digits))
        print("  \(metric): \(Self.format(value, digits: digits))")
    }

    mutating func add(_ group: String, _ metric: String, _ text: String) {
        add(group, metric, rawJSON: "\"" + text.replacingOccurrences(of: "\"", with: "'") + "\"")
    }

    private mutating func add(_ group: String, _ metric: String, rawJSON: String) {
        if let index = groups.firstIndex(where: { $0.name == group }) {
            groups[index].metrics.append((metric, rawJSON))
        } else {
            groups.append((group, [(metric, rawJSON)]))
        }
    }

    /// The groups of a file this writer wrote: `  "group": {`, `    "metric": value,` lines, `  }`.
    static func groups(in text: String) -> [(name: String, metrics: [(String, String)])] {
        var groups: [(name: String, metrics: [(String, String)])] = []
        for line in text.split(separator: "\n") {
            if line.hasPrefix("  \""), line.hasSuffix("{"), let end = line.dropFirst(3).firstIndex(of: "\"") {
                groups.append((String(line[line.index(line.startIndex, offsetBy: 3)..<end]), []))
            } else if line.hasPrefix("    \""), let colon = line.range(of: "\": "), !groups.isEmpty {
                let name = String(line[line.index(line.startIndex, offsetBy: 5)..<colon.lowerBound])
                var value = String(line[colon.upperBound...])
                if value.hasSuffix(",") { value.removeLast() }
                groups[groups.count - 1].metrics.append((name, value))
            }
        }
        return groups
    }

    static func format(_ value: Double, digits: Int) -> String {
        value.isFinite ? String(format: "%.\(digits)f", value) : "null"
    }

    /// Writes the report; with `keepingOthers`, the groups of the file at `path` that this run did not measure
    /// are kept, in their place.
    func write(to path: String, keepingOthers: Bool = false) throws {
        var groups = self.groups
        if keepingOthers, let text = try? String(contentsOfFile: path, encoding: .utf8) {
            let kept = Self.groups(in: text)
            var merged = kept.map { old in groups.first { $0.name == old.name } ?? old }
            merged += groups.filter { new in !kept.contains { $0.name == new.name } }
            groups = merged
        }
        let body = groups.map { group in
            "  \"\(group.name)\": {\n" + group.metrics.map { "    \"\($0.0)\": \($0.1)" }.joined(separator: ",\n")
                + "\n  }"
        }.joined(separator: ",\n")
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try ("{\n" + body + "\n}\n").write(to: url, atomically: true, encoding: .utf8)
    }
}

/// Wall-clock timing.
enum Clock {
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Seconds per call of `body`, median of `runs`.
    static func median(runs: Int, _ body: () throws -> Void) rethrows -> Double {
        var samples = [Double]()
        for _ in 0..<runs {
            let start = now()
            try body()
            samples.append(now() - start)
        }
        return samples.median
    }

    /// Current resident set size of this process, in MB (from /proc/self/statm).
    static func residentMegabytes() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return .nan }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Double(fields[1]) else { return .nan }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / (1024 * 1024)
    }

    /// Peak resident set size of this process so far, in MB.
    static func peakRSSMegabytes() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return Double(usage.ru_maxrss) / 1024
    }
}

extension Array where Element == Double {
    /// The middle value once sorted (the upper middle of an even count), as every group reports.
    var median: Double { sorted()[count / 2] }
}
