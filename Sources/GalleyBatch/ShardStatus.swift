import Foundation
import GalleyTemplates

/// How one shard of a batch stands, worked out from the files in the output folder: its
/// ``ShardManifest``, its journal reconciled with the outputs present, and its error log.
public struct ShardStatus: Sendable {
    /// Where the shard is.
    public enum State: String, Sendable {
        /// Every record of the shard has its output.
        case complete
        /// The run went through every record, and some failed (see ``failures``); resubmitting
        /// renders them again, which helps only if the failure was transient or the data was fixed.
        case failed
        /// The run went through every record, but some outputs are gone now (deleted since, or
        /// written by a run whose journal was lost).
        case incomplete
        /// Stopped by SIGINT or SIGTERM (`scancel`, a time limit, Ctrl-C): exit status 130.
        case interrupted
        /// Stopped early: at the first failure (`--fail-fast`), or because output could no longer
        /// be written (a full disk).
        case stopped
        /// Started and never finished: still running, or killed (`kill -9`, a lost node, a
        /// `scancel` of a suspended task) before it could record an end.
        case unfinished
        /// No run of the shard has written to this folder.
        case notStarted = "not started"
    }

    /// The shard.
    public let shard: Shard
    /// Its latest run, when it has one.
    public let manifest: ShardManifest?
    /// Where it is.
    public let state: State
    /// The number of records the shard owns, when the data file's length is known.
    public let records: Int?
    /// The records whose outputs are in place: journaled, and the file is there.
    public let done: [Int: String]
    /// Records that failed in the latest run (from its error log), minus any done since.
    public let failures: [ShardFailure]
    /// Records neither done nor failed, in index order; `nil` when the record count is unknown.
    public let missing: [Int]?

    /// Whether the shard should run again: it has not been through every record, or outputs are missing.
    public var needsResubmit: Bool { state != .complete && state != .failed }

    /// Reads shard `shard`'s files in `directory`.
    /// - Parameters:
    ///   - records: The data file's record count (every shard's) if any shard knows it.
    /// - Throws: `BatchError` when a file exists but cannot be read or is not one galley wrote.
    init(shard: Shard, directory: String, manifest: ShardManifest?, records total: Int?) throws(BatchError) {
        self.shard = shard
        self.manifest = manifest
        var done = [Int: String]()
        for (record, name) in try ShardJournal.entries(in: directory + "/" + shard.journalName)
        where shard.contains(record) && FileManager.default.fileExists(atPath: directory + "/" + name) {
            done[record] = name
        }
        self.done = done
        failures = try ShardFailure.read(directory + "/" + shard.errorLogName, shard: shard).filter {
            $0.record.map { done[$0] == nil } ?? true
        }
        records = total.map { $0 > shard.index ? ($0 - shard.index + shard.count - 1) / shard.count : 0 }
        let failed = Set(failures.compactMap(\.record))
        missing = total.map { total in
            stride(from: shard.index, to: total, by: shard.count).filter { done[$0] == nil && !failed.contains($0) }
        }
        switch manifest?.state {
        case nil: state = .notStarted
        case .running?: state = .unfinished
        case .interrupted?: state = .interrupted
        case .stopped?: state = .stopped
        case .complete?:
            if missing?.isEmpty == false {
                state = .incomplete
            } else {
                state = failures.isEmpty && (manifest?.failed ?? 0) == 0 ? .complete : .failed
            }
        }
    }
}

/// One record that failed, as its shard's error log (`errors-I-of-N.ndjson`) has it.
public struct ShardFailure: Sendable, Equatable {
    /// The shard whose log lists it.
    public let shard: Shard
    /// The record's 0-based index; `nil` for a problem with the data file as a whole.
    public let record: Int?
    /// The output name, when it could be bound.
    public let name: String?
    /// What went wrong.
    public let error: String

    /// The log line with the shard added: `{"shard":"2/4","record":17,"name":"…","error":"…"}`.
    public var json: JSONValue {
        [
            "shard": .string(shard.description), "record": record.map { .number(Double($0)) } ?? .null,
            "name": name.map { .string($0) } ?? .null, "error": .string(error),
        ]
    }

    /// The failures an error log lists; none when there is no log (the shard had no failures).
    static func read(_ path: String, shard: Shard) throws(BatchError) -> [ShardFailure] {
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        let reader: RecordReader
        do {
            reader = try RecordReader(path: path, format: .ndjson)
        } catch {
            throw BatchError("cannot read the error log: \(error.description)")
        }
        var failures = [ShardFailure]()
        for case .success(let line) in reader {
            guard let error = line.value["error"]?.stringValue else { continue }
            let record = line.value["record"]?.numberValue.flatMap { $0 >= 0 && $0 < 1e15 ? Int($0) : nil }
            failures.append(
                ShardFailure(shard: shard, record: record, name: line.value["name"]?.stringValue, error: error))
        }
        return failures
    }
}
