import Foundation

/// The link annotations of a PDF read from `qpdf --json`, with internal links resolved to the
/// page their named destination is on.
public enum PDFLinks {
    /// One link annotation.
    public struct Link: Sendable {
        /// 1-based page the annotation is on.
        public var page: Int
        /// `/Rect` as [x0, y0, x1, y1] in PDF user space (y up).
        public var rect: [Double]
        /// The named destination (internal links), without qpdf's `u:` prefix.
        public var destination: String?
        /// 1-based page the destination is on (internal links).
        public var destinationPage: Int?
    }

    public struct Malformed: Error, CustomStringConvertible {
        public var description: String
    }

    /// Every link annotation of the document at `path`, page by page.
    public static func links(_ path: String) throws -> [Link] {
        let output = try PDFTools.qpdfJSON(path)
        guard output.status == 0 || output.status == 3,
            let root = try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any],
            let pages = root["pages"] as? [[String: Any]],
            let objects = ((root["qpdf"] as? [Any])?.last as? [String: Any])
        else { throw Malformed(description: "qpdf --json failed: \(output.standardError)") }
        func value(_ reference: Any?) -> Any? {
            if let ref = reference as? String, ref.hasSuffix(" R") {
                return (objects["obj:" + ref] as? [String: Any])?["value"]
            }
            return reference
        }
        let pageRefs = pages.compactMap { $0["object"] as? String }
        // The catalog's /Names /Dests name tree: destination name -> page.
        var destinations: [String: Int] = [:]
        func walk(_ node: Any?) {
            guard let node = value(node) as? [String: Any] else { return }
            if let names = value(node["/Names"]) as? [Any] {
                for index in stride(from: 0, to: names.count - 1, by: 2) {
                    guard let name = names[index] as? String else { continue }
                    var dest = value(names[index + 1])
                    if let dictionary = dest as? [String: Any] { dest = value(dictionary["/D"]) }
                    if let array = dest as? [Any], let page = array.first as? String,
                        let index = pageRefs.firstIndex(of: page)
                    {
                        destinations[strip(name)] = index + 1
                    }
                }
            }
            for kid in value(node["/Kids"]) as? [Any] ?? [] { walk(kid) }
        }
        let trailer = (objects["trailer"] as? [String: Any])?["value"] as? [String: Any]
        let catalog = value(trailer?["/Root"]) as? [String: Any]
        walk((value(catalog?["/Names"]) as? [String: Any])?["/Dests"])
        var links: [Link] = []
        for (index, ref) in pageRefs.enumerated() {
            let page = value(ref) as? [String: Any]
            for annotation in value(page?["/Annots"]) as? [Any] ?? [] {
                guard let object = value(annotation) as? [String: Any], object["/Subtype"] as? String == "/Link" else {
                    continue
                }
                let rect = (value(object["/Rect"]) as? [Any] ?? []).compactMap { ($0 as? NSNumber)?.doubleValue }
                let name = (value(object["/Dest"]) as? String).map(strip)
                links.append(
                    Link(
                        page: index + 1, rect: rect, destination: name,
                        destinationPage: name.flatMap { destinations[$0] }))
            }
        }
        return links
    }

    /// qpdf writes PDF strings as `u:text` (Unicode) or `b:hex`.
    private static func strip(_ name: String) -> String {
        name.hasPrefix("u:") ? String(name.dropFirst(2)) : name
    }
}
