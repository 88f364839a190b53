import Foundation
import GalleyRender
import GalleyTemplates
import Synchronization

/// What a sharded run leaves in the output folder so `galley shards` can tell, from the folder
/// alone, how far the shard got: its ``ShardManifest`` and its journal, `shard-I-of-N.done.ndjson`.
///
/// The journal has one line per record whose output is in place, `{"record":5,"name":"INV-5.pdf"}`
/// (for a paged PNG, the first page's file: the one `--resume` looks for), appended only after the
/// output was renamed into place, so a line never names a file that was not there. Lines are
/// buffered and written with one `write` of whole lines (no fsync) every 64 records or every
/// second, and at the end of the run. A `kill -9` therefore loses the lines of at most the last 64
/// records; those outputs look missing to ``ShardsReport`` (which also checks that each journaled
/// file still exists), and the next `--resume` run skips and journals them again.
/// A run without `--resume` starts a new journal; a `--resume` run appends to it, journaling the
/// records it skips unless the journal already lists them. A torn last line is ignored.
final class ShardJournal: Sendable {
    let shard: Shard
    private let journalPath: String
    private let manifestPath: String
    private let state: Locked<State>
    /// The largest record index the reader has seen (every shard's records count).
    private let highestIndex = Atomic<Int>(-1)
    /// Records the journal already listed when this `--resume` run started.
    private let listed: Set<Int>

    private struct State {
        var manifest: ShardManifest
        var descriptor: Int32
        var buffer: [UInt8] = []
        var pending = 0
        var lastFlush = ContinuousClock.now
        var writeError: String?
    }

    private static let flushEvery = 64
    private static let flushInterval = Duration.seconds(1)

    /// Starts the bookkeeping of a sharded run: opens the journal and writes the `running` manifest.
    /// - Returns: `nil` when the run is not sharded.
    /// - Throws: `BatchError` when the journal or the manifest cannot be written.
    static func start(options: BatchOptions, dataBytes: Int?) throws(BatchError) -> ShardJournal? {
        guard let shard = options.shard else { return nil }
        return try ShardJournal(shard: shard, options: options, dataBytes: dataBytes)
    }

    private init(shard: Shard, options: BatchOptions, dataBytes: Int?) throws(BatchError) {
        self.shard = shard
        journalPath = options.outputDirectory + "/" + shard.journalName
        manifestPath = options.outputDirectory + "/" + shard.manifestName
        listed = options.resume ? Set(try Self.entries(in: journalPath).keys) : []
        let flags = O_WRONLY | O_CREAT | O_CLOEXEC | (options.resume ? O_APPEND : O_TRUNC)
        let descriptor = open(journalPath, flags, 0o644)
        guard descriptor >= 0 else {
            throw BatchError("cannot open the shard journal \(journalPath): \(String(cString: strerror(errno)))")
        }
        let manifest = ShardManifest(shard: shard, options: options, dataBytes: dataBytes)
        state = Locked(State(manifest: manifest, descriptor: descriptor))
        try manifest.write(to: manifestPath)
        // A line torn by a kill would swallow the first line appended after it.
        if options.resume, Self.endsMidLine(journalPath) {
            state.withLock { $0.buffer = Array("\n".utf8) }
        }
    }

    deinit {
        state.withLock { state in
            if state.descriptor >= 0 { close(state.descriptor) }
        }
    }

    /// Notes a record (or a bad record) the reader handed out; called by the reading thread only.
    func saw(_ result: Result<Record, DataError>) {
        let index: Int?
        switch result {
        case .success(let record): index = record.index
        case .failure(let error): index = error.recordIndex
        }
        if let index, index > highestIndex.load(ordering: .relaxed) { highestIndex.store(index, ordering: .relaxed) }
    }

    /// Journals a record whose output is in place: just rendered, or found by `--resume`.
    func done(record: Int, name: String, skipped: Bool) {
        if skipped && listed.contains(record) { return }
        let entry: JSONValue = ["record": .number(Double(record)), "name": .string(name)]
        let line = Array((entry.jsonText + "\n").utf8)
        state.withLock { state in
            state.buffer += line
            state.pending += 1
            let now = ContinuousClock.now
            if state.pending >= Self.flushEvery || now - state.lastFlush >= Self.flushInterval {
                Self.flush(&state)
                state.lastFlush = now
            }
        }
    }

    /// Writes the journal's last lines, then the manifest with how the run ended.
    /// - Throws: `BatchError` when the journal or the manifest could not be written.
    func finish(_ summary: BatchSummary) throws(BatchError) {
        let (started, writeError) = state.withLock { state in
            Self.flush(&state)
            if state.descriptor >= 0, close(state.descriptor) != 0, state.writeError == nil {
                state.writeError = String(cString: strerror(errno))
            }
            state.descriptor = -1
            return (state.manifest, state.writeError)
        }
        var manifest = started
        // A batch that stopped writing (a full disk) stopped early too: records were not attempted.
        let stopped = summary.stoppedEarly || summary.stopReason != nil
        manifest.state = summary.interrupted ? .interrupted : stopped ? .stopped : .complete
        // Only a run that read the data file to its end knows how many records it has.
        manifest.records = manifest.state == .complete ? highestIndex.load(ordering: .relaxed) + 1 : nil
        manifest.rendered = summary.rendered
        manifest.skipped = summary.skipped
        manifest.failed = summary.failed
        manifest.exitStatus = Int(summary.exitStatus)
        manifest.finished = ShardManifest.timestamp(Date())
        try manifest.write(to: manifestPath)
        if let writeError { throw BatchError("cannot write the shard journal \(journalPath): \(writeError)") }
    }

    private static func flush(_ state: inout State) {
        defer {
            state.buffer.removeAll(keepingCapacity: true)
            state.pending = 0
        }
        guard !state.buffer.isEmpty, state.descriptor >= 0, state.writeError == nil else { return }
        state.buffer.withUnsafeBytes { bytes in
            guard var cursor = bytes.baseAddress else { return }
            var remaining = bytes.count
            while remaining > 0 {
                let written = write(state.descriptor, cursor, remaining)
                if written < 0 {
                    if errno == EINTR { continue }
                    state.writeError = String(cString: strerror(errno))
                    return
                }
                cursor += written
                remaining -= written
            }
        }
    }

    /// Whether the file at `path` is non-empty and does not end in a newline.
    private static func endsMidLine(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var last: UInt8 = 0
        guard lseek(descriptor, -1, SEEK_END) >= 0, Glibc.read(descriptor, &last, 1) == 1 else { return false }
        return last != UInt8(ascii: "\n")
    }

    /// The records a journal lists, with their output names (the last line wins). A missing
    /// journal lists none; lines that do not parse (a line torn by a kill) are skipped.
    /// - Throws: `BatchError` when the journal exists but cannot be read.
    static func entries(in path: String) throws(BatchError) -> [Int: String] {
        guard FileManager.default.fileExists(atPath: path) else { return [:] }
        let reader: RecordReader
        do {
            reader = try RecordReader(path: path, format: .ndjson)
        } catch {
            throw BatchError("cannot read the shard journal: \(error.description)")
        }
        var names = [Int: String]()
        for case .success(let line) in reader {
            guard let number = line.value["record"]?.numberValue, number >= 0, number < 1e15,
                number == number.rounded(), let name = line.value["name"]?.stringValue
            else { continue }
            names[Int(number)] = name
        }
        return names
    }
}
