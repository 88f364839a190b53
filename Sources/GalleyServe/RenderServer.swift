import Foundation
import Galley
import GalleyRender
import GalleyTemplates
import Synchronization

/// `galley serve`: renders templates over HTTP on a bounded pool of render threads.
///
/// Routes: `POST /render/NAME` (a record → PDF or PNG), `POST /batch/NAME` (NDJSON → zip),
/// `GET /templates`, `GET /health`, `GET /metrics`, and the preview page's routes when a
/// ``PreviewSession`` is attached. docs/serve.md describes them for users.
///
/// ```swift
/// let server = try RenderServer(options: options)
/// let trap = SignalTrap { _ in server.requestShutdown() }
/// server.run()   // returns after a graceful shutdown
/// ```
public final class RenderServer: HTTPHandler, @unchecked Sendable {
    // @unchecked: `daemon` is set once in init before any request can arrive and read only
    // after; every other stored property is a `let` of a Sendable type.
    public let options: ServeOptions
    let catalog: TemplateCatalog
    let pool: WorkerPool
    let metrics = ServerMetrics()
    let preview: PreviewSession?
    private let draining = Atomic<Bool>(false)
    private let shutdownRequested = Completion<Bool>()
    private var daemon: MicroHTTPDaemon?

    /// Starts listening and the render threads.
    /// - Throws: ``ServeError`` when the folder does not exist or the address cannot be bound.
    public init(options: ServeOptions, preview: PreviewSession? = nil) throws(ServeError) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: options.templatesFolder, isDirectory: &isFolder),
            isFolder.boolValue
        else {
            throw ServeError("the templates folder \(options.templatesFolder) does not exist")
        }
        self.options = options
        self.preview = preview
        catalog = TemplateCatalog(folder: options.templatesFolder, policy: options.resourcePolicy)
        pool = WorkerPool(workers: options.workerCount, capacity: options.queueCapacity)
        daemon = try MicroHTTPDaemon(
            host: options.host, port: options.port, handler: self, bodyLimit: options.maxBodyBytes,
            connectionLimit: options.connectionLimit)
    }

    /// The port the server listens on.
    public var port: Int { Int(daemon?.port ?? 0) }

    /// Serves until ``requestShutdown()``, then stops gracefully: no new connections, every
    /// request already read answered (batches streamed to their end), render threads joined.
    public func run() {
        _ = shutdownRequested.wait()
        draining.store(true, ordering: .releasing)
        daemon?.quiesce()
        preview?.close()
        while metrics.inFlight > 0 { usleep(10_000) }
        pool.finish()
        daemon?.stop()
    }

    /// Asks ``run()`` to stop; safe from any thread (a signal handler's queue).
    public func requestShutdown() { shutdownRequested.complete(true) }

    // MARK: HTTPHandler

    public func screen(_ head: HTTPRequestHead) -> HTTPResponse? {
        metrics.started()
        if draining.load(ordering: .acquiring) {
            var response = ErrorResponse.response(
                503, kind: "shutdown", "the server is shutting down", retryAfter: true)
            response.headers.append(("Connection", "close"))
            return response
        }
        return nil
    }

    public func bodyTooLarge(_ head: HTTPRequestHead) -> HTTPResponse {
        var response = ErrorResponse.response(
            413, kind: "too-large", "the request body is larger than \(options.maxBodyBytes) bytes",
            hint: "send fewer records per request, or raise the server's --max-body")
        response.headers.append(("Connection", "close"))
        return response
    }

    public func respond(to request: HTTPRequest) -> HTTPResponse {
        let head = request.head
        let parts = head.path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        if let preview, let response = preview.respond(to: request, parts: parts, server: self) { return response }
        switch (head.method, parts.first, parts.count) {
        case ("POST", "render", 2): return render(parts[1], request)
        case ("POST", "batch", 2): return batch(parts[1], request)
        case ("GET", "templates", 1): return templates()
        case ("GET", "health", 1):
            return .json(["status": "ok", "inFlight": .number(Double(metrics.inFlight))])
        case ("GET", "metrics", 1):
            return .text(metricsText(), type: "text/plain; version=0.0.4; charset=utf-8")
        case (_, "render", 2), (_, "batch", 2), (_, "templates", 1), (_, "health", 1), (_, "metrics", 1):
            var response = ErrorResponse.response(405, kind: "request", "\(head.method) is not allowed on \(head.path)")
            response.headers.append(("Allow", parts.first == "render" || parts.first == "batch" ? "POST" : "GET"))
            return response
        default:
            return ErrorResponse.response(
                404, kind: "not-found", "no route \(head.path)",
                hint: "POST /render/NAME, POST /batch/NAME, GET /templates, /health, /metrics")
        }
    }

    public func finished(_ head: HTTPRequestHead, status: Int, errorKind: String?, bytes: Int, seconds: Double) {
        let route = head.path.split(separator: "/").first.map(String.init) ?? "root"
        let known = ["render", "batch", "templates", "health", "metrics", "preview"].contains(route)
        metrics.finished(route: known ? route : "other", status: status, errorKind: errorKind, seconds: seconds)
        if options.accessLog {
            StandardStreams.writeOutput(
                AccessLog.line(head, status: status, errorKind: errorKind, bytes: bytes, seconds: seconds))
        }
    }

    // MARK: Routes

    /// A request's job, or the response that refuses it.
    private enum JobOrResponse {
        case job(RenderJob)
        case response(HTTPResponse)
    }

    /// The template `name` and the request's options as a job, or the error response.
    private func job(_ name: String, _ head: HTTPRequestHead) -> JobOrResponse {
        do {
            guard let entry = try catalog.entry(named: name) else {
                throw RequestError(
                    "no template '\(name)' in the templates folder", hint: "GET /templates lists them", status: 404)
            }
            let request = try RenderRequest(head, limit: options.timeout)
            return .job(
                RenderJob(
                    entry: entry, request: request, maxPages: options.maxPages, maxPagePixels: options.maxPagePixels))
        } catch {
            return .response(ErrorResponse.make(error))
        }
    }

    private func render(_ name: String, _ request: HTTPRequest) -> HTTPResponse {
        let job: RenderJob
        switch self.job(name, request.head) {
        case .job(let made): job = made
        case .response(let response): return response
        }
        let completion = Completion<HTTPResponse>()
        let body = request.body
        let type = request.head.headers["content-type"]
        guard pool.trySubmit({ completion.complete(job.response(body: body, contentType: type)) }) else {
            return ErrorResponse.response(
                503, kind: "overloaded", "every render thread is busy and the queue is full", retryAfter: true)
        }
        return completion.wait()
    }

    private func batch(_ name: String, _ request: HTTPRequest) -> HTTPResponse {
        switch job(name, request.head) {
        case .job(let job):
            return BatchStream(job: job, pool: pool, maxRecords: options.maxBatchRecords).start(
                body: request.body, name: name)
        case .response(let response):
            return response
        }
    }

    private func templates() -> HTTPResponse {
        var list: [JSONValue] = []
        for name in catalog.names() {
            var entry: JSONObject = ["name": .string(name)]
            do {
                if let compiled = try catalog.entry(named: name) {
                    if case .paged = compiled.template.kind {
                        entry["kind"] = "paged"
                    } else {
                        entry["kind"] = "canvas"
                    }
                    entry["sampleData"] = .bool(compiled.template.sampleData != nil)
                }
            } catch {
                entry["error"] = .string(error.description)
            }
            list.append(.object(entry))
        }
        return .json(["templates": .array(list)])
    }

    private func metricsText() -> String {
        let templates = catalog.counts.withLock { $0 }
        let raster = RasterCache.shared.statistics
        return metrics.text(gauges: [
            ("galley_render_queue_length", "Renders waiting for a thread.", "gauge", Double(pool.queued)),
            ("galley_render_queue_capacity", "The most renders that may wait.", "gauge", Double(pool.capacity)),
            ("galley_render_workers", "Render threads.", "gauge", Double(pool.workers)),
            (
                "galley_template_cache_hits_total", "Requests that found their template compiled.", "counter",
                Double(templates.hits)
            ),
            (
                "galley_template_cache_misses_total", "Requests that compiled their template.", "counter",
                Double(templates.misses)
            ),
            ("galley_raster_cache_hits_total", "Rasterized subtrees reused.", "counter", Double(raster.hits)),
            ("galley_raster_cache_misses_total", "Rasterized subtrees drawn.", "counter", Double(raster.misses)),
        ])
    }
}
