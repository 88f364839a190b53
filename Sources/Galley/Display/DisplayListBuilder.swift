import GalleyLayout
import GalleyRender

/// Turns a laid-out node tree into display items: each node's layer (background, border,
/// clip, opacity, shadow, transform), its snapshotted drawing, then its subnodes, in z-order.
///
/// Runs on the task that owns the nodes (it reads them to snapshot draw parameters); the draw
/// routines it calls touch only their parameters. Rasterized subtrees become single images.
///
/// Independent layers — rasterized subtrees and image-displaying nodes — are not displayed
/// where they are met: the builder snapshots their work (recorded items, a `DrawOperation`),
/// leaves a placeholder, and after the walk displays all of them at once on up to
/// `options.maxConcurrentLayers` worker threads, splicing each result back at its placeholder,
/// so z-order and the resulting display list are exactly those of displaying them in order.
public struct DisplayListBuilder {
    public let options: DisplayOptions
    private let pending = PendingLayers()

    public init(options: DisplayOptions) {
        self.options = options
    }

    /// The items of a root layout's subnodes (the root node itself is the page: its layer
    /// is drawn too, at the origin).
    public func items(for rootLayout: Layout) throws -> [DisplayItem] {
        let context = GraphicsContext()
        pending.reset()
        try display(rootLayout, at: .zero, in: context, isRasterizing: false)
        let items = context.takeItems()
        try options.isCancelled.throwIfCancelled()
        let jobs = pending.take()
        guard !jobs.isEmpty else { return items }
        let results = try ConcurrentLayers.run(jobs, options: options)
        return ConcurrentLayers.splice(results, into: items)
    }

    /// Whether independent layers are deferred to the concurrent pass (else drawn inline).
    private var defersLayers: Bool { options.maxConcurrentLayers > 1 }

    func display(_ layout: Layout, at origin: Point, in context: GraphicsContext, isRasterizing: Bool) throws {
        try options.isCancelled.throwIfCancelled()
        guard let node = layout.element as? DisplayNode else { return }
        let bounds = Rect(origin: .zero, size: layout.size)
        node.bounds = bounds
        let layer = node.layer
        guard layer.opacity > 0 else { return }
        try context.withGroup(
            transform: transform(for: layer, origin: origin, size: layout.size),
            opacity: layer.opacity, shadow: layer.shadow
        ) { context in
            if layer.rasterizesSubtree && !isRasterizing {
                try drawRasterized(node, layout, bounds: bounds, in: context)
            } else {
                try drawContents(node, layout, bounds: bounds, in: context, isRasterizing: isRasterizing)
            }
        }
    }

    /// Background, content, subnodes (clipped when asked), border, link and anchor.
    private func drawContents(
        _ node: DisplayNode, _ layout: Layout, bounds: Rect, in context: GraphicsContext, isRasterizing: Bool
    ) throws {
        let layer = node.layer
        if let background = layer.backgroundColor {
            context.fill(Path(roundedRect: bounds, cornerRadius: layer.cornerRadius), color: background)
        }
        let clip = layer.clipsToBounds ? Path(roundedRect: bounds, cornerRadius: layer.cornerRadius) : nil
        try context.withGroup(clip: clip) { context in
            if let operation = node.makeDrawOperation() {
                if operation.producesImage, !isRasterizing, defersLayers {
                    context.append(pending.add(.image(operation, bounds: bounds)))
                } else {
                    try operation.draw(
                        in: context, bounds: bounds, isCancelled: options.isCancelled, isRasterizing: isRasterizing)
                }
            }
            for sublayout in layout.sublayouts {
                try display(sublayout, at: sublayout.position, in: context, isRasterizing: isRasterizing)
            }
        }
        if layer.hasBorder {
            // Core Animation draws the border inside the bounds.
            let inset = layer.borderWidth / 2
            let rect = Rect(
                x: inset, y: inset, width: max(0, bounds.width - layer.borderWidth),
                height: max(0, bounds.height - layer.borderWidth))
            context.stroke(
                Path(roundedRect: rect, cornerRadius: max(0, layer.cornerRadius - inset)),
                color: layer.borderColor, lineWidth: layer.borderWidth)
        }
        if let link = node.link { context.addLink(bounds, to: link) }
        if node.exportsAnchor, let id = node.identifier { context.addAnchor(id, at: .zero) }
    }

    /// Texture's shouldRasterizeDescendants: the subtree is recorded, then flattened into one
    /// bitmap at the output scale (reused from the raster cache when an equal one exists).
    private func drawRasterized(_ node: DisplayNode, _ layout: Layout, bounds: Rect, in context: GraphicsContext) throws
    {
        let recorder = GraphicsContext()
        try drawContents(node, layout, bounds: bounds, in: recorder, isRasterizing: true)
        let items = recorder.takeItems()
        // Links and anchors stay live (vector) in PDFs; everything else goes into the bitmap.
        let interactive = items.filter(\.isInteractive)
        let key = RasterCache.Key(items: items, size: bounds.size, scale: options.rasterizationScale)
        let job = PendingLayer.rasterize(key, interactive: interactive)
        if defersLayers {
            context.append(pending.add(job))
        } else {
            context.append(contentsOf: try job.display(options: options))
        }
    }

    private func transform(for layer: LayerProperties, origin: Point, size: Size) -> AffineTransform {
        let translation = AffineTransform.translation(x: origin.x, y: origin.y)
        guard !layer.transform.isIdentity else { return translation }
        // Core Animation transforms about the layer's centre (anchor point 0.5, 0.5).
        let cx = size.width / 2
        let cy = size.height / 2
        return AffineTransform.translation(x: -cx, y: -cy)
            .concatenating(layer.transform)
            .concatenating(.translation(x: cx, y: cy))
            .concatenating(translation)
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
