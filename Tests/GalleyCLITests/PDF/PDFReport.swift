import Foundation

/// What `PDF/pdf_report.py` (pikepdf and Python's XML parser, independent of Galley) says about
/// a PDF: XMP, info, output intents, fonts, structure tree, marked content, annotations,
/// attachments, encryption.
struct PDFReport {
    let json: [String: Any]

    static let script = CLIRunner.packageRoot.appendingPathComponent("Tests/GalleyCLITests/PDF/pdf_report.py").path

    init(_ path: String, password: String? = nil) throws {
        let result = try CLIRunner.tool("/usr/bin/python3", [Self.script, path] + (password.map { [$0] } ?? []))
        guard result.status == 0,
            let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        else { throw PDFReportError(description: "pdf_report.py \(path) failed: \(result.stderr)") }
        self.json = json
    }

    subscript(_ key: String) -> Any? { json[key] }

    var xmp: [String: Any] { (json["xmp"] as? [String: Any])?["values"] as? [String: Any] ?? [:] }
    var extensionSchemas: [String] { (json["xmp"] as? [String: Any])?["extensionSchemas"] as? [String] ?? [] }
    var info: [String: String] { json["info"] as? [String: String] ?? [:] }
    var fonts: [String: [String: Any]] { json["fonts"] as? [String: [String: Any]] ?? [:] }
    var outputIntents: [[String: Any]] { json["outputIntents"] as? [[String: Any]] ?? [] }
    var elements: [[String: Any]] {
        (json["structure"] as? [String: Any])?["elements"] as? [[String: Any]] ?? []
    }
    var roles: [String] { elements.compactMap { $0["role"] as? String } }
    var markedContent: [[String: Any]] { json["markedContent"] as? [[String: Any]] ?? [] }
    var annotations: [[String: Any]] { json["annotations"] as? [[String: Any]] ?? [] }
    var attachments: [[String: Any]] { (json["attachments"] as? [String: Any])?["af"] as? [[String: Any]] ?? [] }
    var allow: [String: Bool] { json["allow"] as? [String: Bool] ?? [:] }

    /// A page's artifacts as "TYPE SUBTYPE" ("-" for none): "/Pagination /Header".
    static func artifacts(_ page: [String: Any]) -> [String] {
        (page["artifacts"] as? [[Any]] ?? []).map { pair in
            pair.map { ($0 as? String) ?? "-" }.joined(separator: " ")
        }
    }
}

struct PDFReportError: Error, CustomStringConvertible {
    let description: String
}
