import GalleyLayout
import GalleyRender

/// Animates between two documents bound from the same template with different data (state A
/// and state B) — a canvas, or one page of a paged document: nodes are matched across the two
/// by their template `id` and animated from their frame and layer in A to those in B; nodes
/// only in B fade in, nodes only in A fade out.
///
/// Matching: a node with an `identifier` is keyed `#id` (a repeated id gets `#id@2`, `#id@3`…
/// in tree order). A node without one is keyed by its place under its nearest identified
/// ancestor: that ancestor's key, its type name and its index among that ancestor's
/// unidentified descendants of the same type in tree order (`#card-3/text[1]`). So the parts
/// of a card move with the card when cards are reordered.
///
/// Frames in between are drawn flat: each node's own drawing (recorded at its laid-out size)
/// is scaled from its initial to its final frame, with the animated background, corner radius,
/// shadow, opacity (its ancestors' opacity multiplied in) and transform, drawn by the same
/// `LayerPainter` as static pages; clips of ancestors and transforms of ancestors are not
/// applied in between. Progress 0 is exactly A's display list
/// and progress 1 exactly B's, so the first and last frames equal static renders.
public enum CanvasTransition {
    /// One drawn node of a canvas, with its key and its absolute state.
    public struct Entry {
        public let key: String
        public let node: DisplayNode
        public let state: AnimatableState
        let content: NodeContent?
        let border: TrackBorder?
        /// Whether the node's layer clips its content (the content is recorded unclipped).
        let clipsContent: Bool
    }

    /// Builds the animation from page `page` of `from` to the same page of `to`.
    /// - Parameters:
    ///   - from: the document of the initial state (bound with data A).
    ///   - to: the document of the final state (the same template bound with data B).
    ///   - page: the page (0-based) animated; a canvas has only page 0.
    ///   - timing: the timing of every node unless `timingForNode` gives one.
    ///   - timingForNode: a per-node override (e.g. a template element's `transition` key),
    ///     asked for the final node (the initial one for removed nodes).
    ///   - options: the display options both canvases and each node's content are drawn with.
    public static func animation(
        from: any Document, to: any Document, page: Int = 0, timing: AnimationTiming = .default,
        options: DisplayOptions = DisplayOptions(), timingForNode: ((DisplayNode) -> AnimationTiming?)? = nil
    ) throws -> LayoutAnimation {
        var startPage = try from.displayPage(page, options: options)
        var endPage = try to.displayPage(page, options: options)
        startPage.background = startPage.background ?? from.paper
        endPage.background = endPage.background ?? to.paper
        let fromEntries = try entries(of: from, page: page, options: options)
        let toEntries = try entries(of: to, page: page, options: options)
        let tracks = matchTracks(from: fromEntries, to: toEntries) { node in
            timingForNode?(node) ?? node.transitionTiming ?? timing
        }
        let size = Size(
            width: max(startPage.size.width, endPage.size.width),
            height: max(startPage.size.height, endPage.size.height))
        startPage.size = size
        endPage.size = size
        return LayoutAnimation(
            size: size, background: endPage.background ?? startPage.background, tracks: tracks, startPage: startPage,
            endPage: endPage)
    }

    /// Pairs entries by key into tracks: removed nodes first (under the others), then B's nodes
    /// in B's drawing order.
    static func matchTracks(
        from: [Entry], to: [Entry], timing: (DisplayNode) -> AnimationTiming
    ) -> [AnimationTrack] {
        var fromByKey: [String: Entry] = [:]
        for entry in from { fromByKey[entry.key] = entry }
        let toKeys = Set(to.map(\.key))
        var tracks: [AnimationTrack] = []
        tracks.reserveCapacity(from.count + to.count)
        for entry in from where !toKeys.contains(entry.key) {
            tracks.append(
                AnimationTrack(
                    key: entry.key, role: .removed, from: entry.state, to: entry.state.withOpacity(0),
                    timing: timing(entry.node), fromContent: entry.content, border: entry.border,
                    clipsContent: entry.clipsContent))
        }
        for entry in to {
            if let old = fromByKey[entry.key] {
                tracks.append(
                    AnimationTrack(
                        key: entry.key, role: .matched, from: old.state, to: entry.state, timing: timing(entry.node),
                        fromContent: old.content, toContent: entry.content, border: entry.border ?? old.border,
                        clipsContent: entry.clipsContent))
            } else {
                tracks.append(
                    AnimationTrack(
                        key: entry.key, role: .inserted, from: entry.state.withOpacity(0), to: entry.state,
                        timing: timing(entry.node), toContent: entry.content, border: entry.border,
                        clipsContent: entry.clipsContent))
            }
        }
        return tracks
    }

    /// The drawn nodes of a document's page in drawing order, keyed for matching, with frames
    /// in page coordinates.
    public static func entries(of document: any Document, page: Int = 0, options: DisplayOptions = DisplayOptions())
        throws -> [Entry]
    {
        var walker = Walker(options: options)
        try walker.walk(try document.pageLayout(page), origin: .zero, opacity: 1, scope: "")
        return walker.entries
    }

    struct Walker {
        let options: DisplayOptions
        var entries: [Entry] = []
        var idCounts: [String: Int] = [:]
        var positional: [String: Int] = [:]

        init(options: DisplayOptions) {
            self.options = options
        }

        mutating func walk(_ layout: Layout, origin: Point, opacity: Double, scope: String) throws {
            guard let node = layout.element as? DisplayNode else { return }
            let key: String
            if let id = node.identifier {
                let count = (idCounts[id] ?? 0) + 1
                idCounts[id] = count
                key = count == 1 ? "#" + id : "#\(id)@\(count)"
            } else {
                let slot = scope + "/" + node.typeName
                let index = positional[slot] ?? 0
                positional[slot] = index + 1
                key = "\(slot)[\(index)]"
            }
            let frame = Rect(origin: origin, size: layout.size)
            let state = AnimatableState(layer: node.layer, frame: frame, inheritedOpacity: opacity)
            let layer = node.layer
            entries.append(
                Entry(
                    key: key, node: node, state: state,
                    content: try Self.content(of: node, size: layout.size, options: options),
                    border: layer.hasBorder ? TrackBorder(width: layer.borderWidth, color: layer.borderColor) : nil,
                    clipsContent: layer.clipsToBounds))
            let childScope = node.identifier != nil ? key : scope
            for sublayout in layout.sublayouts {
                let position = sublayout.frame.origin
                try walk(
                    sublayout, origin: Point(x: origin.x + position.x, y: origin.y + position.y),
                    opacity: opacity * layer.opacity, scope: childScope)
            }
        }

        /// The node's own drawing (no layer, no subnodes); the animated layer clips it when the
        /// node's layer clips (`AnimationTrack.clipsContent`).
        static func content(of node: DisplayNode, size: Size, options: DisplayOptions) throws -> NodeContent? {
            guard let operation = node.makeDrawOperationForAnimation(size: size) else { return nil }
            let bounds = Rect(origin: .zero, size: size)
            let context = GraphicsContext()
            try operation.draw(in: context, bounds: bounds, isCancelled: options.isCancelled, isRasterizing: false)
            let items = context.takeItems().filter { !$0.isInteractive }
            return items.isEmpty ? nil : NodeContent(size: size, items: items)
        }
    }
}

extension DisplayNode {
    /// Sets the bounds the drawing snapshot reads, then snapshots it.
    func makeDrawOperationForAnimation(size: Size) -> DrawOperation? {
        bounds = Rect(origin: .zero, size: size)
        return makeDrawOperation()
    }
}
