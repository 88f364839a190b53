import Foundation
import Galley
import GalleyBatch
import GalleyRender
import GalleyTemplates

/// The live preview of one template (`galley preview`): renders it with its data whenever the
/// template, the data file or a file in the template's folder is saved, and pushes the new
/// pages to every open page through server-sent events.
///
/// Each render makes a snapshot — the pages as PNG, the layout frames `galley layout --json`
/// prints, or the error with its file, line, column and hint — which the page's routes serve:
/// `GET /` (the page), `/preview/events`, `/preview/page/N.png`, `/preview/layout.json`,
/// `/preview/document.pdf`.
public final class PreviewSession: Sendable {
    /// One render's results.
    struct Snapshot: Sendable {
        var version = 0
        var pages: [[UInt8]] = []
        var pageCount = 0
        var layout = "{\"pages\":[]}"
        var error: JSONValue = .null
    }

    let templatePath: String
    let dataPath: String?
    let recordIndex: Int
    let policy: ResourcePolicy
    let scale: Double
    let timeout: Double
    /// The most pages drawn as images (the PDF link has them all).
    static let maxPages = 50
    private let snapshot = Locked(Snapshot())
    private let streams = Locked([ResponseStream]())
    private let closed = Locked(false)
    private let watch: FileWatch

    /// A preview of `templatePath` bound to record `recordIndex` of `dataPath` (or the template's
    /// `sampleData`), drawn at `scale`; renders it once before returning.
    public init(
        templatePath: String, dataPath: String?, recordIndex: Int = 0, policy: ResourcePolicy, scale: Double = 2,
        timeout: Double = 30
    ) {
        self.templatePath = templatePath
        self.dataPath = dataPath
        self.recordIndex = recordIndex
        self.policy = policy
        self.scale = scale
        self.timeout = timeout
        let folder = (templatePath as NSString).deletingLastPathComponent
        watch = FileWatch(
            files: [templatePath] + (dataPath.map { [$0] } ?? []), folders: [folder.isEmpty ? "." : folder])
        render()
    }

    /// Starts the thread that polls the files every 50 ms and renders after a change.
    public func startWatching() {
        let thread = Thread { [self] in
            var last = watch.signature()
            var ticks = 0
            while !closed.withLock({ $0 }) {
                usleep(50_000)
                ticks += 1
                let now = watch.signature()
                if now != last {
                    last = now
                    render()
                } else if ticks % 200 == 0 {
                    broadcast(Array(": keep-alive\n\n".utf8))
                }
            }
        }
        thread.name = "galley-preview-watch"
        thread.start()
    }

    /// Renders the template with its data and publishes the result.
    func render() {
        var next = Snapshot()
        do {
            let template = try Template.load(path: templatePath, policy: policy)
            let record = try self.record(template)
            let cancellation = CancellationSource(timeout: timeout)
            let document = try RecordRender.document(template, record: record, cancellation: cancellation)
            let options = OutputOptions(format: .png, scale: scale, cancellation: cancellation)
            let count = try DocumentWriter.withCancellationMapped(options) {
                try document.pageCount(isCancelled: cancellation.check)
            }
            next.pageCount = count
            for page in 0..<min(count, Self.maxPages) {
                next.pages.append(try DocumentWriter.pngData(document, page: page, options: options))
            }
            next.layout = try LayoutDump.json(document)
        } catch {
            next.pages = []
            next.error = ErrorResponse.json(error)
        }
        let event = snapshot.withLock { current in
            next.version = current.version + 1
            current = next
            return Self.event(next)
        }
        broadcast(event)
    }

    private func record(_ template: Template) throws -> JSONValue {
        guard let dataPath else { return template.sampleData ?? .object(JSONObject()) }
        for result in try RecordReader(path: dataPath) {
            let record = try result.get()
            if record.index == recordIndex { return record.value }
        }
        throw DataError(file: dataPath, message: "there is no record \(recordIndex) (the file has fewer records)")
    }

    /// `data: {"version", "pages", "error"}` as one server-sent event.
    private static func event(_ snapshot: Snapshot) -> [UInt8] {
        let value: JSONValue = [
            "version": .number(Double(snapshot.version)), "pages": .number(Double(snapshot.pages.count)),
            "pageCount": .number(Double(snapshot.pageCount)), "error": snapshot.error,
        ]
        return Array("event: render\ndata: \(value.jsonText)\n\n".utf8)
    }

    private func broadcast(_ bytes: [UInt8]) {
        let open = streams.withLock { streams in
            streams.removeAll { $0.isCancelled }
            return streams
        }
        for stream in open { stream.write(bytes) }
    }

    /// Ends every event stream (the server is stopping) and the watching thread.
    func close() {
        closed.withLock { $0 = true }
        for stream in streams.withLock({ $0 }) { stream.finish() }
    }

    /// The preview's routes; nil for any other path (the server's own routes then apply).
    func respond(to request: HTTPRequest, parts: [String], server: RenderServer) -> HTTPResponse? {
        guard request.head.method == "GET" else { return nil }
        if parts.isEmpty { return .text(PreviewPage.html, type: "text/html; charset=utf-8") }
        guard parts.first == "preview", parts.count >= 2 else { return nil }
        switch parts[1] {
        case "events":
            let stream = ResponseStream(capacity: 1 << 16)
            let current = snapshot.withLock { Self.event($0) }
            stream.write(current)
            if closed.withLock({ $0 }) { stream.finish() } else { streams.withLock { $0.append(stream) } }
            return HTTPResponse(
                status: 200, headers: [("Content-Type", "text/event-stream"), ("Cache-Control", "no-store")],
                body: .stream(stream))
        case "layout.json":
            return .text(snapshot.withLock { $0.layout }, type: "application/json")
        case "page":
            guard parts.count == 3, parts[2].hasSuffix(".png"), let number = Int(parts[2].dropLast(4)) else {
                return nil
            }
            let page = snapshot.withLock { number >= 1 && number <= $0.pages.count ? $0.pages[number - 1] : nil }
            guard let page else { return ErrorResponse.response(404, kind: "not-found", "no page \(number)") }
            var response = HTTPResponse.bytes(page, type: "image/png")
            response.headers.append(("Cache-Control", "no-store"))
            return response
        case "document.pdf":
            return pdf()
        default:
            return nil
        }
    }

    private func pdf() -> HTTPResponse {
        do {
            let template = try Template.load(path: templatePath, policy: policy)
            let cancellation = CancellationSource(timeout: timeout)
            let document = try RecordRender.document(template, record: try record(template), cancellation: cancellation)
            let output = try RecordRender.bytes(
                document, options: OutputOptions(format: .pdf, cancellation: cancellation))
            return .bytes(output.bytes, type: "application/pdf")
        } catch {
            return ErrorResponse.make(error)
        }
    }
}
