import Galley
import GalleyTemplates

/// `galley rasterize`: one template and one record to PNG at a scale or DPI.
enum RasterizeCommand: Command {
    static let name = "rasterize"
    static let summary = "render a template with data to PNG (one file per page) at a scale or DPI"
    static let valuedOptions: Set<String> = [
        "data", "d", "data-format", "data-as", "record", "o", "output", "scale", "dpi", "timeout", "pages", "allow-dir",
        "max-pixels",
    ]
    static let flagOptions: Set<String> = []
    static let help = """
        USAGE: galley rasterize TEMPLATE [--data FILE] [--record N] -o OUT.png [--scale S | --dpi D]
                                [--pages LIST] [--timeout SEC]

        Renders TEMPLATE bound to one record into PNG: OUT.png for a canvas, one file per page
        OUT-1.png, OUT-2.png, … for a paged template (numbered whatever the page count). Units
        are points: at --scale 1 (72 dpi) one point is one pixel; --scale 2 or --dpi 144 doubles
        the pixel size. Files appear only when every page is written.

        OPTIONS:
        \(CommandSupport.dataOptionsHelp)
          --record N        which record of FILE to render (0-based; default 0)
          -o, --output OUT  the PNG file; written atomically, - for standard output (one page)
          --scale S         pixels per point (default 1)
          --dpi D           dots per inch (72 = scale 1)
          --pages LIST      the pages to write, numbered from 1: 2, 2-3, 1,4, 5- (default: all)
          --timeout SEC     give up after SEC seconds (exit 1, no file written)
        \(CommandSupport.resourceOptionsHelp)

        EXAMPLES:
          galley rasterize Templates/hello.json --data Templates/hello.data.json -o hello.png --scale 2
          galley rasterize Templates/card.json --data Templates/card.data.json -o card.png --dpi 144
          galley rasterize Templates/report.json --data Templates/report.data.json -o out/report.png --pages 2
        """

    static func run(_ arguments: Arguments) throws -> Int32 {
        let template = try CommandSupport.template(arguments, command: name)
        guard let output = arguments.value("o", "output") else { throw UsageError("missing -o OUT.png") }
        if OutputFormat(path: output) == .pdf {
            throw UsageError("rasterize writes PNG; for a PDF use galley render -o \(output)")
        }
        try DocumentOutput.run(arguments, template: template, format: .png, output: output)
        return ExitStatus.success
    }
}
