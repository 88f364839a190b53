import Foundation
import Galley
import GalleyRender
import GalleyTemplates
import Synchronization

/// Renders one template with every record of a data file, in parallel, into a folder.
///
/// One reader (the thread calling ``run()``) streams records, names each one's output (so a
/// name two records ask for goes to the first, in file order, whatever the number of jobs) and
/// hands them through a bounded queue to `workers` threads; each worker binds, lays out,
/// renders and writes its record, so memory stays flat however many records there are and only
/// `Sendable` values cross threads. Every record ends rendered, skipped (`resume`) or in the
/// error log with its reason; when the output or the log cannot be written at all (a full
/// disk) the batch stops and counts the records it did not attempt.
///
/// ```swift
/// var options = BatchOptions(templatePath: "invoice.json", dataPath: "invoices.ndjson", outputDirectory: "out")
/// options.nameTemplate = "{{number}}.pdf"
/// let summary = try BatchRunner(options: options).run()
/// print(summary.line)
/// ```
public final class BatchRunner: Sendable {
    public let options: BatchOptions
    public let template: Template
    /// Where per-record errors go: `errors.ndjson`, or `errors-I-of-N.ndjson` for a shard so
    /// shards sharing one output folder do not overwrite each other's log.
    public let errorLogPath: String
    let resources: RenderResources
    let namer: OutputNamer
    let queue: BoundedQueue<NamedRecord>
    let summary = Locked(BatchSummary())
    private let inFlight = Locked([Int: CancellationSource]())
    let stopReason = Atomic<Int>(StopReason.running.rawValue)
    /// Why the batch stopped writing (the first storage or log failure), for the summary.
    let fatalError = Locked<String?>(nil)

    enum StopReason: Int {
        case running, cancelled, failFast, outputFailed
    }

    /// A record with the name its output was given (nil when naming failed: it is logged).
    /// Records read ahead of the workers. The reader is woken to refill the queue once it has
    /// drained to half: with two records a worker, a worker woke the reader (a futex call and
    /// an interrupt on the other core) every record or two, 1.4% of its time on a W1 invoice.
    static let queuedRecords = 32
    /// At most this many bytes of source data read ahead (one record is always let in): 32
    /// invoices are 120 KB, while records of many megabytes queue one or two at a time.
    static let queuedRecordBytes = 4 << 20

    struct NamedRecord: Sendable {
        let record: Record
        let name: String
    }

    /// Loads the template and checks the options; nothing is rendered yet.
    /// - Throws: `BatchError` for a template error or bad options (exit status 2 in the CLI).
    public init(options: BatchOptions) throws(BatchError) {
        guard options.scale > 0, options.scale <= 16 else {
            throw BatchError("the scale must be above 0 and at most 16")
        }
        if let jobs = options.jobs, !(1...BatchOptions.maxJobs).contains(jobs) {
            throw BatchError("--jobs must be between 1 and \(BatchOptions.maxJobs)")
        }
        if let timeout = options.timeout, !(timeout > 0 && timeout <= 1_000_000) {
            throw BatchError("--timeout must be above 0 and at most 1000000 seconds")
        }
        do {
            template = try Template.load(path: options.templatePath, policy: options.resourcePolicy)
        } catch {
            throw BatchError(error.description)
        }
        namer = try OutputNamer(
            nameTemplate: options.nameTemplate, format: options.format, directory: options.outputDirectory)
        resources = RenderResources.forTemplate(template)
        queue = BoundedQueue(
            capacity: max(2 * options.workerCount, Self.queuedRecords), weightCapacity: Self.queuedRecordBytes)
        let logName = options.shard?.errorLogName ?? "errors.ndjson"
        errorLogPath = options.outputDirectory + "/" + logName
        self.options = options
    }

    /// Stops handing out records and cancels the renders in flight; ``run()`` then returns with
    /// `interrupted` set. Safe from any thread (a signal handler's queue, say).
    public func cancel() { stop(.cancelled) }

    /// Renders the batch and returns what happened. Blocks until every worker has finished.
    /// - Throws: `BatchError` when the output folder or the data file cannot be opened.
    public func run() throws(BatchError) -> BatchSummary {
        let start = ContinuousClock.now
        try prepareOutputFolder()
        let reader: RecordReader
        do {
            var dataOptions = template.dataOptions
            if let shape = options.dataShape { dataOptions.shape = shape }
            reader = try RecordReader(path: options.dataPath, format: options.dataFormat, options: dataOptions)
        } catch {
            throw BatchError(error.description)
        }
        let log = ErrorLog(path: errorLogPath)
        let progress = ProgressReporter(style: options.progress, total: nil)
        let journal = try ShardJournal.start(options: options, dataBytes: reader.size)
        // Up to 128 finished outputs wait to be moved into place (names only: the files are on disk).
        let committer = OutputCommitter(capacity: 128)
        let context = WorkerContext(
            runner: self, log: log, progress: progress, journal: journal, committer: committer)

        let workers = DispatchGroup()
        for number in 0..<options.workerCount {
            workers.enter()
            let thread = Thread {
                while let item = context.runner.queue.pop() { context.runner.process(item, context) }
                workers.leave()
            }
            thread.name = "galley-batch-\(number)"
            thread.stackSize = 8 << 20
            thread.start()
        }

        var names = OutputNames()
        var notAttempted = 0
        var readBefore = reader.bytesRead
        for result in reader {
            // The record's share of the file (with the separators before it) weighs it in the queue.
            let recordBytes = reader.bytesRead - readBefore
            readBefore = reader.bytesRead
            if stopReason.load(ordering: .acquiring) != StopReason.running.rawValue {
                // Stopped for a full disk: the rest of the file is counted, not attempted.
                guard stopReason.load(ordering: .acquiring) == StopReason.outputFailed.rawValue else { break }
                if case .success(let record) = result, options.shard?.contains(record.index) ?? true {
                    notAttempted += 1
                }
                continue
            }
            journal?.saw(result)
            switch result {
            case .success(let record):
                guard options.shard?.contains(record.index) ?? true else { continue }
                progress.recordSeen(fractionRead: reader.fractionRead)
                guard let name = self.name(record, names: &names, context) else { continue }
                if !queue.push(NamedRecord(record: record, name: name), weight: recordBytes) { notAttempted += 1 }
            case .failure(let error):
                if let index = error.recordIndex, !(options.shard?.contains(index) ?? true) { continue }
                fail(record: error.recordIndex, name: nil, error.description, context, milliseconds: 0)
            }
        }
        if stopReason.load(ordering: .acquiring) == StopReason.running.rawValue { progress.readingFinished() }
        queue.close()
        workers.wait()
        committer.finish()
        log.close()
        progress.finish()

        let result = summary.withLock { summary in
            summary.seconds = ProgressReporter.seconds(ContinuousClock.now - start)
            let reason = stopReason.load(ordering: .acquiring)
            summary.interrupted = reason == StopReason.cancelled.rawValue
            summary.stoppedEarly = reason == StopReason.failFast.rawValue
            if reason == StopReason.outputFailed.rawValue {
                summary.notAttempted += notAttempted
                summary.stopReason = fatalError.withLock { $0 }
            }
            return summary
        }
        try journal?.finish(result)
        return result
    }

    /// Creates the output folder, checks it can be written, and removes the temporary files a
    /// killed run left in it.
    private func prepareOutputFolder() throws(BatchError) {
        let folder = options.outputDirectory
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw BatchError("cannot create the output folder \(folder): \(error.localizedDescription)")
        }
        guard access(folder, W_OK | X_OK) == 0 else {
            throw BatchError(
                "cannot write into the output folder \(folder): \(String(cString: strerror(errno))) "
                    + "(choose a folder you can write, or fix its permissions)")
        }
        TemporaryFiles.removeStale(in: folder)
    }

    /// The record's output name, claimed for it; nil (the record logged) when the name cannot
    /// be bound, is not a safe file name, or an earlier record has it.
    private func name(_ record: Record, names: inout OutputNames, _ context: WorkerContext) -> String? {
        let name: String
        do {
            name = try namer.name(for: record.value, index: record.index)
        } catch {
            fail(record: record.index, name: nil, error.description, context, milliseconds: 0)
            return nil
        }
        if let owner = names.claim(name, record: record.index) {
            fail(
                record: record.index, name: name,
                "output name '\(name)' is already record \(owner)'s; each record needs its own file "
                    + "(make --name unique, e.g. add {{index}})", context, milliseconds: 0)
            return nil
        }
        return name
    }

    /// Shared by the workers of one run.
    struct WorkerContext: Sendable {
        let runner: BatchRunner
        let log: ErrorLog
        let progress: ProgressReporter
        /// The manifest and journal of a sharded run (`galley shards` reads them).
        let journal: ShardJournal?
        /// Moves the workers' finished outputs into place, many at a time.
        let committer: OutputCommitter
    }

    /// Logs a failed record. When the log itself cannot be written, the batch stops: the failure
    /// would otherwise be lost.
    func fail(record: Int?, name: String?, _ message: String, _ context: WorkerContext, milliseconds: Double) {
        if stopReason.load(ordering: .acquiring) == StopReason.cancelled.rawValue { return }
        do {
            try context.log.append(record: record, name: name, error: message)
            summary.withLock { $0.failed += 1 }
        } catch {
            // Neither rendered nor listed: counted as not attempted, so `--resume` tries it again.
            summary.withLock { $0.notAttempted += 1 }
            stopWriting(because: error.description)
        }
        context.progress.finished(record: record, name: name, status: .failed, milliseconds: milliseconds)
        if options.failFast { stop(.failFast) }
    }

    /// Stops the batch because output cannot be written any more (a full disk, a log that cannot
    /// be written); the records not yet attempted are counted in the summary.
    func stopWriting(because reason: String) {
        fatalError.withLock { if $0 == nil { $0 = reason } }
        stop(.outputFailed)
    }

    /// Whether the batch is stopping for a reason that makes new records pointless.
    var isStopping: Bool { stopReason.load(ordering: .acquiring) != StopReason.running.rawValue }

    /// Whether it is stopping because output cannot be written (records left are not attempted).
    var isStoppingForOutput: Bool { stopReason.load(ordering: .acquiring) == StopReason.outputFailed.rawValue }

    /// Remembers a render so ``cancel()`` can reach it; cancels it at once if the run is stopping.
    func track(_ source: CancellationSource, record: Int) {
        inFlight.withLock { $0[record] = source }
        if isStopping { source.cancel() }
    }

    func untrack(record: Int) {
        inFlight.withLock { _ = $0.removeValue(forKey: record) }
    }

    private func stop(_ reason: StopReason) {
        _ = stopReason.compareExchange(
            expected: StopReason.running.rawValue, desired: reason.rawValue, ordering: .acquiringAndReleasing)
        let dropped = queue.cancel()
        if reason == .outputFailed { summary.withLock { $0.notAttempted += dropped } }
        inFlight.withLock { sources in
            for source in sources.values { source.cancel() }
        }
    }
}
