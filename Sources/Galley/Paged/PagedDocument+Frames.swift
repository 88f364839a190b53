import GalleyLayout

/// Where things sit on one page of a document, in page coordinates (points, y down): what
/// `galley layout` dumps. A canvas page has only `body` (the whole surface) and `nodes`.
public struct PageFrames {
    /// One drawn node on the page.
    public struct NodeFrame {
        public let node: DisplayNode
        public let frame: Rect
        /// Whether the node continues on another page (the page shows only part of it).
        public let isClipped: Bool
    }

    /// 1-based page number.
    public let page: Int
    public let size: Size
    /// The header's frame (nil without a header).
    public let header: Rect?
    /// The repeated table header's frame, when the page continues a table.
    public let repeatedHeader: Rect?
    /// The area the body slice is drawn into (below a repeated table header).
    public let body: Rect
    /// The slice of a paged body shown, in body coordinates: [top, bottom); nil for a canvas.
    public let slice: (top: Double, bottom: Double)?
    public let footer: Rect?
    /// Every drawn node on the page in drawing order: header, repeated table header, body, footer.
    public let nodes: [NodeFrame]
}

extension PagedDocument {
    /// Where the header laid out as `layout` goes: centred vertically in the top margin.
    func headerOrigin(_ layout: Layout) -> Point {
        Point(x: margins.left, y: max(0, (margins.top - layout.size.height) / 2))
    }

    /// Where the footer laid out as `layout` goes: centred vertically in the bottom margin.
    func footerOrigin(_ layout: Layout) -> Point {
        Point(x: margins.left, y: pageSize.height - margins.bottom + max(0, (margins.bottom - layout.size.height) / 2))
    }

    /// The frames of page `index` (0-based) of a pagination, as `displayPage` draws it.
    func pageFrames(_ index: Int, of pagination: Pagination) throws -> PageFrames {
        guard pagination.slices.indices.contains(index) else {
            throw DocumentError.noSuchPage(index: index, count: pagination.pageCount)
        }
        let slice = pagination.slices[index]
        let numbering = PageNumbering(page: index + 1, pages: pagination.pageCount)
        var nodes: [PageFrames.NodeFrame] = []
        func append(_ layout: Layout, at origin: Point) {
            for (node, frame) in layout.flattenedNodeFrames() {
                guard let node = node as? DisplayNode else { continue }
                nodes.append(PageFrames.NodeFrame(node: node, frame: frame.offsetBy(origin), isClipped: false))
            }
        }
        if let underlay = try underlay?(numbering) { append(fullPageLayout(underlay), at: .zero) }
        var headerFrame: Rect?
        if let header = try header?(numbering) {
            let layout = hostLayout(header)
            let origin = headerOrigin(layout)
            headerFrame = Rect(origin: origin, size: layout.size)
            append(layout, at: origin)
        }
        var repeatedFrame: Rect?
        if let repeated = slice.repeatedHeader {
            let origin = Point(x: margins.left + repeated.x, y: margins.top)
            repeatedFrame = Rect(origin: origin, size: repeated.layout.size)
            append(repeated.layout, at: origin)
        }
        // Body nodes the slice shows (the test `PageSlicer` applies), moved onto the page.
        let offset = Point(x: margins.left, y: margins.top + slice.headerHeight - slice.top)
        let eps = FlowAnalysis.epsilon
        let bodyLayout = Layout(element: root, size: layout().size, sublayouts: pageSublayouts(slice))
        for (node, frame) in bodyLayout.flattenedNodeFrames() {
            guard let node = node as? DisplayNode else { continue }
            let visible = frame.maxY > slice.top + eps || (frame.height == 0 && frame.minY >= slice.top)
            guard visible, frame.minY < slice.bottom - eps else { continue }
            let clipped = frame.minY < slice.top - eps || frame.maxY > slice.bottom + eps
            nodes.append(PageFrames.NodeFrame(node: node, frame: frame.offsetBy(offset), isClipped: clipped))
        }
        var footerFrame: Rect?
        if let footer = try footer?(numbering) {
            let layout = hostLayout(footer)
            let origin = footerOrigin(layout)
            footerFrame = Rect(origin: origin, size: layout.size)
            append(layout, at: origin)
        }
        if let overlay = try overlay?(numbering) { append(fullPageLayout(overlay), at: .zero) }
        let body = Rect(
            x: margins.left, y: margins.top + slice.headerHeight, width: contentSize.width,
            height: slice.bottom - slice.top)
        return PageFrames(
            page: index + 1, size: pageSize, header: headerFrame, repeatedHeader: repeatedFrame, body: body,
            slice: (slice.top, slice.bottom), footer: footerFrame, nodes: nodes)
    }
}

extension PagedDocument {
    /// Page `index` as one tree in page coordinates: the header, the repeated table header, the
    /// body nodes reaching into the page's slice (moved onto the page) and the footer, each under
    /// a host layout placed where `displayPage` draws it.
    public func pageLayout(_ index: Int) throws -> Layout {
        let pagination = paginate()
        guard pagination.slices.indices.contains(index) else {
            throw DocumentError.noSuchPage(index: index, count: pagination.pageCount)
        }
        let slice = pagination.slices[index]
        let numbering = PageNumbering(page: index + 1, pages: pagination.pageCount)
        var parts: [Layout] = []
        func place(_ layout: Layout, at origin: Point) {
            let placed = Layout(element: layout.element, size: layout.size, sublayouts: layout.sublayouts)
            placed.position = origin
            parts.append(placed)
        }
        if let underlay = try underlay?(numbering) { place(fullPageLayout(underlay), at: .zero) }
        if let header = try header?(numbering) {
            let layout = hostLayout(header)
            place(layout, at: headerOrigin(layout))
        }
        if let repeated = slice.repeatedHeader {
            place(repeated.layout, at: Point(x: margins.left + repeated.x, y: margins.top))
        }
        let eps = FlowAnalysis.epsilon
        let shown = pageSublayouts(slice).filter { sub in
            sub.position.y + sub.size.height > slice.top + eps && sub.position.y < slice.bottom - eps
        }
        let body = Layout(element: root, size: Size(width: contentSize.width, height: slice.bottom), sublayouts: shown)
        body.position = Point(x: margins.left, y: margins.top + slice.headerHeight - slice.top)
        parts.append(body)
        if let footer = try footer?(numbering) {
            let layout = hostLayout(footer)
            place(layout, at: footerOrigin(layout))
        }
        if let overlay = try overlay?(numbering) { place(fullPageLayout(overlay), at: .zero) }
        return Layout(element: BoxNode(), size: pageSize, sublayouts: parts)
    }
}

extension Rect {
    fileprivate func offsetBy(_ point: Point) -> Rect {
        Rect(x: minX + point.x, y: minY + point.y, width: width, height: height)
    }
}
