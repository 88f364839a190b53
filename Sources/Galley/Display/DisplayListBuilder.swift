import GalleyLayout
import GalleyRender

/// Turns laid-out node trees into display items: each node's layer (`LayerPainter`), its
/// snapshotted drawing, then its subnodes, in z-order.
///
/// Runs on the task that owns the nodes (it reads them to snapshot draw parameters); the draw
/// routines it calls touch only their parameters. Rasterized subtrees become single images.
///
/// Independent layers — rasterized subtrees and image-displaying nodes — are not displayed
/// where they are met: the builder snapshots their work (recorded items, a `DrawOperation`),
/// records a marker (`PendingLayerMarker`), and when the page is complete displays all of
/// them at once on up to `options.maxConcurrentLayers` worker threads, splicing each result
/// back at its marker, so z-order and the resulting display list are exactly those of
/// displaying them in order. Deferred work is private to one `record(_:)` call: every page
/// leaves the builder resolved, whatever it is made of (a canvas, a page's header, body slice
/// and footer, an animated subtree).
public struct DisplayListBuilder {
    public let options: DisplayOptions
    private let pending = PendingLayers()

    public init(options: DisplayOptions) {
        self.options = options
    }

    /// The items of a root layout: the root node's own layer at the origin, then its subnodes.
    public func items(for rootLayout: Layout) throws -> [DisplayItem] {
        try record { try $0.display(rootLayout, at: .zero) }
    }

    /// Records one page (or any picture) made of several laid-out pieces, then displays the
    /// layers they deferred and returns the finished items.
    func record(_ body: (Recording) throws -> Void) throws -> [DisplayItem] {
        let context = GraphicsContext(recordsStructure: options.tagsStructure)
        pending.reset()
        defer { pending.reset() }
        try body(Recording(builder: self, context: context))
        let items = context.takeItems()
        try options.isCancelled.throwIfCancelled()
        let jobs = pending.take()
        guard !jobs.isEmpty else { return items }
        let results = try ConcurrentLayers.run(jobs, options: options)
        return ConcurrentLayers.splice(results, into: items)
    }

    /// Whether independent layers are deferred to the concurrent pass (else drawn inline).
    private var defersLayers: Bool { options.maxConcurrentLayers > 1 }

    fileprivate func display(_ layout: Layout, at origin: Point, in context: GraphicsContext, isRasterizing: Bool)
        throws
    {
        try options.isCancelled.throwIfCancelled()
        guard let node = layout.element as? DisplayNode else { return }
        let size = layout.size
        node.bounds = Rect(origin: .zero, size: size)
        let layer = node.layer
        if layer.rasterizesSubtree && !isRasterizing {
            // Tagged output: the bitmap is a figure (its text is pixels now).
            let tag = StructureTagging.tag(for: node, in: context, rasterized: true)
            try StructureTagging.wrap(tag, in: context) { context in
                try LayerPainter.group(layer, origin: origin, size: size, in: context) { context in
                    try drawRasterized(node, layout, in: context)
                }
            }
            return
        }
        // The node's group holds its subnodes, its own drawing and its background (a leaf's is
        // left to adopt its drawing's list).
        let capacity = layout.sublayouts.isEmpty ? 0 : layout.sublayouts.count + 2
        try drawNode(
            node, size: size, at: origin, in: context, exportsAnchor: node.exportsAnchor, reservingCapacity: capacity
        ) { context, decoration in
            try drawOwnContent(node, in: context, isRasterizing: isRasterizing, isDecoration: decoration)
            try Self.forEachSublayout(of: node, layout.sublayouts, in: context) { sublayout in
                try display(sublayout, at: sublayout.position, in: context, isRasterizing: isRasterizing)
            }
        }
    }

    /// Calls `body` for each of a node's sublayouts in order; in tagged output a table's rows
    /// are grouped in its THead and TBody on the way.
    fileprivate static func forEachSublayout(
        of node: DisplayNode, _ sublayouts: [Layout], in context: GraphicsContext, _ body: (Layout) throws -> Void
    ) rethrows {
        var sections = TableSections(node, in: context)
        for sublayout in sublayouts {
            sections.enter(sublayout, in: context)
            try body(sublayout)
        }
        sections.finish(in: context)
    }

    /// A node's layer around `contents`, with its link and (when `exportsAnchor`) its anchor.
    /// In tagged output the node's structure element (or artifact) is opened around it all;
    /// `contents` is told whether the node's own drawing is decoration.
    fileprivate func drawNode(
        _ node: DisplayNode, size: Size, at origin: Point, in context: GraphicsContext, exportsAnchor: Bool,
        reservingCapacity: Int = 0, contents: (GraphicsContext, Bool) throws -> Void
    ) throws {
        let tag = StructureTagging.tag(for: node, in: context)
        try StructureTagging.wrap(tag, in: context) { context in
            try LayerPainter.paint(
                node.layer, origin: origin, size: size, in: context, reservingCapacity: reservingCapacity,
                contents: { try contents($0, tag.drawsDecoration) }
            ) { context in
                Self.drawInteractive(node, size: size, exportsAnchor: exportsAnchor, in: context)
            }
        }
    }

    private static func drawInteractive(
        _ node: DisplayNode, size: Size, exportsAnchor: Bool, in context: GraphicsContext
    ) {
        if let link = node.link { context.addLink(Rect(origin: .zero, size: size), to: link) }
        if exportsAnchor, let id = node.identifier { context.addAnchor(id, at: .zero) }
    }

    /// The node's own drawing (its draw routine, or its image, deferred when it may be).
    private func drawOwnContent(
        _ node: DisplayNode, in context: GraphicsContext, isRasterizing: Bool, isDecoration: Bool = false
    ) throws {
        guard let operation = node.makeDrawOperation() else { return }
        if isDecoration, context.recordsStructure {
            // A grouping element's own drawing (a table's grid): decoration.
            return try context.artifact(.layout) { context in
                try drawOwnContent(node, in: context, isRasterizing: isRasterizing)
            }
        }
        if operation.producesImage, !isRasterizing, defersLayers {
            context.append(pending.add(.image(operation, bounds: node.bounds)))
        } else {
            try operation.draw(
                in: context, bounds: node.bounds, isCancelled: options.isCancelled, isRasterizing: isRasterizing)
        }
    }

    /// Texture's shouldRasterizeDescendants: the subtree's surface (background, content,
    /// subnodes, border) is recorded, then flattened into one bitmap at the output scale (reused
    /// from the raster cache when an equal one exists). The layer's group (opacity, shadow,
    /// transform) stays outside the bitmap.
    private func drawRasterized(_ node: DisplayNode, _ layout: Layout, in context: GraphicsContext) throws {
        let recorder = GraphicsContext()
        let size = layout.size
        try LayerPainter.surface(
            node.layer, size: size, in: recorder,
            contents: { context in
                try drawOwnContent(node, in: context, isRasterizing: true)
                for sublayout in layout.sublayouts {
                    try display(sublayout, at: sublayout.position, in: context, isRasterizing: true)
                }
            },
            overlay: { Self.drawInteractive(node, size: size, exportsAnchor: node.exportsAnchor, in: $0) })
        let items = recorder.takeItems()
        // Links and anchors stay live (vector) in PDFs; everything else goes into the bitmap.
        let interactive = items.filter(\.isInteractive)
        let key = RasterCache.Key(items: items, size: size, scale: options.rasterizationScale)
        let job = PendingLayer.rasterize(key, interactive: interactive)
        if defersLayers {
            context.append(pending.add(job))
        } else {
            context.append(contentsOf: try job.display(options: options))
        }
    }
}

extension DisplayListBuilder {
    /// The drawing surface of one ``DisplayListBuilder/record(_:)`` call: only that call makes
    /// one, so whatever is drawn through it is resolved before the items leave the builder.
    struct Recording {
        fileprivate let builder: DisplayListBuilder
        fileprivate let context: GraphicsContext

        /// Draws a laid-out node (its layer, drawing and subnodes) with its top-left corner at
        /// `origin`.
        func display(_ layout: Layout, at origin: Point) throws {
            try builder.display(layout, at: origin, in: context, isRasterizing: false)
        }

        /// Draws a node's layer (and its link, and its anchor when `exportsAnchor`) at `origin`,
        /// with `subnodes` drawing what goes inside instead of the node's own subtree: the part
        /// of a node a page break cuts. The node's own drawing is drawn too.
        func displayFragment(
            _ node: DisplayNode, size: Size, at origin: Point, exportsAnchor: Bool,
            subnodes: (Recording) throws -> Void
        ) throws {
            try builder.options.isCancelled.throwIfCancelled()
            node.bounds = Rect(origin: .zero, size: size)
            try builder.drawNode(node, size: size, at: origin, in: context, exportsAnchor: exportsAnchor) {
                context, decoration in
                try builder.drawOwnContent(node, in: context, isRasterizing: false, isDecoration: decoration)
                try subnodes(Recording(builder: builder, context: context))
            }
        }

        /// Calls `body` for each of a fragment's sublayouts (`DisplayListBuilder.forEachSublayout`).
        func forEachSublayout(of node: DisplayNode, _ sublayouts: [Layout], _ body: (Layout) throws -> Void) rethrows {
            try DisplayListBuilder.forEachSublayout(of: node, sublayouts, in: context, body)
        }

        /// Records what `body` draws as an artifact of `kind` (tagged output): a running header
        /// or footer, a table header repeated on a continuation page.
        func artifact(_ kind: ArtifactKind, _ body: (Recording) throws -> Void) throws {
            try context.artifact(kind) { context in try body(Recording(builder: builder, context: context)) }
        }

        /// Records what `body` draws as one group (`GraphicsContext.withGroup`).
        func withGroup(transform: AffineTransform = .identity, clip: Path? = nil, _ body: (Recording) throws -> Void)
            throws
        {
            try context.withGroup(transform: transform, clip: clip) { context in
                try body(Recording(builder: builder, context: context))
            }
        }
    }
}

extension DisplayItem {
    /// Links and anchors: PDF navigation rather than pixels.
    var isInteractive: Bool {
        switch self {
        case .link, .anchor: true
        default: false
        }
    }
}
