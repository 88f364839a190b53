import Foundation
import Galley
import GalleyLayout

/// The layout dump `galley layout --json` prints: pages with every drawn node's id, type and
/// frame, in page coordinates.
///
/// Every page has `size` and `nodes`. A page of a paged document also has `page` (its
/// number), `header`, `repeatedHeader` (a table header repeated on a page the table continues
/// on), `body` (the area the body slice is drawn in) and `footer` frames, and
/// `slice: [top, bottom]`, the part of the body it shows in body coordinates; a body node cut by
/// the page's edge is listed, with its whole frame, on every page that shows part of it, marked
/// `"clipped": true`.
public enum LayoutDump {
    /// The dump of a document, every page (without a trailing newline).
    public static func json(_ document: any Document) throws -> String {
        let count = try document.pageCount(isCancelled: .never)
        var pages: [String] = []
        for index in 0..<count {
            let frames = try document.pageFrames(index)
            var fields = ["\"size\": [\(number(frames.size.width)), \(number(frames.size.height))]"]
            if let slice = frames.slice {
                fields.append("\"page\": \(frames.page)")
                if let header = frames.header { fields.append("\"header\": \(rect(header))") }
                if let repeated = frames.repeatedHeader { fields.append("\"repeatedHeader\": \(rect(repeated))") }
                fields.append("\"body\": \(rect(frames.body))")
                fields.append("\"slice\": [\(number(slice.top)), \(number(slice.bottom))]")
                if let footer = frames.footer { fields.append("\"footer\": \(rect(footer))") }
            }
            let nodes = frames.nodes.map {
                node($0.node, frame: $0.frame, extra: $0.isClipped ? ["\"clipped\": true"] : [])
            }
            fields.append("\"nodes\": [\n    " + nodes.joined(separator: ",\n    ") + "\n  ]")
            pages.append("{" + fields.joined(separator: ", ") + "}")
        }
        return "{\"pages\": [\n  " + pages.joined(separator: ",\n  ") + "\n]}"
    }

    /// One node: `{"id", "type", "frame": [x, y, w, h]}` plus any `extra` fields.
    static func node(_ node: DisplayNode, frame: Rect, extra: [String] = []) -> String {
        var fields = [String]()
        if let id = node.identifier { fields.append("\"id\": \(quoted(id))") }
        fields.append("\"type\": \(quoted(node.typeName))")
        fields.append("\"frame\": \(rect(frame))")
        return "{" + (fields + extra).joined(separator: ", ") + "}"
    }

    /// `[x, y, w, h]`.
    static func rect(_ frame: Rect) -> String {
        "[\(number(frame.minX)), \(number(frame.minY)), \(number(frame.width)), \(number(frame.height))]"
    }

    /// Whole numbers without a fraction; others with up to 4 decimals.
    public static func number(_ value: Double) -> String {
        if value.rounded() == value, abs(value) < 1e15 { return String(Int(value)) }
        var text = String(format: "%.4f", value)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 {
                    result += String(format: "\\u%04x", scalar.value)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
