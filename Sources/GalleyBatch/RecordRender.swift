import Galley
import GalleyRender
import GalleyTemplates

/// The one way a record becomes a document and its output, shared by `galley render`,
/// `galley batch` and `galley serve`: bind under the render's deadline, then write through
/// `DocumentWriter` (to a file, or to bytes for a server's response).
public enum RecordRender {
    /// Binds `record` to `template` with `cancellation` as the test long loops read, so a
    /// record of 200,000 rows stops building at the deadline.
    /// - Throws: the template's `TemplateError`, or `RenderCancelled` once the deadline passed
    ///   (the partial document is dropped).
    public static func document(
        _ template: Template, record: JSONValue, recordIndex: Int? = nil, resources: RenderResources? = nil,
        cancellation: CancellationSource
    ) throws -> any Document {
        let document = try cancellation.check.whileMeasuring {
            try template.bind(record, recordIndex: recordIndex, resources: resources)
        }
        try cancellation.check.throwIfCancelled()
        return document
    }

    /// The output's bytes: a PDF of the selected pages, or one page as PNG.
    /// - Parameters:
    ///   - document: the bound document.
    ///   - options: the format, scale, pages and cancellation of the render.
    ///   - page: the PNG page (0-based); PDF output uses `options.pages`.
    ///   - maxPages: the most pages a document may have; more throws ``RecordLimitError``.
    ///   - maxPixels: the most pixels a PNG page may have; more throws ``RecordLimitError``.
    public static func bytes(
        _ document: any Document, options: OutputOptions, page: Int = 0, maxPages: Int = .max, maxPixels: Int = .max
    ) throws -> (bytes: [UInt8], pageCount: Int) {
        let check = CancellationCheck(source: options.cancellation)
        let count = try DocumentWriter.withCancellationMapped(options) {
            try document.pageCount(isCancelled: check)
        }
        guard count <= maxPages else {
            throw RecordLimitError("the document has \(count) pages, more than the limit of \(maxPages)")
        }
        switch options.format {
        case .pdf:
            return (try DocumentWriter.pdfData(document, options: options), count)
        case .png:
            guard page < count else {
                throw RecordLimitError("there is no page \(page + 1): the document has \(count) page(s)")
            }
            let size = try document.pageFrames(page).size
            let pixels = (size.width * options.scale).rounded(.up) * (size.height * options.scale).rounded(.up)
            guard pixels <= Double(maxPixels) else {
                throw RecordLimitError(
                    "page \(page + 1) at scale \(options.scale) is \(Int(pixels)) pixels, more than the limit of "
                        + "\(maxPixels) (lower the scale)")
            }
            return (try DocumentWriter.pngData(document, page: page, options: options), count)
        }
    }
}

/// A document over a limit of the render (pages, pixels) or asking for a page it does not have.
public struct RecordLimitError: Error, Sendable, CustomStringConvertible {
    public let description: String

    /// An error with this message.
    public init(_ description: String) {
        self.description = description
    }
}
