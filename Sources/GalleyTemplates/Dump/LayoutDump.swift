import Foundation
import Galley
import GalleyLayout

/// The layout dump of TEMPLATE-FORMAT.md: pages with every drawn node's id, type and frame.
public enum LayoutDump {
    /// The dump of one canvas (one page), as `galley layout --json` prints it (without a trailing newline).
    public static func json(_ canvas: Canvas) -> String {
        let layout = canvas.layout()
        let size = canvas.surfaceSize(for: layout)
        let nodes = canvas.nodeFrames().map { node($0.node, frame: $0.frame) }
        let page =
            "{\"size\": [\(number(size.width)), \(number(size.height))], \"nodes\": [\n    "
            + nodes.joined(separator: ",\n    ") + "\n  ]}"
        return "{\"pages\": [\n  " + page + "\n]}"
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
