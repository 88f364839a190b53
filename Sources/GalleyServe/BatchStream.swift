import Foundation
import Galley
import GalleyRender
import GalleyTemplates

/// `POST /batch/NAME`: the NDJSON body's records rendered on the server's worker pool and sent
/// back as one zip, streamed in record order while later records render — `0.pdf`, `1.pdf`, …
/// (`N.png`, or `N-P.png` per page of a paged template), and `errors.ndjson` listing every record
/// that failed as `{"record", "name", "error"}` (the same lines as `galley batch`), present only
/// when one did. A record's failure does not stop the others.
struct BatchStream: Sendable {
    let job: RenderJob
    let pool: WorkerPool
    let maxRecords: Int

    /// Starts producing on a thread of its own; the response streams what it produces.
    func start(body: [UInt8], name: String) -> HTTPResponse {
        let stream = ResponseStream()
        let producer = Thread { produce(body, into: stream) }
        producer.name = "galley-serve-batch"
        producer.start()
        return HTTPResponse(
            status: 200,
            headers: [
                ("Content-Type", "application/zip"), ("Content-Disposition", "attachment; filename=\"\(name).zip\""),
            ],
            body: .stream(stream))
    }

    /// One record's outcome: its files, or why it failed.
    private struct Outcome: Sendable {
        let index: Int
        let files: [(name: String, bytes: [UInt8])]
        let error: String?
    }

    private func produce(_ body: [UInt8], into stream: ResponseStream) {
        var zip = ZipWriter()
        var errors: [String] = []
        var pending: [Completion<Outcome>] = []
        var healthy = true
        func emit(_ outcome: Outcome) {
            if let error = outcome.error {
                let entry: JSONValue = [
                    "record": .number(Double(outcome.index)), "name": .string(fileName(outcome.index, page: nil)),
                    "error": .string(error),
                ]
                errors.append(entry.jsonText)
            }
            for file in outcome.files where healthy {
                do {
                    healthy = stream.write(try zip.entry(name: file.name, bytes: file.bytes))
                } catch {
                    healthy = false
                }
            }
        }
        var seen = 0
        for result in RecordReader(bytes: body, format: .ndjson, file: "<request body>") {
            guard healthy else { break }
            seen += 1
            switch result {
            case .success(let record):
                if seen > maxRecords {
                    errors.append(
                        #"{"record":\#(record.index),"name":null,"error":"more than \#(maxRecords) records in one batch"}"#
                    )
                    continue
                }
                let completion = Completion<Outcome>()
                let job = self.job
                let accepted = pool.submit { completion.complete(render(job, record)) }
                guard accepted else {
                    healthy = false
                    break
                }
                pending.append(completion)
                // Keep as many records in flight as there are threads, and emit in order.
                if pending.count >= pool.workers { emit(pending.removeFirst().wait()) }
            case .failure(let error):
                while let first = pending.first {
                    pending.removeFirst()
                    emit(first.wait())
                }
                let entry: JSONValue = [
                    "record": error.recordIndex.map { .number(Double($0)) } ?? .null, "name": .null,
                    "error": .string(error.description),
                ]
                errors.append(entry.jsonText)
            }
        }
        for completion in pending { emit(completion.wait()) }
        guard healthy else { return stream.fail() }
        if !errors.isEmpty {
            let log = Array(errors.map { $0 + "\n" }.joined().utf8)
            do {
                healthy = stream.write(try zip.entry(name: "errors.ndjson", bytes: log))
            } catch {
                return stream.fail()
            }
        }
        if healthy { stream.write(zip.finish()) }
        stream.finish()
    }

    private func render(_ job: RenderJob, _ record: Record) -> Outcome {
        do {
            var files: [(String, [UInt8])] = []
            let first = try job.output(record.value, recordIndex: record.index, page: job.request.page)
            let pageFile = { (page: Int) in fileName(record.index, page: first.pageCount > 1 || page > 0 ? page : nil) }
            files.append((pageFile(job.request.page), first.bytes))
            if job.request.format == .png && job.request.pages == nil {
                for page in 1..<max(1, first.pageCount) where page != job.request.page {
                    files.append(
                        (pageFile(page), try job.output(record.value, recordIndex: record.index, page: page).bytes))
                }
            }
            return Outcome(index: record.index, files: files, error: nil)
        } catch let cancelled as RenderCancelled where cancelled.reason == .timedOut {
            return Outcome(index: record.index, files: [], error: "timed out after \(job.request.timeout)s")
        } catch {
            return Outcome(index: record.index, files: [], error: "\(error)")
        }
    }

    /// `N.pdf`, `N.png`, or `N-P.png` for page P (1-based) of a PNG batch.
    private func fileName(_ index: Int, page: Int?) -> String {
        guard job.request.format == .png else { return "\(index).pdf" }
        return page.map { "\(index)-\($0 + 1).png" } ?? "\(index).png"
    }
}
