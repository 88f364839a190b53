import Galley
import GalleyLayout
import GalleyTemplates

/// `galley layout`: the laid-out frames of every drawn node, as JSON or Texture's ASCII art.
enum LayoutCommand: Command {
    static let name = "layout"
    static let summary = "print the layout of a template (frames as JSON, or ASCII art)"
    static let valuedOptions: Set<String> = [
        "data", "d", "data-format", "data-as", "record", "allow-dir", "max-pixels",
    ]
    static let flagOptions: Set<String> = ["json", "ascii", "styles"]
    static let help = """
        USAGE: galley layout TEMPLATE [--data FILE] [--record N] (--json | --ascii) [--styles]

        --json prints {"pages": [{"size": [w, h], "nodes": [{"id", "type", "frame": [x, y, w, h]}]}]}:
        every drawn node in drawing order, frames in page coordinates (points). Layout specs are
        flattened away, as in Texture's flattened layout.
        --ascii prints Texture's asciiArtString of the layout tree; --styles adds each node's
        style description (min {…} <= preferred {…} <= max {…}).

        A paged template (with "page") is paginated first: one entry per page, each also with
        "page", "header", "repeatedHeader", "body" and "footer" frames and "slice": [top, bottom]
        (the part of the body the page shows, in body coordinates); a body node cut by a page
        edge is listed on every page showing part of it, with "clipped": true. --ascii prints
        the body's layout tree.

        OPTIONS:
        \(CommandSupport.dataOptionsHelp)
          --record N        which record of FILE to lay out (0-based; default 0)
          --json            print the frames as JSON (the default)
          --ascii           print the layout tree as ascii art
          --styles          also print each drawn node's style description
        \(CommandSupport.resourceOptionsHelp)

        EXAMPLES:
          galley layout Templates/hello.json --json
          galley layout Templates/card.json --data Templates/card.data.json --ascii
          galley layout Templates/handbook.json --data Templates/handbook.data.json --json
        """

    static func run(_ arguments: Arguments) throws -> Int32 {
        let template = try CommandSupport.template(arguments, command: name)
        let document = try CommandSupport.document(template, try CommandSupport.record(arguments, template: template))
        if arguments.flag("ascii") {
            print(document.debugLayout().asciiArtString)
        } else {
            do {
                print(try LayoutDump.json(document))
            } catch {
                throw CommandFailure(message: "\(error)")
            }
        }
        if arguments.flag("styles") {
            for (node, _) in document.debugLayout().flattenedNodeFrames() {
                guard let node = node as? DisplayNode else { continue }
                print("\(node.typeName)\(node.identifier.map { " #\($0)" } ?? ""): \(node.style.description)")
            }
        }
        return ExitStatus.success
    }
}
