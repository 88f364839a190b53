import Galley
import GalleyTemplates

/// `galley render`: one template and one record to a PDF or PNG file.
enum RenderCommand: Command {
    static let name = "render"
    static let summary = "render a template with data to a PDF or PNG file"
    static let valuedOptions: Set<String> = ["data", "d", "record", "o", "output", "scale", "dpi", "timeout", "format"]
    static let flagOptions: Set<String> = []
    static let help = """
        USAGE: galley render TEMPLATE [--data FILE] [--record N] -o OUT.pdf|OUT.png [--scale S | --dpi D]

        Renders TEMPLATE bound to one record. The output format follows the file extension
        (or --format pdf|png, needed when OUT is - for standard output).

        OPTIONS:
          --data, -d FILE   data: a JSON object, or a JSON array / NDJSON / CSV file of records (- = stdin)
          --record N        which record of FILE to render (0-based; default 0)
          -o, --output OUT  the output file; written atomically, - for standard output
          --scale S         PNG pixels per point (default 1); --dpi D is the same as --scale D/72
          --timeout SEC     give up after SEC seconds (exit 1, no file written)

        EXAMPLES:
          galley render Templates/hello.json --data Templates/hello.data.json -o out/hello.pdf
          galley render Templates/card.json --data Templates/card.data.json --record 3 -o card.png --scale 2
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
        let scale = try OutputScale.parse(arguments)
        if template.isPaged {
            guard format == .pdf else { throw UsageError("a paged template (with \"page\") renders to PDF only") }
            try CommandSupport.writePaged(
                template, try CommandSupport.record(arguments, template: template), to: output)
            return ExitStatus.success
        }
        let canvas = try CommandSupport.canvas(template, try CommandSupport.record(arguments, template: template))
        try CommandSupport.write(
            canvas, format: format, to: output, scale: scale, timeout: try arguments.double("timeout"))
        return ExitStatus.success
    }
}

/// `--scale S` or `--dpi D` (72 dpi = scale 1).
enum OutputScale {
    static func parse(_ arguments: Arguments) throws -> Double {
        let scale = try arguments.double("scale")
        let dpi = try arguments.double("dpi")
        if scale != nil && dpi != nil { throw UsageError("give --scale or --dpi, not both") }
        let value = scale ?? dpi.map { $0 / 72 } ?? 1
        guard value > 0, value <= 16 else { throw UsageError("the scale must be above 0 and at most 16 (1152 dpi)") }
        return value
    }
}
