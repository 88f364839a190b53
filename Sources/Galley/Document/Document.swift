import GalleyLayout
import GalleyRender

/// A document as every command and writer sees it: pages, produced on demand.
///
/// Galley has two kinds — a ``Canvas`` is a document of exactly one page (a card, a label, an
/// invoice drawn on a fixed surface), a ``PagedDocument`` is a body that flows over as many
/// pages as it needs, with headers and footers — and one pipeline for both: lay out and cut
/// into pages once (``pageCount(isCancelled:)``), then draw each page when a writer asks for it
/// (``displayPage(_:options:)``), so memory holds one page's display list at a time. The PDF
/// and PNG writers (`DocumentWriter`), batch, `check`, layout dumps and animation use only this
/// protocol; nothing downstream asks which kind a document is.
///
/// ```swift
/// let document: any Document = try template.bind(record)
/// let pages = try document.pageCount(isCancelled: .never)
/// let first = try document.displayPage(0, options: DisplayOptions())
/// ```
public protocol Document: AnyObject {
    /// Title, author, subject, keywords and creation date of PDF output.
    var metadata: DocumentMetadata { get set }
    /// What the PDF carries beyond its pages: the standards it claims (PDF/A, PDF/UA), tags,
    /// attachments, a Factur-X invoice (docs/pdf.md). Default: a plain PDF.
    var pdf: PDFSettings { get set }
    /// How raster output names the file of each page.
    var pageNaming: PageNaming { get }
    /// What a raster page shows where nothing is drawn, when the page sets no background of its
    /// own: nil (transparent) for a canvas, white for paged documents (a page is paper).
    var paper: Color? { get }
    /// Lays the document out and cuts it into pages, once; later calls return the same count.
    /// - Throws: `RenderCancelled` when `isCancelled` turns true during layout or pagination.
    func pageCount(isCancelled: CancellationCheck) throws -> Int
    /// Draws page `index` (0-based), laying the document out first if it is not yet.
    /// - Throws: `RenderCancelled`, a draw routine's error, or `DocumentError.noSuchPage`.
    func displayPage(_ index: Int, options: DisplayOptions) throws -> DisplayPage
    /// The bookmarks in document order, each opening the anchor of its node (after pagination).
    var outline: [OutlineEntry] { get }
    /// Where every drawn node sits on page `index`, in page coordinates (`galley layout`).
    func pageFrames(_ index: Int) throws -> PageFrames
    /// Page `index` as one layout tree in page coordinates: what it draws, for animations that
    /// move nodes between two states of a page.
    func pageLayout(_ index: Int) throws -> Layout
    /// The laid-out tree with the details debugging shows kept (the specs ascii art prints).
    func debugLayout() -> Layout
    /// What looks wrong but does not stop a render (missing glyphs, unknown font families, text
    /// overflowing its box, links to ids no element has), found in the pages laid out so far.
    func warnings() -> [DocumentWarning]
}

/// How raster output names the files of a document's pages.
public enum PageNaming: Sendable, Hashable {
    /// One page, written exactly where asked: `card.png`.
    case single
    /// Pages numbered from 1 before the extension, whatever their count, so names do not depend
    /// on the data: `report.png` → `report-1.png`, `report-2.png`, …
    case numbered

    /// The file of page `number` (1-based) for the output path `path`.
    public func path(for path: String, page number: Int) -> String {
        guard self == .numbered else { return path }
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        guard let dot = path[slash...].lastIndex(of: "."), dot > slash else { return "\(path)-\(number)" }
        return "\(path[..<dot])-\(number)\(path[dot...])"
    }
}

/// A problem with a document that does not stop it from rendering.
public struct DocumentWarning: Hashable, Sendable, CustomStringConvertible {
    /// One sentence: what is wrong and, where it helps, what to do.
    public var message: String
    /// Where the node it concerns came from (a template element's `FILE:LINE:COL: at PATH`),
    /// when known.
    public var origin: String?

    public init(message: String, origin: String? = nil) {
        self.message = message
        self.origin = origin
    }

    public var description: String { origin.map { "\($0): \(message)" } ?? message }
}

/// What built a node — a template element, a DSL value — so warnings can name it.
public protocol NodeOrigin: AnyObject {
    /// Where the node came from, as a reader finds it: for a template element
    /// `invoice.json:12:7: at $.body.children[2]`.
    var originDescription: String { get }
}

/// A request a document cannot serve.
public enum DocumentError: Error, Sendable, CustomStringConvertible {
    /// Page `index` (0-based) of a document with `count` pages.
    case noSuchPage(index: Int, count: Int)

    public var description: String {
        switch self {
        case .noSuchPage(let index, let count):
            "there is no page \(index + 1): the document has \(count) page\(count == 1 ? "" : "s")"
        }
    }
}
