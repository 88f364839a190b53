import Foundation

/// How the N shards of a batch that share one output folder stand, from that folder alone:
/// which shards are complete, which records are missing or failed, and which shards to run again.
///
/// Each sharded run leaves a manifest (`shard-I-of-N.json`), a journal of the records whose outputs
/// are in place (`shard-I-of-N.done.ndjson`) and, when records failed, an error log
/// (`errors-I-of-N.ndjson`). The report reconciles the journals with the files present, so an output
/// deleted since counts as missing, and merges the error logs into one list.
///
/// ```swift
/// let report = try ShardsReport(directory: "/shared/out", count: 8)
/// print(report.text)                                         // one line per shard, then the failures
/// print("sbatch --array=\(report.arrayList) galley.sbatch")   // the shards to run again
/// ```
public struct ShardsReport: Sendable {
    /// The output folder.
    public let directory: String
    /// N, the number of shards.
    public let count: Int
    /// The number of records in the data file, when a shard has read it to the end.
    public let records: Int?
    /// Every shard, in index order.
    public let shards: [ShardStatus]
    /// Things that make the report less certain: shards run with other data, other shard counts
    /// in the folder, an unknown record count.
    public let warnings: [String]

    /// Reads the folder.
    /// - Throws: `BatchError` when the folder cannot be read, or a shard file in it is damaged.
    public init(directory: String, count: Int) throws(BatchError) {
        guard count >= 1 else { throw BatchError("the number of shards must be at least 1, got \(count)") }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isFolder), isFolder.boolValue else {
            throw BatchError("\(directory): no such output folder")
        }
        self.directory = directory
        self.count = count
        var manifests = [ShardManifest?]()
        for index in 0..<count {
            let shard = try Shard(index: index, count: count)
            manifests.append(try Self.manifest(shard, in: directory))
        }
        let present = manifests.compactMap { $0 }
        var warnings = Self.disagreements(present)
        let counts = Set(present.compactMap(\.records))
        let total = counts.max()
        records = total
        if counts.count > 1 {
            warnings.append(
                "shards read data files of different lengths (\(counts.sorted().map(String.init).joined(separator: ", ")) records); the largest is used"
            )
        }
        if present.isEmpty {
            warnings.append(contentsOf: Self.otherCounts(in: directory, than: count))
        } else if total == nil {
            warnings.append(
                "no shard has read the data file to its end yet, so the number of records is unknown and missing records are not listed"
            )
        }
        var shards = [ShardStatus]()
        for (index, manifest) in manifests.enumerated() {
            shards.append(
                try ShardStatus(
                    shard: try Shard(index: index, count: count), directory: directory, manifest: manifest,
                    records: total))
        }
        self.shards = shards
        self.warnings = warnings
    }

    /// Every failed record of every shard, by record index (problems with no record last).
    public var failures: [ShardFailure] {
        shards.flatMap(\.failures).sorted {
            ($0.record ?? Int.max, $0.shard.index) < ($1.record ?? Int.max, $1.shard.index)
        }
    }

    /// The shards to run again (every one that is not complete or failed), in index order.
    public var resubmit: [Int] { shards.filter(\.needsResubmit).map(\.shard.index) }

    /// ``resubmit`` in Slurm's `--array` syntax: `1,3-5` (empty when none).
    public var arrayList: String { Self.arrayList(resubmit) }

    /// Whether every record of every shard has its output.
    public var isComplete: Bool { shards.allSatisfy { $0.state == .complete } }

    /// Indices as Slurm's `--array` list: ascending, runs of three or more as `a-b` (`0-2,5,7,8`).
    public static func arrayList(_ indices: [Int]) -> String {
        let sorted = Array(Set(indices)).sorted()
        var parts = [String]()
        var start = 0
        while start < sorted.count {
            var end = start
            while end + 1 < sorted.count && sorted[end + 1] == sorted[end] + 1 { end += 1 }
            if end - start >= 2 {
                parts.append("\(sorted[start])-\(sorted[end])")
            } else {
                parts.append(contentsOf: sorted[start...end].map(String.init))
            }
            start = end + 1
        }
        return parts.joined(separator: ",")
    }

    private static func manifest(_ shard: Shard, in directory: String) throws(BatchError) -> ShardManifest? {
        let path = directory + "/" + shard.manifestName
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw BatchError("\(path): cannot read the shard manifest: \(error.localizedDescription)")
        }
        let manifest = try ShardManifest(parsing: text, file: path)
        guard manifest.shard == shard else {
            throw BatchError("\(path): the manifest is for shard \(manifest.shard), not \(shard)")
        }
        return manifest
    }

    /// Warnings for shards whose runs used different templates, data, or output names.
    private static func disagreements(_ manifests: [ShardManifest]) -> [String] {
        var warnings = [String]()
        func check(_ what: String, _ values: [String]) {
            let distinct = Array(Set(values)).sorted()
            if distinct.count > 1 {
                warnings.append("shards were run with different \(what): \(distinct.joined(separator: ", "))")
            }
        }
        check("data files", manifests.map { "\($0.data) (\($0.dataBytes.map(String.init) ?? "?") bytes)" })
        check("templates", manifests.map(\.template))
        check("--name patterns", manifests.map { $0.name ?? "(default)" })
        return warnings
    }

    /// When no manifest of `count` shards is there: the shard counts whose manifests are.
    private static func otherCounts(in directory: String, than count: Int) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let others = Set(
            names.compactMap { name -> Int? in
                guard name.hasPrefix("shard-"), name.hasSuffix(".json"), let of = name.range(of: "-of-") else {
                    return nil
                }
                return Int(name[of.upperBound...].dropLast(".json".count))
            }
        ).subtracting([count]).sorted()
        guard !others.isEmpty else { return [] }
        let list = others.map { "--of \($0)" }.joined(separator: " or ")
        return ["\(directory) has no shard of \(count) but has shard manifests of another split: try \(list)"]
    }
}
