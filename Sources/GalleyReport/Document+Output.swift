import Galley
import GalleyLayout
import GalleyRender

/// Writing a document: PDF (every page, streamed) and PNG (one page).
extension Document {
    /// Writes the PDF to `path` (atomically: a failed render leaves no file).
    public func writePDF(to path: String) throws {
        try makePagedDocument().writePDF(to: path)
    }

    /// The PDF's bytes.
    public func pdfData() throws -> [UInt8] {
        try makePagedDocument().pdfData()
    }

    /// The number of pages the body fills.
    public func pageCount() throws -> Int {
        try makePagedDocument().paginate().pageCount
    }

    /// Page `index` (0-based) as a PNG at `scale` pixels per point (1 = 72 dpi), on white
    /// unless the document has a background.
    /// - Throws: `ReportError` when the document has no such page.
    public func pngData(page index: Int, scale: Double = 1) throws -> [UInt8] {
        let document = try makePagedDocument()
        let pagination = document.paginate()
        guard pagination.slices.indices.contains(index) else {
            throw ReportError("page \(index + 1) of a \(pagination.pageCount)-page document")
        }
        var page = try document.displayPage(index, of: pagination, options: DisplayOptions(rasterizationScale: scale))
        // A page image is paper: white unless the document sets a background (PNG pages are
        // transparent by default).
        page.background = page.background ?? .white
        return try CanvasWriter.pngBytes(page, scale: scale)
    }

    /// Writes page `index` (0-based) as a PNG to `path`.
    public func writePNG(page index: Int, to path: String, scale: Double = 1) throws {
        try FileOutput.writeAtomically(try pngData(page: index, scale: scale), to: path)
    }
}
