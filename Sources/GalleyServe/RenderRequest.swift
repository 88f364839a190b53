import Galley
import GalleyRender
import GalleyTemplates

/// What a render request asks for, read from its query and headers: the same choices as
/// `galley render` (format, scale or dpi, pages, timeout, PDF standards and passwords).
///
/// `?format=pdf|png` (else the `Accept` header, else PDF), `scale=S` or `dpi=D` (PNG),
/// `page=N` (the PNG page, default 1; for a PDF the same as `pages=N`), `pages=LIST` (PDF),
/// `record=N` (when the body is a JSON array), `timeout=S` (at most the server's), and
/// `pdf-standard=LIST`; passwords come in the `Galley-Owner-Password` and
/// `Galley-User-Password` headers, never in a URL that logs keep.
struct RenderRequest: Sendable {
    var format: OutputFormat = .pdf
    var scale = 1.0
    /// The PNG page, 0-based.
    var page = 0
    var pages: PageSelection?
    var record = 0
    var timeout: Double
    var pdfStandards: Set<PDFStandard>?
    var pdfPasswords: PDFPasswords?

    /// The query names a render request understands.
    static let names: Set<String> = ["format", "scale", "dpi", "page", "pages", "record", "timeout", "pdf-standard"]

    /// Reads the request's choices; `limit` is the server's render time limit.
    init(_ head: HTTPRequestHead, limit: Double) throws(RequestError) {
        timeout = limit
        let query = head.query
        if let unknown = query.keys.sorted().first(where: { !Self.names.contains($0) }) {
            throw RequestError(
                "unknown query parameter '\(unknown)'", hint: "use \(Self.names.sorted().joined(separator: ", "))")
        }
        if let name = query["format"] {
            guard let parsed = OutputFormat(rawValue: name.lowercased()) else {
                throw RequestError("format must be pdf or png, got '\(name)'")
            }
            format = parsed
        } else if let accept = head.headers["accept"], accept.contains("image/png"),
            !accept.contains("application/pdf")
        {
            format = .png
        }
        let scale = try Self.number(query, "scale")
        let dpi = try Self.number(query, "dpi")
        if scale != nil && dpi != nil { throw RequestError("give scale or dpi, not both") }
        if format == .pdf && (scale != nil || dpi != nil) {
            throw RequestError("scale and dpi set the pixel size of PNG output; a PDF is vector", hint: "drop it")
        }
        self.scale = scale ?? dpi.map { $0 / 72 } ?? 1
        guard self.scale > 0, self.scale <= 16 else {
            throw RequestError("the scale must be above 0 and at most 16 (1152 dpi)")
        }
        if let page = try Self.number(query, "page") {
            guard page >= 1, page == page.rounded(), page < 1e9 else {
                throw RequestError("page must be a page number from 1")
            }
            self.page = Int(page) - 1
            if format == .pdf { pages = try Self.pages("\(Int(page))") }
        }
        if let text = query["pages"] {
            guard format == .pdf else { throw RequestError("pages selects PDF pages; for PNG ask for one page=N") }
            pages = try Self.pages(text)
        }
        if let record = try Self.number(query, "record") {
            guard record >= 0, record == record.rounded(), record < 1e9 else {
                throw RequestError("record must be a record number from 0")
            }
            self.record = Int(record)
        }
        if let asked = try Self.number(query, "timeout") {
            guard asked > 0 else { throw RequestError("timeout must be above 0 seconds") }
            timeout = min(asked, limit)
        }
        if let text = query["pdf-standard"] {
            switch PDFStandard.parseList(text) {
            case .success(let standards): pdfStandards = standards
            case .failure(let error): throw RequestError("pdf-standard: \(error)")
            }
        }
        if let owner = head.headers["galley-owner-password"] {
            guard format == .pdf, !owner.isEmpty else {
                throw RequestError("an owner password encrypts PDF output and may not be empty")
            }
            pdfPasswords = PDFPasswords(user: head.headers["galley-user-password"] ?? "", owner: owner)
        } else if head.headers["galley-user-password"] != nil {
            throw RequestError("a user password needs an owner password too (Galley-Owner-Password)")
        }
    }

    /// The writer's options for one render with `cancellation` as its deadline.
    func outputOptions(_ cancellation: CancellationSource) -> OutputOptions {
        OutputOptions(
            format: format, scale: scale, pages: pages, cancellation: cancellation, pdfStandards: pdfStandards,
            pdfPasswords: pdfPasswords)
    }

    /// The response's content type.
    var contentType: String { format == .pdf ? "application/pdf" : "image/png" }

    private static func number(_ query: [String: String], _ name: String) throws(RequestError) -> Double? {
        guard let text = query[name] else { return nil }
        guard let value = Double(text), value.isFinite else {
            throw RequestError("\(name) must be a number, got '\(text)'")
        }
        return value
    }

    private static func pages(_ text: String) throws(RequestError) -> PageSelection {
        do {
            return try PageSelection(parsing: text)
        } catch {
            throw RequestError("pages: \(error.description)")
        }
    }
}

/// A request the server cannot serve as asked (a bad query, an unknown template): 4xx.
struct RequestError: Error, Sendable, CustomStringConvertible {
    let description: String
    let hint: String?
    let status: Int

    init(_ description: String, hint: String? = nil, status: Int = 400) {
        self.description = description
        self.hint = hint
        self.status = status
    }
}
