import Galley
import GalleyBatch
import GalleyTemplates

/// `galley render`: one template and one record to a PDF or PNG file.
enum RenderCommand: Command {
    static let name = "render"
    static let summary = "render a template with data to a PDF or PNG file"
    static let valuedOptions: Set<String> = [
        "data", "d", "data-format", "data-as", "record", "o", "output", "scale", "dpi", "timeout", "format", "pages",
        "allow-dir", "max-pixels",
        "pdf-standard", "owner-password", "user-password",
    ]
    static let flagOptions: Set<String> = []
    static let help = """
        USAGE: galley render TEMPLATE [--data FILE] [--record N] -o OUT.pdf|OUT.png [--scale S | --dpi D]
                             [--pages LIST] [--timeout SEC] [--pdf-standard LIST]
                             [--owner-password PASS] [--user-password PASS]

        Renders TEMPLATE bound to one record, a canvas (one page) or a paged document alike. The
        output format follows the file extension (or --format pdf|png, needed when OUT is - for
        standard output). A PDF holds every page; PNG output is one file per page: OUT.png for a
        canvas, OUT-1.png, OUT-2.png, … for a paged template (numbered whatever the page count).
        Files appear only when the whole render succeeded.

        OPTIONS:
        \(CommandSupport.dataOptionsHelp)
          --record N        which record of FILE to render (0-based; default 0)
          -o, --output OUT  the output file; written atomically, - for standard output (one PDF or one PNG page)
          --format pdf|png  the output format when the extension does not say
          --scale S         PNG pixels per point (default 1); --dpi D is the same as --scale D/72
          --pages LIST      the pages to write, numbered from 1: 2, 2-3, 1,4, 5- (default: all)
          --timeout SEC     give up after SEC seconds (exit 1, no file written)
        \(CommandSupport.resourceOptionsHelp)
        \(PDFOptions.help)

        EXAMPLES:
          galley render Templates/hello.json --data Templates/hello.data.json -o out/hello.pdf
          galley render Templates/card.json --data Templates/card.data.json --record 3 -o card.png --scale 2
          galley render Templates/report.json --data Templates/report.data.json -o out/report.png --pages 1-2
          galley render Templates/report.json --data Templates/report.data.json -o report.pdf --pdf-standard a-2b,ua-1
        """

    static func run(_ arguments: Arguments) throws -> Int32 {
        let template = try CommandSupport.template(arguments, command: name)
        guard let output = arguments.value("o", "output") else { throw UsageError("missing -o OUT.pdf|OUT.png") }
        let format: OutputFormat
        if let named = arguments.value("format") {
            guard let parsed = OutputFormat(rawValue: named) else { throw UsageError("--format must be pdf or png") }
            format = parsed
        } else if let byExtension = OutputFormat(path: output) {
            format = byExtension
        } else {
            throw UsageError("cannot tell the format of '\(output)': name it .pdf or .png, or pass --format")
        }
        try DocumentOutput.run(arguments, template: template, format: format, output: output)
        return ExitStatus.success
    }
}

/// What `render` and `rasterize` share once the format is known: options, binding, writing.
enum DocumentOutput {
    static func run(_ arguments: Arguments, template: Template, format: OutputFormat, output: String) throws {
        let timeout = try CommandSupport.timeout(arguments)
        let cancellation = CancellationSource(timeout: timeout)
        let options = OutputOptions(
            format: format, scale: try OutputScale.parse(arguments, format: format),
            pages: try CommandSupport.pages(arguments), cancellation: cancellation,
            pdfStandards: try PDFOptions.standards(arguments),
            pdfPasswords: try PDFOptions.passwords(arguments, format: format))
        let record = try CommandSupport.record(arguments, template: template)
        // The timeout covers binding too (a record with a 200,000-row table).
        let timedOut = CommandFailure(
            message: "galley: cannot write \(output): render timed out after \(timeout ?? 0)s",
            status: ExitStatus.someFailed)
        let document: any Document
        do {
            document = try RecordRender.document(
                template, record: record.value, recordIndex: record.index, cancellation: cancellation)
        } catch is RenderCancelled {
            throw timedOut
        } catch {
            throw CommandFailure(message: "\(error)")
        }
        do {
            try CommandSupport.write(document, to: output, options: options)
        } catch  where cancellation.isCancelled {
            // Stopped in layout, pagination or drawing: the same message as when binding was.
            throw timedOut
        }
    }
}

/// `--scale S` or `--dpi D` (72 dpi = scale 1).
enum OutputScale {
    /// The PNG scale; asking for one with PDF output is a mistake (a PDF is vector).
    static func parse(_ arguments: Arguments, format: OutputFormat) throws -> Double {
        let scale = try arguments.double("scale")
        let dpi = try arguments.double("dpi")
        if scale != nil && dpi != nil { throw UsageError("give --scale or --dpi, not both") }
        if format == .pdf, scale != nil || dpi != nil {
            throw UsageError(
                "--\(scale != nil ? "scale" : "dpi") sets the pixel size of PNG output; a PDF is vector "
                    + "(rasterized subtrees in it are drawn at 144 dpi) — drop it, or write a .png")
        }
        let value = scale ?? dpi.map { $0 / 72 } ?? 1
        guard value > 0, value <= 16 else { throw UsageError("the scale must be above 0 and at most 16 (1152 dpi)") }
        return value
    }
}
