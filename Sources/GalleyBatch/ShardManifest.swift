import Foundation
import GalleyRender
import GalleyTemplates

/// `OUT/shard-I-of-N.json`: what the latest run of one shard was and how it ended.
///
/// A sharded batch writes it atomically (temporary file, fsync, rename) twice: as `running` when the
/// run starts, and with its final state and counts when it ends. A run killed outright (`kill -9`, a
/// node lost) leaves it `running`. Together with the shard's journal (`shard-I-of-N.done.ndjson`) and its
/// error log, it lets ``ShardsReport`` tell from the output folder alone how far each shard got.
///
/// ```json
/// {"galley":"shard","version":1,"shard":"1/4","state":"interrupted","template":"invoice.json",
///  "data":"invoices.ndjson","dataBytes":3144722,"name":"{{number}}.pdf","resume":true,"host":"node7",
///  "pid":4711,"started":"2024-05-01T10:00:00Z","finished":"2024-05-01T10:00:09Z","records":null,
///  "rendered":81,"skipped":0,"failed":0,"exitStatus":130}
/// ```
public struct ShardManifest: Sendable, Equatable {
    /// How the run ended, or that it has not (yet).
    public enum State: String, Sendable {
        /// Started and not finished: still running, or killed before it could say so.
        case running
        /// Read the whole data file and rendered, skipped or failed every record of the shard.
        case complete
        /// Stopped by SIGINT or SIGTERM (`scancel`, a time limit, Ctrl-C); exit status 130.
        case interrupted
        /// Stopped early: at the first failure (`--fail-fast`), or because output could no longer
        /// be written (a full disk); the records not attempted are missing.
        case stopped
    }

    /// The shard this run rendered.
    public var shard: Shard
    /// How the run ended.
    public var state: State
    /// The template and data files as given on the command line.
    public var template: String
    public var data: String
    /// The data file's size in bytes when it is a regular file (shards of one batch read the same file).
    public var dataBytes: Int?
    /// The `--name` pattern, `nil` for the default.
    public var name: String?
    /// Whether the run skipped records whose outputs existed (`--resume`).
    public var resume: Bool
    /// Where the run ran: the host name and process id.
    public var host: String
    public var pid: Int
    /// UTC start and end, ISO 8601 (`2024-05-01T10:00:00Z`); `finished` is `nil` while running.
    public var started: String
    public var finished: String?
    /// The number of records in the data file (every shard's), known once the run read it to the end.
    public var records: Int?
    /// This run's counts (a `--resume` run counts the outputs it found as skipped).
    public var rendered = 0
    public var skipped = 0
    public var failed = 0
    /// The batch's exit status: 0, 1 (records failed), 130 (interrupted); `nil` while running.
    public var exitStatus: Int?

    /// A manifest for a run of `shard` that starts now.
    public init(shard: Shard, options: BatchOptions, dataBytes: Int?) {
        self.shard = shard
        state = .running
        template = options.templatePath
        data = options.dataPath
        self.dataBytes = dataBytes
        name = options.nameTemplate
        resume = options.resume
        host = Self.hostName()
        pid = Int(ProcessInfo.processInfo.processIdentifier)
        started = Self.timestamp(Date())
    }

    /// The manifest as JSON (the file's content).
    public var json: JSONValue {
        func optional(_ value: Int?) -> JSONValue { value.map { .number(Double($0)) } ?? .null }
        return [
            "galley": "shard", "version": 1, "shard": .string(shard.description), "state": .string(state.rawValue),
            "template": .string(template), "data": .string(data), "dataBytes": optional(dataBytes),
            "name": name.map { .string($0) } ?? .null, "resume": .bool(resume), "host": .string(host),
            "pid": .number(Double(pid)), "started": .string(started),
            "finished": finished.map { .string($0) } ?? .null, "records": optional(records),
            "rendered": .number(Double(rendered)), "skipped": .number(Double(skipped)),
            "failed": .number(Double(failed)), "exitStatus": optional(exitStatus),
        ]
    }

    /// Reads a manifest; `file` names it in errors.
    /// - Throws: `BatchError` naming the file and the field when it is not a shard manifest.
    public init(parsing text: String, file: String) throws(BatchError) {
        let value: JSONValue
        do {
            value = try JSONParser.parse(text, file: file).value
        } catch {
            throw BatchError("\(error.description) (a shard manifest; delete it and rerun the shard)")
        }
        func fail(_ message: String) -> BatchError {
            BatchError("\(file): \(message); this is not a shard manifest galley wrote (delete it and rerun the shard)")
        }
        func integer(_ key: String) throws(BatchError) -> Int? {
            guard let field = value[key], field != .null else { return nil }
            guard let number = field.numberValue, number >= 0, number == number.rounded(), number < 1e15 else {
                throw fail("\"\(key)\" must be a whole number ≥ 0")
            }
            return Int(number)
        }
        func string(_ key: String) throws(BatchError) -> String {
            guard let text = value[key]?.stringValue else { throw fail("\"\(key)\" must be a string") }
            return text
        }
        guard value["galley"]?.stringValue == "shard", value["version"]?.numberValue == 1 else {
            throw fail("expected \"galley\": \"shard\", \"version\": 1")
        }
        do {
            shard = try Shard(parsing: try string("shard"))
        } catch {
            throw fail("\"shard\": \(error.description)")
        }
        guard let state = State(rawValue: try string("state")) else {
            throw fail("\"state\" must be running, complete, interrupted or stopped")
        }
        self.state = state
        template = try string("template")
        data = try string("data")
        dataBytes = try integer("dataBytes")
        name = value["name"]?.stringValue
        resume = value["resume"]?.boolValue ?? false
        host = try string("host")
        pid = try integer("pid") ?? 0
        started = try string("started")
        finished = value["finished"]?.stringValue
        records = try integer("records")
        rendered = try integer("rendered") ?? 0
        skipped = try integer("skipped") ?? 0
        failed = try integer("failed") ?? 0
        exitStatus = try integer("exitStatus")
    }

    /// Writes the manifest atomically: a reader sees the old one or the new one, never a mix.
    func write(to path: String) throws(BatchError) {
        do {
            try FileOutput.writeAtomically(Array((json.jsonText + "\n").utf8), to: path)
        } catch {
            throw BatchError("cannot write the shard manifest: \(error)")
        }
    }

    /// This machine's name as `gethostname` has it (no DNS lookup, unlike `ProcessInfo.hostName`).
    static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `2024-05-01T10:00:00Z`.
    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}

extension Shard {
    /// `shard-I-of-N.json`, the shard's manifest in the output folder.
    public var manifestName: String { "shard-\(index)-of-\(count).json" }
    /// `shard-I-of-N.done.ndjson`, the shard's journal of records whose outputs are in place.
    public var journalName: String { "shard-\(index)-of-\(count).done.ndjson" }
    /// `errors-I-of-N.ndjson`, the shard's error log (there only when records failed).
    public var errorLogName: String { "errors-\(index)-of-\(count).ndjson" }

    /// Whether `name` could be a shard's manifest or journal, which no output may overwrite.
    static func isBookkeepingName(_ name: String) -> Bool {
        name.hasPrefix("shard-") && name.contains("-of-") && (name.hasSuffix(".json") || name.hasSuffix(".done.ndjson"))
    }
}
