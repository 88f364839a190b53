import Galley
import GalleyTemplates

/// `galley rasterize`: one template and one record to a PNG at a scale or DPI.
enum RasterizeCommand: Command {
    static let name = "rasterize"
    static let summary = "render a template with data to a PNG at a scale or DPI"
    static let valuedOptions: Set<String> = ["data", "d", "record", "o", "output", "scale", "dpi", "timeout"]
    static let flagOptions: Set<String> = []
    static let help = """
        USAGE: galley rasterize TEMPLATE [--data FILE] [--record N] -o OUT.png [--scale S | --dpi D]

        Renders TEMPLATE bound to one record into a PNG. Units are points: at --scale 1
        (72 dpi) one point is one pixel; --scale 2 or --dpi 144 doubles the pixel size.

        OPTIONS:
          --data, -d FILE   data: a JSON object, or a JSON array / NDJSON / CSV file of records (- = stdin)
          --record N        which record of FILE to render (0-based; default 0)
          -o, --output OUT  the PNG file; written atomically, - for standard output
          --scale S         pixels per point (default 1)
          --dpi D           dots per inch (72 = scale 1)
          --timeout SEC     give up after SEC seconds (exit 1, no file written)

        EXAMPLES:
          galley rasterize Templates/hello.json --data Templates/hello.data.json -o hello.png --scale 2
          galley rasterize Templates/card.json --data Templates/card.data.json -o card.png --dpi 144
        """

    static func run(_ arguments: Arguments) throws -> Int32 {
        let template = try CommandSupport.template(arguments, command: name)
        guard let output = arguments.value("o", "output") else { throw UsageError("missing -o OUT.png") }
        let scale = try OutputScale.parse(arguments)
        let canvas = try CommandSupport.canvas(template, try CommandSupport.record(arguments, template: template))
        try CommandSupport.write(
            canvas, format: .png, to: output, scale: scale, timeout: try arguments.double("timeout"))
        return ExitStatus.success
    }
}
