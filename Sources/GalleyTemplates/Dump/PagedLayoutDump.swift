import Galley
import GalleyLayout

extension LayoutDump {
    /// The dump of a paged document: the body paginated once, then per page its size, the frames
    /// of its parts and every drawn node in page coordinates, as `galley layout --json` prints it.
    ///
    /// Beyond the canvas dump's keys, a page has `header`, `repeatedHeader` (a table header
    /// repeated on a page the table continues on), `body` (the area the body slice is drawn in)
    /// and `footer` frames, and `slice: [top, bottom]`, the part of the body it shows in body
    /// coordinates. A body node cut by the page's edge is listed, with its whole frame, on every
    /// page that shows part of it, marked `"clipped": true`.
    public static func json(_ document: PagedDocument) throws -> String {
        let pagination = document.paginate()
        var pages: [String] = []
        for index in pagination.slices.indices {
            let frames = try document.pageFrames(index, of: pagination)
            var fields = ["\"size\": [\(number(frames.size.width)), \(number(frames.size.height))]"]
            fields.append("\"page\": \(frames.page)")
            if let header = frames.header { fields.append("\"header\": \(rect(header))") }
            if let repeated = frames.repeatedHeader { fields.append("\"repeatedHeader\": \(rect(repeated))") }
            fields.append("\"body\": \(rect(frames.body))")
            fields.append("\"slice\": [\(number(frames.slice.top)), \(number(frames.slice.bottom))]")
            if let footer = frames.footer { fields.append("\"footer\": \(rect(footer))") }
            let nodes = frames.nodes.map {
                node($0.node, frame: $0.frame, extra: $0.isClipped ? ["\"clipped\": true"] : [])
            }
            fields.append("\"nodes\": [\n    " + nodes.joined(separator: ",\n    ") + "\n  ]")
            pages.append("{" + fields.joined(separator: ", ") + "}")
        }
        return "{\"pages\": [\n  " + pages.joined(separator: ",\n  ") + "\n]}"
    }
}
