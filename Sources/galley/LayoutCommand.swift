import Galley
import GalleyLayout
import GalleyTemplates

/// `galley layout`: the laid-out frames of every drawn node, as JSON or Texture's ASCII art.
enum LayoutCommand: Command {
    static let name = "layout"
    static let summary = "print the layout of a template (frames as JSON, or ASCII art)"
    static let valuedOptions: Set<String> = ["data", "d", "record"]
    static let flagOptions: Set<String> = ["json", "ascii", "styles"]
    static let help = """
        USAGE: galley layout TEMPLATE [--data FILE] [--record N] (--json | --ascii) [--styles]

        --json prints {"pages": [{"size": [w, h], "nodes": [{"id", "type", "frame": [x, y, w, h]}]}]}:
        every drawn node in drawing order, frames in page coordinates (points). Layout specs are
        flattened away, as in Texture's flattened layout.
        --ascii prints Texture's asciiArtString of the layout tree; --styles adds each node's
        style description (min {…} <= preferred {…} <= max {…}).

        EXAMPLES:
          galley layout Templates/hello.json --json
          galley layout Templates/card.json --data Templates/card.data.json --ascii
        """

    static func run(_ arguments: Arguments) throws -> Int32 {
        let template = try CommandSupport.template(arguments, command: name)
        let canvas = try CommandSupport.canvas(template, try CommandSupport.record(arguments, template: template))
        if arguments.flag("ascii") {
            print(canvas.layout().asciiArtString)
        } else {
            print(LayoutDump.json(canvas))
        }
        if arguments.flag("styles") {
            for (node, _) in canvas.nodeFrames() {
                print("\(node.typeName)\(node.identifier.map { " #\($0)" } ?? ""): \(node.style.description)")
            }
        }
        return ExitStatus.success
    }
}
