import Foundation
import Galley
import GalleyRender
import GalleyTemplates

extension BatchRunner {
    /// Renders one record: skip it when resuming and its output is there, else bind (bounded by
    /// the timeout), lay out, draw and write it, and hand its files to the committer (which
    /// reports it once they are in place); a failure is logged with its reason.
    func process(_ item: NamedRecord, _ context: WorkerContext) {
        let record = item.record
        let file = item.name
        let start = ContinuousClock.now
        func elapsed() -> Double { ProgressReporter.seconds(ContinuousClock.now - start) * 1000 }
        if isStopping {
            // Handed out before the stop: not attempted.
            summary.withLock { $0.notAttempted += 1 }
            return
        }
        do {
            let path = namer.path(file)
            try namer.checkFolders(of: file)
            // The file resume looks for (a paged PNG's first page), which a shard's journal names.
            let firstName = DocumentWriter.firstOutputPath(
                for: file, format: namer.format, naming: template.pageNaming, pages: options.pages)
            let firstFile = namer.path(firstName)
            if options.resume && FileManager.default.fileExists(atPath: firstFile) {
                summary.withLock { $0.skipped += 1 }
                context.journal?.done(record: record.index, name: firstName, skipped: true)
                context.progress.finished(record: record.index, name: file, status: .skipped, milliseconds: 0)
                return
            }
            let source = CancellationSource(timeout: options.timeout)
            track(source, record: record.index)
            defer { untrack(record: record.index) }
            let document: any Document
            do {
                // Binding is bounded by the timeout too: a record of 200,000 rows stops building.
                document = try RecordRender.document(
                    template, record: record.value, recordIndex: record.index, resources: resources,
                    cancellation: source)
            } catch let cancelled as RenderCancelled {
                throw cancelled
            } catch {
                throw RecordFailure("\(error)")
            }
            if file.contains("/") {
                try FileManager.default.createDirectory(
                    atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            }
            var output = OutputOptions(
                format: namer.format, scale: options.scale, pages: options.pages, cancellation: source,
                pdfStandards: options.pdfStandards, pdfPasswords: options.pdfPasswords)
            // The committer moves the files into place (with other records' files) and then
            // reports the record; this worker goes on to the next one.
            let index = record.index
            output.commit = .handOver { files in
                context.committer.add(files) { error in
                    self.committed(index, name: file, firstName: firstName, error, context, start: start)
                }
            }
            try DocumentWriter.write(document, to: path, options: output)
        } catch let cancelled as RenderCancelled {
            // A render cancelled by Ctrl-C, --fail-fast or a full disk is not a failure of its record.
            guard cancelled.reason == .timedOut else {
                if isStoppingForOutput { summary.withLock { $0.notAttempted += 1 } }
                return
            }
            fail(
                record: record.index, name: file, "timed out after \(Self.secondsText(options.timeout ?? 0))s",
                context, milliseconds: elapsed())
        } catch RenderError.storageFull(let path, let message) {
            // Nothing more can be written: stop, and count this record as not attempted.
            summary.withLock { $0.notAttempted += 1 }
            stopWriting(because: "\(path): \(message)")
        } catch {
            fail(record: record.index, name: file, "\(error)", context, milliseconds: elapsed())
        }
    }

    /// A record whose output the committer moved into place (`error` nil) or could not.
    private func committed(
        _ record: Int, name: String, firstName: String, _ error: RenderError?, _ context: WorkerContext,
        start: ContinuousClock.Instant
    ) {
        let milliseconds = ProgressReporter.seconds(ContinuousClock.now - start) * 1000
        switch error {
        case nil:
            summary.withLock { $0.rendered += 1 }
            context.journal?.done(record: record, name: firstName, skipped: false)
            context.progress.finished(record: record, name: name, status: .ok, milliseconds: milliseconds)
        case .storageFull(let path, let message):
            summary.withLock { $0.notAttempted += 1 }
            stopWriting(because: "\(path): \(message)")
        case let error?:
            fail(record: record, name: name, "\(error)", context, milliseconds: milliseconds)
        }
    }

    /// `5`, `0.25`, `0.000001`: plain decimals, no exponent, no trailing zeros.
    static func secondsText(_ seconds: Double) -> String {
        var text = String(format: "%.6f", seconds)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
