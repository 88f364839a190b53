import GalleyLayout
import GalleyRender

/// The page number and page count a header or footer is built for.
public struct PageNumbering: Hashable, Sendable {
    public let page: Int
    public let pages: Int

    public init(page: Int, pages: Int) {
        self.page = page
        self.pages = pages
    }
}

/// A flowing, multi-page document: the body is laid out once at the content-box width with
/// unbounded height, cut into pages (see `Pagination`), and each page gets its own header and
/// footer. Pages are drawn one at a time when a writer asks for them, so memory holds one
/// page's display list, not the document's.
public final class PagedDocument: Document {
    public let pageSize: Size
    public let margins: EdgeInsets
    /// The host node whose layout spec is the body.
    public let root: BoxNode
    public var background: Color?
    public var metadata = DocumentMetadata()
    public var pdf = PDFSettings()
    public let hints: PaginationHints
    /// Where each bookmark landed in the last pagination (read by tables of contents).
    public let pageReferences = PageReferences()
    /// Builds the header of a page (laid out at the content width, centred in the top margin).
    public var header: ((PageNumbering) throws -> (any LayoutElement)?)?
    /// Builds the footer of a page (centred in the bottom margin).
    public var footer: ((PageNumbering) throws -> (any LayoutElement)?)?
    /// Builds what is drawn under everything else on a page — a page background, a letterhead,
    /// a watermark behind the text — laid out at the whole page's size from its top-left corner.
    public var underlay: ((PageNumbering) throws -> (any LayoutElement)?)?
    /// Builds what is drawn over everything else on a page (a "DRAFT" watermark above the text),
    /// laid out like `underlay`.
    public var overlay: ((PageNumbering) throws -> (any LayoutElement)?)?
    /// The pagination, once made (the body's layout is cached by its nodes).
    private var pagination: Pagination?

    public init(
        body: any LayoutElement, pageSize: Size, margins: EdgeInsets, hints: PaginationHints = PaginationHints()
    ) {
        self.pageSize = pageSize
        self.margins = margins
        self.hints = hints
        root = BoxNode()
        root.automaticallyManagesSubnodes = true
        root.layoutSpecBlock = { _ in body }
    }

    public var contentSize: Size {
        Size(
            width: pageSize.width - margins.left - margins.right, height: pageSize.height - margins.top - margins.bottom
        )
    }

    public var pageNaming: PageNaming { .numbered }
    public var paper: Color? { .white }

    /// The body laid out at the content width, unbounded height; a percentage height whose parent
    /// height is unbounded is a percentage of the page's content height. Text keeps its metrics, not its
    /// glyph runs, until its page is drawn (`LayoutNode.keepsMeasurementDetails`); with
    /// `keepingDetails` nodes keep everything, including the specs an ascii-art dump prints.
    public func layout(keepingDetails: Bool = false) -> Layout {
        let width = contentSize.width
        return LayoutNode.keepsMeasurementDetails.withValue(keepingDetails) {
            TableNode.laysOutRowsLazily.withValue(!keepingDetails) {
                // A percentage height in the body (whose height is unbounded) is one of the page's
                // content height, in whole points (layout ceils sizes to them): `height: "100%"`
                // fills a page and what follows starts the next.
                Style.unboundedHeightReference.withValue(contentSize.height.rounded(.down)) {
                    root.layoutThatFits(
                        SizeRange(min: Size(width: width, height: 0), max: Size(width: width, height: .infinity)))
                }
            }
        }
    }

    /// Where the pages break (heights only; nothing is drawn), made once.
    public func paginate() -> Pagination {
        if let pagination { return pagination }
        let analysis = FlowAnalysis(root: layout(), hints: hints)
        let pagination = analysis.paginate(contentHeight: contentSize.height)
        pageReferences.record(pagination)
        self.pagination = pagination
        return pagination
    }

    /// The pagination, made under `isCancelled`: a cancelled layout or pagination throws and is
    /// not kept.
    private func paginated(isCancelled: CancellationCheck) throws -> Pagination {
        if let pagination { return pagination }
        let made = isCancelled.whileMeasuring {
            let analysis = FlowAnalysis(root: layout(), hints: hints)
            return analysis.paginate(contentHeight: contentSize.height)
        }
        try isCancelled.throwIfCancelled()
        pageReferences.record(made)
        pagination = made
        return made
    }

    public func pageCount(isCancelled: CancellationCheck) throws -> Int {
        try paginated(isCancelled: isCancelled).pageCount
    }

    public var outline: [OutlineEntry] { pagination?.outline.map(\.entry) ?? [] }

    /// Draws page `index` (0-based): its header, the repeated table header, the body's slice and
    /// its footer, as one page whose deferred layers (images, rasterized subtrees) are resolved.
    public func displayPage(_ index: Int, options: DisplayOptions = DisplayOptions()) throws -> DisplayPage {
        let pagination = try paginated(isCancelled: options.isCancelled)
        guard pagination.slices.indices.contains(index) else {
            throw DocumentError.noSuchPage(index: index, count: pagination.pageCount)
        }
        let slice = pagination.slices[index]
        let numbering = PageNumbering(page: index + 1, pages: pagination.pageCount)
        let builder = DisplayListBuilder(options: options)
        let items = try builder.record { page in
            // Tagged output: running headers and footers, a table header repeated on a
            // continuation page, page backgrounds and watermarks are pagination artifacts.
            if let underlay = try underlay?(numbering) {
                let layout = fullPageLayout(underlay)
                try page.artifact(.pagination) { try $0.display(layout, at: .zero) }
            }
            if let header = try header?(numbering) {
                let layout = hostLayout(header)
                try page.artifact(.header) { try $0.display(layout, at: headerOrigin(layout)) }
            }
            if let repeated = slice.repeatedHeader {
                try page.artifact(.pagination) {
                    try $0.display(repeated.layout, at: Point(x: margins.left + repeated.x, y: margins.top))
                }
            }
            let clip = Path(
                rect: Rect(
                    x: 0, y: margins.top + slice.headerHeight, width: pageSize.width, height: slice.bottom - slice.top))
            let slicer = PageSlicer(
                slice: slice, offset: Point(x: margins.left, y: margins.top + slice.headerHeight - slice.top))
            // The body's text is typeset again for drawing and not kept, and lazily laid out
            // tables build this page's rows: memory holds this page's glyphs and rows, not the
            // document's.
            try LayoutNode.keepsMeasurementDetails.withValue(false) {
                try page.withGroup(clip: clip) { page in
                    for sub in pageSublayouts(slice) {
                        try slicer.draw(sub, origin: sub.position, in: page)
                    }
                }
            }
            if let footer = try footer?(numbering) {
                let layout = hostLayout(footer)
                try page.artifact(.footer) { try $0.display(layout, at: footerOrigin(layout)) }
            }
            if let overlay = try overlay?(numbering) {
                let layout = fullPageLayout(overlay)
                try page.artifact(.pagination) { try $0.display(layout, at: .zero) }
            }
        }
        return DisplayPage(size: pageSize, items: items, background: background)
    }

    public func pageFrames(_ index: Int) throws -> PageFrames {
        try pageFrames(index, of: try paginated(isCancelled: .never))
    }

    public func debugLayout() -> Layout { layout(keepingDetails: true) }

    public func warnings() -> [DocumentWarning] {
        var warnings = pagination?.warnings ?? []
        var seen = Set(warnings)
        func add(_ layout: Layout) {
            for entry in layout.flattenedNodeFrames() {
                guard let node = entry.node as? DisplayNode else { continue }
                for message in node.layoutWarnings(size: entry.frame.size) {
                    let warning = DocumentWarning(message: message, origin: node.origin?.originDescription)
                    if seen.insert(warning).inserted { warnings.append(warning) }
                }
            }
        }
        add(layout())
        // Headers and footers are built per page; the first and last page stand for the rest.
        let count = pagination?.pageCount ?? 1
        for page in Set([1, count]).sorted() {
            let numbering = PageNumbering(page: page, pages: count)
            for part in [header, footer] {
                if let built = try? part?(numbering) { add(hostLayout(built)) }
            }
        }
        return warnings
    }

    /// The body's layouts a slice shows: `layout()`'s, except that each lazily laid out table
    /// on the way gets the rows the slice shows, built for this page (`TableNode.pageLayout`).
    func pageSublayouts(_ slice: Pagination.Slice) -> [Layout] {
        func visit(_ layout: Layout, origin: Point) -> Layout {
            if let table = layout.element as? TableNode, TableRowMetrics.of(layout) != nil {
                return table.pageLayout(layout, top: slice.top - origin.y, bottom: slice.bottom - origin.y)
            }
            // Only what reaches into the slice is drawn (one point of slack for the edge tests).
            guard !layout.sublayouts.isEmpty, origin.y < slice.bottom + 1, origin.y + layout.size.height > slice.top - 1
            else { return layout }
            var changed = false
            let sublayouts = layout.sublayouts.map { sub in
                let page = visit(sub, origin: Point(x: origin.x + sub.position.x, y: origin.y + sub.position.y))
                if page !== sub { changed = true }
                return page
            }
            guard changed else { return layout }
            let page = Layout(element: layout.element, size: layout.size, sublayouts: sublayouts)
            page.position = layout.position
            return page
        }
        return layout().sublayouts.map { visit($0, origin: $0.position) }
    }

    /// An underlay or overlay laid out at exactly the page's size.
    func fullPageLayout(_ element: any LayoutElement) -> Layout {
        let host = BoxNode()
        host.automaticallyManagesSubnodes = true
        host.layoutSpecBlock = { _ in element }
        return host.layoutThatFits(SizeRange(exactly: pageSize))
    }

    func hostLayout(_ element: any LayoutElement) -> Layout {
        let host = BoxNode()
        host.automaticallyManagesSubnodes = true
        host.layoutSpecBlock = { _ in element }
        let width = contentSize.width
        return host.layoutThatFits(
            SizeRange(min: Size(width: width, height: 0), max: Size(width: width, height: .infinity)))
    }
}
