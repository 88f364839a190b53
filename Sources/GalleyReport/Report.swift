import Galley
import GalleyLayout
import GalleyRender
import GalleyText

/// A paged report: a body that flows over as many pages as it needs, a header and a footer
/// built for each page with its number and the page count, and PDF metadata.
///
/// ```swift
/// let report = Report(page: .a4, margins: EdgeInsets(all: 50)) {
///     Text("Quarterly report").fontSize(24).bold().bookmark("Quarterly report")
///     Text(summary)
///     Table(rows) { … }
/// }
/// .footer { page in Text("Page \(page.page) of \(page.pages)").alignment(.center) }
/// .metadata(title: "Quarterly report", author: "Finance")
/// try report.writePDF(to: "report.pdf")
/// ```
///
/// The body's pieces are stacked top to bottom `spacing` apart. Building makes a
/// `PagedDocument` of ordinary nodes and specs (`makePagedDocument()`), so pagination,
/// repeated table headers, outlines and links work as for paged templates.
public struct Report {
    public var pageSize: PageSize
    public var margins: EdgeInsets
    /// Space between the body's top-level pieces.
    public var spacing: Double
    /// The text style `Text` starts from.
    public var textStyle: TextStyle
    public var registry: FontRegistry
    public var background: Color?
    /// Title, author, subject and keywords of the PDF. Without a creation date of its own the
    /// PDF's is `SOURCE_DATE_EPOCH` when set, so identical input gives identical bytes (an
    /// invalid value makes rendering throw `DocumentDateError`).
    public var metadata: DocumentMetadata
    /// Least lines of a paragraph on either side of a page break, unless a paragraph sets its own.
    public var orphans = 2
    public var widows = 2
    public var body: [any ReportContent]
    /// Builds the header of a page, laid out at the content width and centred in the top margin.
    public var header: ((PageNumbering) -> [any ReportContent])?
    /// Builds the footer of a page, centred in the bottom margin.
    public var footer: ((PageNumbering) -> [any ReportContent])?

    public init(
        page: PageSize = .a4, margins: EdgeInsets = EdgeInsets(all: 50), spacing: Double = 0,
        textStyle: TextStyle = TextStyle(), registry: FontRegistry = .shared,
        @ContentBuilder body: () -> [any ReportContent]
    ) {
        pageSize = page
        self.margins = margins
        self.spacing = spacing
        self.textStyle = textStyle
        self.registry = registry
        metadata = DocumentMetadata()
        self.body = body()
    }

    /// This document with a header built for each page.
    public func header(@ContentBuilder _ content: @escaping (PageNumbering) -> [any ReportContent]) -> Report {
        var copy = self
        copy.header = content
        return copy
    }

    /// This document with a footer built for each page (`page.page` of `page.pages`).
    public func footer(@ContentBuilder _ content: @escaping (PageNumbering) -> [any ReportContent]) -> Report {
        var copy = self
        copy.footer = content
        return copy
    }

    /// This document with PDF metadata (nil leaves a field as it was).
    public func metadata(title: String? = nil, author: String? = nil, subject: String? = nil, keywords: [String]? = nil)
        -> Report
    {
        var copy = self
        if let title { copy.metadata.title = title }
        if let author { copy.metadata.author = author }
        if let subject { copy.metadata.subject = subject }
        if let keywords { copy.metadata.keywords = keywords.joined(separator: ", ") }
        return copy
    }

    /// This document with a page background colour.
    public func background(_ color: Color?) -> Report {
        var copy = self
        copy.background = color
        return copy
    }

    /// Builds the nodes and specs: a `PagedDocument` with this document's pagination hints,
    /// header, footer and metadata. Each call builds a fresh tree.
    /// - Throws: `ReportError` when content cannot be built (an unreadable image).
    public func makePagedDocument() throws -> PagedDocument {
        let hints = PaginationHints()
        hints.orphans = orphans
        hints.widows = widows
        let context = ReportContext(textStyle: textStyle, registry: registry, hints: hints)
        let elements = try Group(body).makeElements(in: context)
        let root: any LayoutElement =
            elements.count == 1
            ? elements[0]
            : StackLayoutSpec(direction: .vertical, spacing: spacing, alignItems: .stretch, children: elements)
        let document = PagedDocument(body: root, pageSize: pageSize.size, margins: margins, hints: hints)
        document.background = background
        document.metadata = metadata
        // `SOURCE_DATE_EPOCH` unless the date was set; nil lets cairo write the current time.
        document.metadata.creationDate = try metadata.creationDate ?? DocumentDate.fromEnvironment()
        document.header = header.map(pageElement)
        document.footer = footer.map(pageElement)
        context.contents.finish(references: document.pageReferences)
        return document
    }

    /// A header or footer builder for `PagedDocument`: the content built in a fresh context.
    private func pageElement(_ content: @escaping (PageNumbering) -> [any ReportContent])
        -> (PageNumbering) throws -> (any LayoutElement)?
    {
        let style = textStyle
        let registry = registry
        return { numbering in
            let pieces = content(numbering)
            guard !pieces.isEmpty else { return nil }
            return try Group(pieces).makeElement(in: ReportContext(textStyle: style, registry: registry))
        }
    }
}
