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
/// footer. Pages are drawn one at a time and streamed to the PDF writer, so memory holds one
/// page's display list, not the document's.
public final class PagedDocument {
    public let pageSize: Size
    public let margins: EdgeInsets
    /// The host node whose layout spec is the body.
    public let root: BoxNode
    public var background: Color?
    public var metadata = DocumentMetadata()
    public let hints: PaginationHints
    /// Where each bookmark landed in the last pagination (read by tables of contents).
    public let pageReferences = PageReferences()
    /// Builds the header of a page (laid out at the content width, centred in the top margin).
    public var header: ((PageNumbering) throws -> (any LayoutElement)?)?
    /// Builds the footer of a page (centred in the bottom margin).
    public var footer: ((PageNumbering) throws -> (any LayoutElement)?)?

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

    /// The body laid out at the content width, unbounded height. Text keeps its metrics, not its
    /// glyph runs, until its page is drawn (`LayoutNode.keepsMeasurementDetails`); with
    /// `keepingDetails` nodes keep everything, including the specs an ascii-art dump prints.
    public func layout(keepingDetails: Bool = false) -> Layout {
        let width = contentSize.width
        return LayoutNode.keepsMeasurementDetails.withValue(keepingDetails) {
            TableNode.laysOutRowsLazily.withValue(!keepingDetails) {
                root.layoutThatFits(
                    SizeRange(min: Size(width: width, height: 0), max: Size(width: width, height: .infinity)))
            }
        }
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

    /// Where the pages break (heights only; nothing is drawn).
    public func paginate() -> Pagination {
        let analysis = FlowAnalysis(root: layout(), hints: hints)
        let pagination = analysis.paginate(contentHeight: contentSize.height)
        pageReferences.record(pagination)
        return pagination
    }

    /// Draws page `index` (0-based) of a pagination.
    public func displayPage(_ index: Int, of pagination: Pagination, options: DisplayOptions = DisplayOptions()) throws
        -> DisplayPage
    {
        let slice = pagination.slices[index]
        let context = GraphicsContext()
        let builder = DisplayListBuilder(options: options)
        let numbering = PageNumbering(page: index + 1, pages: pagination.pageCount)
        if let header = try header?(numbering) {
            let layout = hostLayout(header)
            let origin = headerOrigin(layout)
            try context.translated(x: origin.x, y: origin.y) {
                try builder.display(layout, at: .zero, in: $0, isRasterizing: false)
            }
        }
        if let repeated = slice.repeatedHeader {
            try builder.display(
                repeated.layout, at: Point(x: margins.left + repeated.x, y: margins.top), in: context,
                isRasterizing: false)
        }
        let offset = margins.top + slice.headerHeight - slice.top
        let clip = Path(
            rect: Rect(
                x: 0, y: margins.top + slice.headerHeight, width: pageSize.width, height: slice.bottom - slice.top))
        // The body's text is typeset again for drawing and not kept, and lazily laid out tables
        // build this page's rows: memory holds this page's glyphs and rows, not the document's.
        try LayoutNode.keepsMeasurementDetails.withValue(false) {
            try context.withGroup(clip: clip) { context in
                for sub in pageSublayouts(slice) {
                    try draw(
                        sub, origin: sub.position, slice: slice, offset: Point(x: margins.left, y: offset),
                        builder: builder, in: context)
                }
            }
        }
        if let footer = try footer?(numbering) {
            let layout = hostLayout(footer)
            let origin = footerOrigin(layout)
            try context.translated(x: origin.x, y: origin.y) {
                try builder.display(layout, at: .zero, in: $0, isRasterizing: false)
            }
        }
        return DisplayPage(size: pageSize, items: context.takeItems(), background: background)
    }

    /// Writes the document as a PDF, page by page.
    public func writePDF(
        to path: String,
        options: DisplayOptions = DisplayOptions(rasterizationScale: DisplayOptions.pdfRasterizationScale)
    ) throws {
        let writer = try PDFWriter(path: path, metadata: metadata)
        try write(to: writer, options: options)
        try writer.finish()
    }

    /// The PDF's bytes.
    public func pdfData(
        options: DisplayOptions = DisplayOptions(rasterizationScale: DisplayOptions.pdfRasterizationScale)
    ) throws -> [UInt8] {
        let writer = try PDFWriter(metadata: metadata)
        try write(to: writer, options: options)
        return try writer.finishData()
    }

    private func write(to writer: PDFWriter, options: DisplayOptions) throws {
        let pagination = paginate()
        for index in pagination.slices.indices {
            try options.isCancelled.throwIfCancelled()
            try writer.addPage(
                try displayPage(index, of: pagination, options: options), isCancelled: { options.isCancelled() })
        }
        writer.setOutline(pagination.outline.map(\.entry))
    }

    func hostLayout(_ element: any LayoutElement) -> Layout {
        let host = BoxNode()
        host.automaticallyManagesSubnodes = true
        host.layoutSpecBlock = { _ in element }
        let width = contentSize.width
        return host.layoutThatFits(
            SizeRange(min: Size(width: width, height: 0), max: Size(width: width, height: .infinity)))
    }

    /// Draws the part of a body node inside a slice: whole nodes through the display list
    /// builder, nodes cut by the slice edge as their layer plus their visible subnodes.
    private func draw(
        _ layout: Layout, origin: Point, slice: Pagination.Slice, offset: Point, builder: DisplayListBuilder,
        in context: GraphicsContext
    ) throws {
        guard let node = layout.element as? DisplayNode else { return }
        let top = origin.y
        let bottom = origin.y + layout.size.height
        let eps = FlowAnalysis.epsilon
        guard bottom > slice.top + eps || (layout.size.height == 0 && top >= slice.top), top < slice.bottom - eps else {
            return
        }
        let at = Point(x: origin.x + offset.x, y: origin.y + offset.y)
        let startsHere = top >= slice.top - eps
        if (startsHere && bottom <= slice.bottom + eps) || layout.sublayouts.isEmpty {
            // The anchor belongs to the page where the node starts.
            let exports = node.exportsAnchor
            if !startsHere { node.exportsAnchor = false }
            defer { node.exportsAnchor = exports }
            try builder.display(layout, at: at, in: context, isRasterizing: false)
            return
        }
        let layer = node.layer
        guard layer.opacity > 0 else { return }
        let bounds = Rect(origin: at, size: layout.size)
        // Each fragment keeps the node's group effects, as `DisplayListBuilder` draws a whole
        // node: opacity, shadow and transform (about the whole node's centre), and its clip
        // around the subnodes. A rasterized container is drawn as vectors when cut.
        let transform = Self.transform(layer.transform, about: bounds)
        try context.withGroup(transform: transform, opacity: layer.opacity, shadow: layer.shadow) { context in
            let shape = Path(roundedRect: bounds, cornerRadius: layer.cornerRadius)
            if let background = layer.backgroundColor { context.fill(shape, color: background) }
            try context.withGroup(clip: layer.clipsToBounds ? shape : nil) { context in
                for sub in layout.sublayouts {
                    let subOrigin = Point(x: origin.x + sub.position.x, y: origin.y + sub.position.y)
                    try draw(sub, origin: subOrigin, slice: slice, offset: offset, builder: builder, in: context)
                }
            }
            if layer.hasBorder {
                let inset = layer.borderWidth / 2
                let rect = Rect(
                    x: at.x + inset, y: at.y + inset, width: max(0, bounds.width - layer.borderWidth),
                    height: max(0, bounds.height - layer.borderWidth))
                context.stroke(
                    Path(roundedRect: rect, cornerRadius: max(0, layer.cornerRadius - inset)), color: layer.borderColor,
                    lineWidth: layer.borderWidth)
            }
            if startsHere, node.exportsAnchor, let id = node.identifier { context.addAnchor(id, at: at) }
            if let link = node.link { context.addLink(bounds, to: link) }
        }
    }

    /// A layer transform applied about the centre of `bounds` (Core Animation's anchor point).
    private static func transform(_ transform: AffineTransform, about bounds: Rect) -> AffineTransform {
        guard !transform.isIdentity else { return .identity }
        let cx = bounds.origin.x + bounds.size.width / 2
        let cy = bounds.origin.y + bounds.size.height / 2
        return AffineTransform.translation(x: -cx, y: -cy).concatenating(transform)
            .concatenating(.translation(x: cx, y: cy))
    }
}
