import Foundation
import Galley
import GalleyLayout
import GalleyTestSupport

/// Helpers shared by the report DSL tests: temporary files, per-page text and layout dumps.
enum ReportTestSupport {
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A path for a test output that does not exist yet.
    static func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("galley-report-\(UUID().uuidString)-\(name)").path
    }

    /// pdftotext -layout, one array of non-empty, trimmed lines per page.
    static func pages(_ pdf: String) throws -> [[String]] {
        let text = try PDFTools.pdftotext(pdf, layout: true).standardOutput
        var pages = text.components(separatedBy: "\u{0C}").map { page in
            page.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        if pages.last?.isEmpty == true { pages.removeLast() }
        return pages
    }

    /// The outline of a PDF as (title, 1-based page) pairs in document order, nested entries
    /// flattened, from `qpdf --json`.
    static func outline(_ pdf: String) throws -> [(title: String, page: Int, depth: Int)] {
        let json = try PDFTools.qpdfJSON(pdf).standardOutput
        let root = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let pageObjects = (root?["pages"] as? [[String: Any]] ?? []).compactMap { $0["object"] as? String }
        var entries: [(String, Int, Int)] = []
        func walk(_ items: [[String: Any]], depth: Int) {
            for item in items {
                let page =
                    (item["destpageposfrom1"] as? Int)
                    ?? ((item["dest"] as? [Any])?.first as? String).flatMap {
                        pageObjects.firstIndex(of: $0).map { $0 + 1 }
                    }
                    ?? 0
                entries.append((item["title"] as? String ?? "", page, depth))
                walk(item["kids"] as? [[String: Any]] ?? [], depth: depth + 1)
            }
        }
        walk(root?["outlines"] as? [[String: Any]] ?? [], depth: 1)
        return entries
    }

    /// `pdfinfo` fields (Title, Author, …).
    static func info(_ pdf: String) throws -> [String: String] {
        let output = try PDFTools.run("pdfinfo", [pdf], package: "poppler-utils").standardOutput
        var fields: [String: String] = [:]
        for line in output.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return fields
    }

    /// Every layout in the tree as "depth type frame" lines, frames in the root's coordinates.
    static func dump(_ layout: Layout) -> [String] {
        var lines: [String] = []
        func visit(_ layout: Layout, origin: Point, depth: Int) {
            let name = (layout.element as? DisplayNode)?.typeName ?? String(describing: type(of: layout.element))
            let frame = Rect(origin: origin, size: layout.size)
            lines.append(
                "\(String(repeating: "  ", count: depth))\(name) \(frame.minX),\(frame.minY) \(frame.width)x\(frame.height)"
            )
            for sub in layout.sublayouts {
                visit(sub, origin: Point(x: origin.x + sub.position.x, y: origin.y + sub.position.y), depth: depth + 1)
            }
        }
        visit(layout, origin: .zero, depth: 0)
        return lines
    }
}
