import GalleyLayout
import GalleyRender

/// Animates between two documents — the same template bound with two records (state A and state B), or two
/// templates (the scenes of a `zoom` transition) — one page of each: nodes are matched across the two by their
/// template `id` and animated from their frame and layer in A to those in B; nodes only in B fade in, nodes
/// only in A fade out.
///
/// Matching: a node with an `identifier` is keyed `#id` (a repeated id gets `#id@2`, `#id@3`… in tree order).
/// A node without one is keyed by its place in a group: its nearest identified ancestor node, or the nearest
/// identified layout spec inside that (`DisplayNode.transitionGroup`, from a template stack's `id`), by its
/// type name and its index among the group's unidentified nodes of that type in tree order
/// (`#card-3/text[1]`). So the parts of a card, or the texts of a row, move with it when rows are reordered.
/// Unidentified nodes outside any group are matched by position too when `matchesUngroupedNodes` is true (two
/// states of one template), never across two different templates.
///
/// Between the ends every node is drawn inside its parent's layer, as on a static page, when the parent is
/// the same node in both states: ancestors' transforms, clips and opacity apply to it, and its frame is
/// interpolated relative to its parent (so it travels with the parent). A node that changes parent is drawn
/// on its own at its absolute frame, with its ancestors' opacity multiplied in. A node inserted inside an
/// inserted parent (or removed inside a removed one) fades with its parent, not again by itself. Each node's
/// own drawing (recorded at its laid-out size) is scaled to its animated frame and cross-faded when it
/// changed; its background, corner radii, border, shadow, opacity and transform are interpolated and drawn by
/// the same `LayerPainter` as static pages. Progress 0 is exactly A's display list and progress 1 exactly
/// B's, so the first and last frames equal static renders.
public enum CanvasTransition {
    /// One drawn node of a page, with its key and its absolute state.
    public struct Entry {
        /// The node's matching key (`#id`, `#group/text[0]`).
        public let key: String
        /// The node.
        public let node: DisplayNode
        /// Its layer at its absolute frame, with its own opacity.
        public let state: AnimatableState
        /// The key of the nearest drawn ancestor, nil for the page's root node.
        public let parent: String?
        /// The product of the ancestors' opacities.
        public let inheritedOpacity: Double
        let content: NodeContent?
        let border: TrackBorder?
        /// Whether the node's layer clips its content and subnodes.
        let clipsContent: Bool
    }

    /// Builds the animation from page `page` of `from` to the same page of `to`.
    /// - Parameters:
    ///   - from: the document of the initial state (bound with data A).
    ///   - to: the document of the final state (the same template bound with data B, or another template).
    ///   - page: the page (0-based) animated; a canvas has only page 0.
    ///   - timing: the timing of every node unless `timingForNode` gives one.
    ///   - options: the display options both pages and each node's content are drawn with.
    ///   - matchesUngroupedNodes: whether unidentified nodes outside any identified group match by position
    ///     (true for two states of one template; false for two templates, where only ids match).
    ///   - timingForNode: a per-node override (e.g. a template element's `transition` key),
    ///     asked for the final node (the initial one for removed nodes).
    public static func animation(
        from: any Document, to: any Document, page: Int = 0, timing: AnimationTiming = .default,
        options: DisplayOptions = DisplayOptions(), matchesUngroupedNodes: Bool = true,
        timingForNode: ((DisplayNode) -> AnimationTiming?)? = nil
    ) throws -> LayoutAnimation {
        var startPage = try from.displayPage(page, options: options)
        var endPage = try to.displayPage(page, options: options)
        startPage.background = startPage.background ?? from.paper
        endPage.background = endPage.background ?? to.paper
        let fromEntries = try entries(
            of: from, page: page, options: options, ungroupedPrefix: matchesUngroupedNodes ? "" : "A:")
        let toEntries = try entries(
            of: to, page: page, options: options, ungroupedPrefix: matchesUngroupedNodes ? "" : "B:")
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

    /// The drawn nodes of a document's page in drawing order, keyed for matching, with frames in page
    /// coordinates.
    /// - Parameters:
    ///   - document: the document whose page is walked.
    ///   - page: the page's index (0-based).
    ///   - options: the display options the page is drawn with.
    ///   - ungroupedPrefix: put before the keys of unidentified nodes outside any group, so two
    ///     documents given different prefixes never match such nodes.
    public static func entries(
        of document: any Document, page: Int = 0, options: DisplayOptions = DisplayOptions(),
        ungroupedPrefix: String = ""
    ) throws -> [Entry] {
        var walker = Walker(options: options, ungroupedPrefix: ungroupedPrefix)
        try walker.walk(try document.pageLayout(page), origin: .zero, opacity: 1, scope: "", parent: nil)
        return walker.entries
    }
}
