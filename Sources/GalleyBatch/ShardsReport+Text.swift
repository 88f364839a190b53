import GalleyTemplates

/// The report as `galley shards` prints it: text for people, JSON and NDJSON for scripts.
extension ShardsReport {
    /// At most this many failed records are listed in ``text``; `--errors` lists them all.
    static let listedFailures = 20

    /// One line per shard, then the failed records, the warnings and the `--array` list to resubmit.
    ///
    /// ```
    /// out: 4 shards, 1000 records
    /// shard 0/4  complete     250 of 250 done
    /// shard 1/4  interrupted  81 of 250 done, 169 missing (records 325, 329, 333, … 997); ended 2024-05-01T10:00:09Z, exit 130
    /// shard 2/4  failed       249 of 250 done, 1 failed
    /// shard 3/4  not started  0 of 250 done, 250 missing (records 3, 7, 11, … 999)
    /// failed records (1):
    ///   record 18 (shard 2/4) INV-2024-00019.pdf: no value at 'buyer.name'
    /// resubmit: --array=1,3
    /// ```
    public var text: String {
        var lines = ["\(directory): \(count) shard\(count == 1 ? "" : "s"), \(records.map(String.init) ?? "?") records"]
        let width = shards.map(\.state.rawValue.count).max() ?? 0
        for status in shards {
            let state = status.state.rawValue.padding(toLength: width, withPad: " ", startingAt: 0)
            lines.append("shard \(status.shard)  \(state)  \(Self.detail(status))")
        }
        let failures = failures
        if !failures.isEmpty {
            lines.append("failed records (\(failures.count)):")
            for failure in failures.prefix(Self.listedFailures) {
                let record = failure.record.map { "record \($0)" } ?? "the data file"
                let name = failure.name.map { " \($0)" } ?? ""
                lines.append("  \(record) (shard \(failure.shard))\(name): \(failure.error)")
            }
            if failures.count > Self.listedFailures {
                lines.append(
                    "  … and \(failures.count - Self.listedFailures) more (galley shards \(directory) --of \(count) --errors lists them all)"
                )
            }
        }
        lines += warnings.map { "warning: \($0)" }
        if resubmit.isEmpty {
            lines.append(isComplete ? "complete: every record has its output" : "nothing to resubmit")
        } else {
            lines.append("resubmit: --array=\(arrayList)")
        }
        return lines.joined(separator: "\n")
    }

    /// `81 of 250 done, 169 missing (records 5, 9, … 997); ended …, exit 130`.
    private static func detail(_ status: ShardStatus) -> String {
        var text = status.records.map { "\(status.done.count) of \($0) done" } ?? "\(status.done.count) done"
        if !status.failures.isEmpty { text += ", \(status.failures.count) failed" }
        if let missing = status.missing, !missing.isEmpty {
            var shown = missing.prefix(missing.count > 6 ? 3 : 6).map(String.init).joined(separator: ", ")
            if missing.count > 6, let last = missing.last { shown += ", … \(last)" }
            text += ", \(missing.count) missing (record\(missing.count == 1 ? "" : "s") \(shown))"
        }
        guard let manifest = status.manifest else { return text }
        switch status.state {
        case .interrupted, .stopped:
            text += "; ended \(manifest.finished ?? "?"), exit \(manifest.exitStatus.map(String.init) ?? "?")"
        case .unfinished:
            text += "; started \(manifest.started) on \(manifest.host) (pid \(manifest.pid)) and has not ended:"
            text += " still running, or killed"
        case .complete, .failed, .incomplete, .notStarted: break
        }
        return text
    }

    /// The whole report as one JSON object (`galley shards --json`).
    public var json: JSONValue {
        func number(_ value: Int) -> JSONValue { .number(Double(value)) }
        let shardValues: [JSONValue] = shards.map { status in
            [
                "shard": .string(status.shard.description), "state": .string(status.state.rawValue),
                "records": status.records.map(number) ?? .null, "done": number(status.done.count),
                "failed": .array(status.failures.map(\.json)),
                "missing": status.missing.map { .array($0.map(number)) } ?? .null,
                "manifest": status.manifest?.json ?? .null,
            ]
        }
        return [
            "directory": .string(directory), "shards": number(count), "records": records.map(number) ?? .null,
            "complete": .bool(isComplete), "shardStates": .array(shardValues),
            "resubmit": .array(resubmit.map(number)), "array": .string(arrayList),
            "warnings": .array(warnings.map { .string($0) }),
        ]
    }

    /// Every shard's error log merged into one NDJSON text, one failure a line with its shard,
    /// ordered by record (`galley shards --errors`).
    public var failuresNDJSON: String {
        failures.map { $0.json.jsonText + "\n" }.joined()
    }
}
