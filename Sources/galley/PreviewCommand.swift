import Foundation
import GalleyBatch
import GalleyServe

/// `galley preview`: a page in the browser that shows a template's pages as it is edited.
enum PreviewCommand: Command {
    static let name = "preview"
    static let summary = "preview a template in the browser, re-rendered on every save"
    static let valuedOptions: Set<String> = [
        "data", "d", "record", "host", "port", "scale", "timeout", "allow-dir", "max-pixels",
    ]
    static let flagOptions: Set<String> = []
    static let help = """
        USAGE: galley preview TEMPLATE [--data FILE] [--record N] [--port 8080] [--host 127.0.0.1] [--scale 2]

        Serves a page (open the printed address) that shows TEMPLATE's pages rendered with record N
        of FILE (default: the template's sampleData). When the template, the data file or any file
        in the template's folder is saved, it renders again and the page shows the new pages
        (server-sent events), or the template's error with its file:line:col and hint. Point at a
        node to see its frame, id and type (the frames galley layout prints as JSON). The page links to
        the PDF. The same server also answers POST /render/NAME for the template's folder
        (docs/serve.md). Ctrl-C stops it.

        OPTIONS:
          --data, -d FILE   data: a JSON object, or a JSON array / NDJSON / CSV file of records
          --record N        which record of FILE to show (0-based; default 0)
          --port P          the port (default 8080; 0 picks a free one)
          --host ADDR       the IPv4 address to listen on (default 127.0.0.1)
          --scale S         the pages' pixels per point (default 2, sharp on high-density screens)
          --timeout SEC     the most one render may take (default 30)
        \(CommandSupport.resourceOptionsHelp)

        EXAMPLES:
          galley preview Templates/invoice.json --data Templates/invoice.data.json
        """

    static func run(_ arguments: Arguments) throws -> Int32 {
        guard let path = arguments.positionals.first else { throw UsageError("missing the TEMPLATE argument") }
        guard arguments.positionals.count == 1 else {
            throw UsageError("unexpected argument '\(arguments.positionals[1])'")
        }
        var options = try ServeCommand.serveOptions(arguments)
        options.accessLog = false
        let folder = (path as NSString).deletingLastPathComponent
        options.templatesFolder = folder.isEmpty ? "." : folder
        let scale = try arguments.double("scale") ?? 2
        guard scale > 0, scale <= 8 else { throw UsageError("--scale must be above 0 and at most 8") }
        let record = try arguments.int("record") ?? 0
        guard record >= 0 else { throw UsageError("--record must be 0 or more") }
        let preview = PreviewSession(
            templatePath: path, dataPath: arguments.value("data", "d"), recordIndex: record,
            policy: options.resourcePolicy, scale: scale, timeout: options.timeout)
        let server: RenderServer
        do {
            server = try RenderServer(options: options, preview: preview)
        } catch {
            throw CommandFailure(message: "galley preview: \(error)")
        }
        preview.startWatching()
        printError("galley preview: open http://\(options.host):\(server.port)/ (Ctrl-C stops)")
        let trap = SignalTrap { _ in server.requestShutdown() }
        server.run()
        trap.release()
        return ExitStatus.success
    }
}
