import Foundation
import GalleyBatch
import GalleyServe

/// `galley serve`: an HTTP render service over a folder of templates.
enum ServeCommand: Command {
    static let name = "serve"
    static let summary = "serve a folder of templates over HTTP (render, batch, metrics)"
    static let valuedOptions: Set<String> = [
        "host", "port", "templates", "jobs", "j", "queue", "timeout", "max-body", "max-pages", "max-page-pixels",
        "allow-dir", "max-pixels",
    ]
    static let flagOptions: Set<String> = ["quiet"]
    static let help = """
        USAGE: galley serve [--host 127.0.0.1] [--port 8080] [--templates DIR] [--jobs N] [--queue N]
                            [--timeout SEC] [--max-body BYTES] [--max-pages N] [--max-page-pixels N] [--quiet]

        Serves the templates of DIR (NAME.json) over HTTP until SIGTERM or Ctrl-C, then stops
        accepting connections, finishes every request in flight and exits 0. docs/serve.md has
        curl examples, a systemd unit and a container recipe.

          POST /render/NAME   body: a JSON record (empty: the template's sampleData) → PDF, or PNG
                              with ?format=png or Accept: image/png; ?scale=2 ?dpi=144 ?page=N
                              ?pages=LIST ?record=N ?timeout=S ?pdf-standard=LIST
          POST /batch/NAME    body: NDJSON records → a zip of 0.pdf, 1.pdf, … and errors.ndjson
          GET /templates      the templates and their kind;  GET /health;  GET /metrics (Prometheus)

        Errors are JSON {"error", "kind", "file", "line", "column", "path", "hint"}: 400 for
        template, data and request errors, 404 for an unknown template, 413 for a body over
        --max-body, 503 (Retry-After) when the queue is full, 504 past --timeout, 500 only for
        Galley's own faults. One JSON line per request is logged on stdout (--quiet: none).

        OPTIONS:
          --host ADDR         the IPv4 address to listen on (default 127.0.0.1; 0.0.0.0 for all)
          --port P            the port (default 8080; 0 picks a free one, printed on stderr)
          --templates DIR     the templates folder (default .)
          --jobs, -j N        render threads (default: one per processor)
          --queue N           renders that may wait for a thread (default 256); more get 503
          --timeout SEC       the most one document may take (default 30); past it 504
          --max-body BYTES    the largest request body (default 16777216)
          --max-pages N       the most pages a document may have (default 1000)
          --max-page-pixels N the most pixels one PNG page may have (default 64000000)
          --quiet             no access log
        \(CommandSupport.resourceOptionsHelp)

        EXAMPLES:
          galley serve --templates Templates --port 8080
          curl -s -d @Templates/invoice.data.json localhost:8080/render/invoice -o invoice.pdf
        """

    static func run(_ arguments: Arguments) throws -> Int32 {
        guard arguments.positionals.isEmpty else {
            throw UsageError("unexpected argument '\(arguments.positionals[0])'")
        }
        var options = try serveOptions(arguments)
        options.templatesFolder = arguments.value("templates") ?? "."
        let server: RenderServer
        do {
            server = try RenderServer(options: options)
        } catch {
            throw CommandFailure(message: "galley serve: \(error)")
        }
        printError(
            "galley serve: listening on http://\(options.host):\(server.port) (templates in \(options.templatesFolder), "
                + "\(options.workerCount) render thread(s))")
        let trap = SignalTrap { _ in server.requestShutdown() }
        server.run()
        trap.release()
        printError("galley serve: stopped")
        return ExitStatus.success
    }

    /// The options `serve` and `preview` share.
    static func serveOptions(_ arguments: Arguments) throws -> ServeOptions {
        var options = ServeOptions()
        options.host = arguments.value("host") ?? options.host
        if let port = try arguments.int("port") {
            guard (0...65535).contains(port) else { throw UsageError("--port must be 0-65535") }
            options.port = port
        }
        if let jobs = try arguments.int("jobs") ?? arguments.int("j") {
            guard (1...BatchOptions.maxJobs).contains(jobs) else {
                throw UsageError("--jobs must be between 1 and \(BatchOptions.maxJobs)")
            }
            options.jobs = jobs
        }
        options.queueCapacity = try positive(arguments, "queue") ?? options.queueCapacity
        options.timeout = try CommandSupport.timeout(arguments) ?? options.timeout
        options.maxBodyBytes = try positive(arguments, "max-body") ?? options.maxBodyBytes
        options.maxPages = try positive(arguments, "max-pages") ?? options.maxPages
        options.maxPagePixels = try positive(arguments, "max-page-pixels") ?? options.maxPagePixels
        options.resourcePolicy = try CommandSupport.resourcePolicy(arguments)
        options.accessLog = !arguments.flag("quiet")
        return options
    }

    private static func positive(_ arguments: Arguments, _ name: String) throws -> Int? {
        guard let value = try arguments.int(name) else { return nil }
        guard value > 0 else { throw UsageError("--\(name) must be a positive whole number") }
        return value
    }
}
