import Foundation
import GalleyTemplates

/// How `galley serve` (and `galley preview`) listen and what they allow one request.
public struct ServeOptions: Sendable {
    /// The IPv4 address to listen on; `127.0.0.1` keeps the server to this machine.
    public var host = "127.0.0.1"
    /// The port; 0 lets the kernel choose (the server prints the one it got).
    public var port = 8080
    /// The folder `POST /render/NAME` finds `NAME.json` in.
    public var templatesFolder = "."
    /// Render threads; nil means one per active processor.
    public var jobs: Int?
    /// Renders that may wait for a thread; past this a request gets 503 with `Retry-After`.
    public var queueCapacity = 256
    /// The largest request body, in bytes (larger: 413).
    public var maxBodyBytes = 16 << 20
    /// Seconds one document may take to bind, lay out and draw (longer: 504, and its thread is
    /// freed by cancelling the render).
    public var timeout = 30.0
    /// The most pages a document may have.
    public var maxPages = 1000
    /// The most pixels one PNG page may have (its size in points times the scale, squared).
    public var maxPagePixels = 64_000_000
    /// The most records one `POST /batch` may hold.
    public var maxBatchRecords = 100_000
    /// The folders templates may read resources from besides their own, and each document's
    /// image pixel budget: the CLI's `--allow-dir` and `--max-pixels`.
    public var resourcePolicy = ResourcePolicy()
    /// The most connections at once (each has a thread while it is open).
    public var connectionLimit = 1024
    /// Writes one JSON line per request to standard output.
    public var accessLog = true

    /// Options with the defaults above.
    public init() {}

    /// The number of render threads.
    public var workerCount: Int { max(1, jobs ?? ProcessInfo.processInfo.activeProcessorCount) }
}
