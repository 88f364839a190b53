import Foundation
import Galley
import GalleyRender

/// A template's `pdf`, `attachments` and `facturx` keys, compiled once and bound per record
/// into the document's `PDFSettings` (docs/pdf.md).
///
/// ```json5
/// pdf: { standard: ["a-3b", "ua-1"], permissions: ["print"] },
/// attachments: [{ src: "terms.pdf", name: "terms.pdf", mime: "application/pdf", relationship: "Supplement" }],
/// facturx: { if: "{{facturx}}", profile: "EN 16931", content: "{{facturx}}" },
/// ```
struct PDFTemplate: Sendable {
    /// One attachment (or the Factur-X XML, whose name is fixed).
    struct File: Sendable {
        let path: JSONPath
        let condition: CompiledValue?
        let source: CompiledValue?
        let content: CompiledValue?
        let name: CompiledValue?
        let mime: String?
        let description: CompiledValue?
        let relationship: AttachmentRelationship?
    }

    /// Attached files larger than this are refused (a template naming a huge file by mistake).
    static let maxFileBytes = 64 << 20

    let standards: Set<PDFStandard>
    let tagged: Bool
    let permissions: Set<PDFPermission>
    let attachments: [File]
    let facturX: (file: File, profile: FacturXProfile)?

    init(pdf: JSONValue?, attachments: JSONValue?, facturX: JSONValue?, document: ParsedDocument)
        throws(TemplateError)
    {
        let root = JSONPath.root
        var standards = Set<PDFStandard>()
        if let standard = pdf?["standard"] {
            let path = root.appending("pdf").appending("standard")
            let names: [String]
            switch standard {
            case .string(let name): names = [name]
            case .array(let items) where items.allSatisfy({ $0.stringValue != nil }):
                names = items.compactMap(\.stringValue)
            default:
                throw document.error(
                    at: path, "expected a standard (\"a-3b\") or a list of them ([\"a-3b\", \"ua-1\"])")
            }
            switch PDFStandard.parseList(names.joined(separator: ",")) {
            case .success(let parsed): standards = parsed
            case .failure(let error): throw document.error(at: path, error.description)
            }
        }
        self.standards = standards
        tagged = pdf?["tagged"] == .bool(true)
        permissions = Set(
            (pdf?["permissions"]?.arrayValue ?? [.string("print")]).compactMap {
                $0.stringValue.flatMap(PDFPermission.init(rawValue:))
            })
        var files: [File] = []
        for (index, value) in (attachments?.arrayValue ?? []).enumerated() {
            files.append(try Self.file(value, at: root.appending("attachments").appending(index), document: document))
        }
        self.attachments = files
        if let facturX {
            let path = root.appending("facturx")
            guard let profile = facturX["profile"]?.stringValue.flatMap(FacturXProfile.init(rawValue:)) else {
                throw document.error(
                    at: path, "a Factur-X invoice needs \"profile\"",
                    hint: FacturXProfile.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))
            }
            self.facturX = (try Self.file(facturX, at: path, document: document), profile)
        } else {
            self.facturX = nil
        }
    }

    private static func file(_ value: JSONValue, at path: JSONPath, document: ParsedDocument) throws(TemplateError)
        -> File
    {
        func compiled(_ key: String) throws(TemplateError) -> CompiledValue? {
            try value[key].map { v throws(TemplateError) in
                try CompiledValue.compile(v, path: path.appending(key), document: document)
            }
        }
        guard (value["src"] == nil) != (value["content"] == nil) else {
            throw document.error(
                at: path, "an attached file needs either \"src\" (a file beside the template) or \"content\" (text)")
        }
        return File(
            path: path, condition: try compiled("if"), source: try compiled("src"), content: try compiled("content"),
            name: try compiled("name"), mime: value["mime"]?.stringValue, description: try compiled("description"),
            relationship: value["relationship"]?.stringValue.flatMap(AttachmentRelationship.init(rawValue:)))
    }

    /// The document's PDF settings for one record.
    func bind(site: BuildSite, scope: BindingScope) throws(TemplateError) -> PDFSettings {
        var settings = PDFSettings(standards: standards, tagged: tagged, permissions: permissions)
        for file in attachments {
            guard let (bytes, name) = try load(file, site: site, scope: scope) else { continue }
            guard let name, !name.isEmpty else {
                throw site.error(at: file.path, "an attachment needs \"name\": the file name readers extract it as")
            }
            let description = try file.description.map { v throws(TemplateError) in
                try site.evaluate(v, in: scope, at: file.path.appending("description")).interpolationText
            }
            settings.attachments.append(
                PDFAttachment(
                    name: name, bytes: bytes, mimeType: file.mime ?? Self.mimeType(of: name), description: description,
                    relationship: file.relationship ?? .supplement))
        }
        if let (file, profile) = facturX, let (bytes, _) = try load(file, site: site, scope: scope) {
            settings.facturX = FacturX(profile: profile, xml: bytes, relationship: file.relationship)
            // Factur-X is PDF/A-3 by definition: a template that names no PDF/A part gets a-3b.
            if settings.archival == nil { settings.standards.insert(.a3b) }
        }
        return settings
    }

    /// The file's bytes and bound name, or nil when its `if` drops it.
    private func load(_ file: File, site: BuildSite, scope: BindingScope) throws(TemplateError)
        -> ([UInt8], String?)?
    {
        if let condition = file.condition, !(try site.isTruthy(condition, in: scope, at: file.path.appending("if"))) {
            return nil
        }
        let name = try file.name.map { v throws(TemplateError) in
            try site.evaluate(v, in: scope, at: file.path.appending("name")).interpolationText
        }
        if let content = file.content {
            return (
                Array(try site.evaluate(content, in: scope, at: file.path.appending("content")).interpolationText.utf8),
                name
            )
        }
        guard let source = file.source else { return nil }
        let path = file.path.appending("src")
        let relative = try site.evaluate(source, in: scope, at: path).interpolationText
        return (try Self.read(relative, site: site, at: path), name ?? (relative as NSString).lastPathComponent)
    }

    /// Reads an attached file the way every resource is read (`ResourceFolders`): relative to
    /// the template's folder, inside the allowed folders, no link out of them, at most
    /// `maxFileBytes`; the message discloses nothing about a file outside them.
    private static func read(_ relative: String, site: BuildSite, at path: JSONPath) throws(TemplateError) -> [UInt8] {
        do {
            let resolved = try site.template.resourceFolders.resolve(relative)
            return try ResourceFolders.readFile(resolved, reference: relative, maxBytes: maxFileBytes)
        } catch {
            throw site.error(at: path, "attached file \(error.description)")
        }
    }

    static func mimeType(of name: String) -> String {
        switch (name as NSString).pathExtension.lowercased() {
        case "xml": "text/xml"
        case "pdf": "application/pdf"
        case "csv": "text/csv"
        case "json": "application/json"
        case "txt": "text/plain"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        default: "application/octet-stream"
        }
    }
}
