import Foundation
import Galley
import GalleyRender
import GalleyTemplates
import Synchronization

/// Renders one template with every record of a data file, in parallel, into a folder.
///
/// One reader (the thread calling ``run()``) streams records into a bounded queue that
/// `workers` threads drain; each worker binds, lays out, renders and writes its record, so
/// memory stays flat however many records there are and only `Sendable` values (records)
/// cross threads. A failing record is logged to `errors.ndjson` and the others carry on.
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
    private let resources: RenderResources
    private let namer: OutputNamer
    private let queue: BoundedQueue<Record>
    private let summary = Locked(BatchSummary())
    private let inFlight = Locked([Int: CancellationSource]())
    private let stopReason = Atomic<Int>(StopReason.running.rawValue)

    private enum StopReason: Int {
        case running, cancelled, failFast
    }

    /// Loads the template and checks the options; nothing is rendered yet.
    /// - Throws: `BatchError` for a template error or bad options (exit status 2 in the CLI).
    public init(options: BatchOptions) throws(BatchError) {
        guard options.scale > 0, options.scale <= 16 else {
            throw BatchError("the scale must be above 0 and at most 16")
        }
        if let jobs = options.jobs, jobs < 1 { throw BatchError("--jobs must be at least 1") }
        if let timeout = options.timeout, !(timeout > 0) { throw BatchError("--timeout must be above 0 seconds") }
        do {
            template = try Template.load(path: options.templatePath)
        } catch {
            throw BatchError(error.description)
        }
        namer = try OutputNamer(
            nameTemplate: options.nameTemplate, format: options.format, directory: options.outputDirectory)
        resources = RenderResources.forTemplate(template)
        queue = BoundedQueue(capacity: 2 * options.workerCount)
        let logName = options.shard.map { "errors-\($0.index)-of-\($0.count).ndjson" } ?? "errors.ndjson"
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
        do {
            try FileManager.default.createDirectory(atPath: options.outputDirectory, withIntermediateDirectories: true)
        } catch {
            throw BatchError(
                "cannot create the output folder \(options.outputDirectory): \(error.localizedDescription)")
        }
        let reader: RecordReader
        do {
            reader = try RecordReader(path: options.dataPath)
        } catch {
            throw BatchError(error.description)
        }
        let log = ErrorLog(path: errorLogPath)
        let progress = ProgressReporter(style: options.progress, total: nil)
        let context = WorkerContext(runner: self, log: log, progress: progress)

        let workers = DispatchGroup()
        for number in 0..<options.workerCount {
            workers.enter()
            let thread = Thread {
                while let record = context.runner.queue.pop() { context.runner.process(record, context) }
                workers.leave()
            }
            thread.name = "galley-batch-\(number)"
            thread.stackSize = 8 << 20
            thread.start()
        }

        for result in reader {
            if stopReason.load(ordering: .acquiring) != StopReason.running.rawValue { break }
            switch result {
            case .success(let record):
                guard options.shard?.contains(record.index) ?? true else { continue }
                progress.recordSeen(fractionRead: reader.fractionRead)
                if !queue.push(record) { break }
            case .failure(let error):
                if let index = error.recordIndex, !(options.shard?.contains(index) ?? true) { continue }
                fail(record: error.recordIndex, name: nil, error.description, context, milliseconds: 0)
            }
        }
        if stopReason.load(ordering: .acquiring) == StopReason.running.rawValue { progress.readingFinished() }
        queue.close()
        workers.wait()
        log.close()
        progress.finish()

        return summary.withLock { summary in
            summary.seconds = ProgressReporter.seconds(ContinuousClock.now - start)
            let reason = stopReason.load(ordering: .acquiring)
            summary.interrupted = reason == StopReason.cancelled.rawValue
            summary.stoppedEarly = reason == StopReason.failFast.rawValue
            return summary
        }
    }

    /// Shared by the workers of one run.
    private struct WorkerContext: Sendable {
        let runner: BatchRunner
        let log: ErrorLog
        let progress: ProgressReporter
    }

    private func process(_ record: Record, _ context: WorkerContext) {
        let start = ContinuousClock.now
        func elapsed() -> Double { ProgressReporter.seconds(ContinuousClock.now - start) * 1000 }
        var name: String?
        do {
            let file = try namer.name(for: record.value, index: record.index)
            name = file
            let path = namer.path(file)
            let firstFile = DocumentWriter.firstOutputPath(
                for: path, format: namer.format, naming: template.pageNaming, pages: options.pages)
            if options.resume && FileManager.default.fileExists(atPath: firstFile) {
                summary.withLock { $0.skipped += 1 }
                context.progress.finished(record: record.index, name: file, status: .skipped, milliseconds: 0)
                return
            }
            let source = CancellationSource(timeout: options.timeout)
            track(source, record: record.index)
            defer { inFlight.withLock { _ = $0.removeValue(forKey: record.index) } }
            let document: any Document
            do {
                // Binding is bounded by the timeout too: a record of 200,000 rows stops building.
                document = try source.check.whileMeasuring {
                    try template.bind(record.value, recordIndex: record.index, resources: resources)
                }
            } catch {
                throw RecordFailure("\(error)")
            }
            try source.check.throwIfCancelled()
            if file.contains("/") {
                try FileManager.default.createDirectory(
                    atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            }
            try DocumentWriter.write(
                document, to: path,
                options: OutputOptions(
                    format: namer.format, scale: options.scale, pages: options.pages, cancellation: source))
            summary.withLock { $0.rendered += 1 }
            context.progress.finished(record: record.index, name: file, status: .ok, milliseconds: elapsed())
        } catch let cancelled as RenderCancelled {
            // A render cancelled by Ctrl-C or --fail-fast is not a failure of its record.
            guard cancelled.reason == .timedOut else { return }
            fail(
                record: record.index, name: name, "timed out after \(Self.secondsText(options.timeout ?? 0))s", context,
                milliseconds: elapsed())
        } catch {
            fail(record: record.index, name: name, "\(error)", context, milliseconds: elapsed())
        }
    }

    /// `5`, `0.25`, `0.000001`: plain decimals, no exponent, no trailing zeros.
    static func secondsText(_ seconds: Double) -> String {
        var text = String(format: "%.6f", seconds)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    private func fail(record: Int?, name: String?, _ message: String, _ context: WorkerContext, milliseconds: Double) {
        if stopReason.load(ordering: .acquiring) == StopReason.cancelled.rawValue { return }
        summary.withLock { $0.failed += 1 }
        context.log.append(record: record, name: name, error: message)
        context.progress.finished(record: record, name: name, status: .failed, milliseconds: milliseconds)
        if options.failFast { stop(.failFast) }
    }

    /// Remembers a render so ``cancel()`` can reach it; cancels it at once if the run is stopping.
    private func track(_ source: CancellationSource, record: Int) {
        inFlight.withLock { $0[record] = source }
        if stopReason.load(ordering: .acquiring) != StopReason.running.rawValue { source.cancel() }
    }

    private func stop(_ reason: StopReason) {
        _ = stopReason.compareExchange(
            expected: StopReason.running.rawValue, desired: reason.rawValue, ordering: .acquiringAndReleasing)
        queue.cancel()
        inFlight.withLock { sources in
            for source in sources.values { source.cancel() }
        }
    }
}
