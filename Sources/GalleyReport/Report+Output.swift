import Galley
import GalleyLayout
import GalleyRender

/// Writing a report: PDF (every page, streamed) and PNG (one page), through the same
/// `DocumentWriter` every Galley document goes through.
extension Report {
    /// Writes the PDF to `path` (atomically: a failed render leaves no file).
    public func writePDF(to path: String) throws {
        try DocumentWriter.write(try makePagedDocument(), to: path, options: OutputOptions(format: .pdf))
    }

    /// The PDF's bytes.
    public func pdfData() throws -> [UInt8] {
        try DocumentWriter.pdfData(try makePagedDocument())
    }

    /// The number of pages the body fills.
    public func pageCount() throws -> Int {
        try makePagedDocument().pageCount(isCancelled: .never)
    }

    /// Page `index` (0-based) as a PNG at `scale` pixels per point (1 = 72 dpi), on white
    /// unless the report has a background.
    /// - Throws: `DocumentError.noSuchPage` when the report has no such page.
    public func pngData(page index: Int, scale: Double = 1) throws -> [UInt8] {
        try DocumentWriter.pngData(
            try makePagedDocument(), page: index, options: OutputOptions(format: .png, scale: scale))
    }

    /// Writes page `index` (0-based) as a PNG to `path`.
    public func writePNG(page index: Int, to path: String, scale: Double = 1) throws {
        try FileOutput.writeAtomically(try pngData(page: index, scale: scale), to: path)
    }
}
