import GalleyLayout
import GalleyRender

/// Texture's `ASContextTransitioning` plus the virtual-time animation it drives: what changed
/// between the previous and the pending layout of a node, the animations
/// `animateLayoutTransition` asked for, and the percent-driven frames they give.
///
/// ```swift
/// node.state = .expanded
/// let transition = try node.transitionLayout(animated: true)
/// let middle = try transition.frame(at: 0.5)      // a DisplayPage
/// try transition.finish()                          // or cancel(): back to the start
/// ```
public final class LayoutTransitionContext {
    public enum Key: Sendable {
        case from, to
    }

    /// The node whose layout transitions.
    public let node: DisplayNode
    public let transitionID: UInt64
    public let previousLayout: Layout
    public let pendingLayout: Layout
    /// Whether the transition was asked to animate; not animated, the animation hooks still run.
    public let isAnimated: Bool
    /// The diff of the previous and pending subnodes (by node identity).
    public let diff: SubnodeDiff
    public let insertedSubnodes: [DisplayNode]
    public let removedSubnodes: [DisplayNode]
    /// Whether `completeTransition` was called, and with what.
    public var isCompleted: Bool { completion.isCompleted }
    public var didComplete: Bool { completion.didComplete }
    /// Whether the animation ended (``finish()`` or ``cancel()``).
    public var hasEnded: Bool { completion.hasEnded }

    private let fromNodes: [DisplayNode]
    private let toNodes: [DisplayNode]
    private var initialFrames: [ObjectIdentifier: Rect] = [:]
    private var finalFrames: [ObjectIdentifier: Rect] = [:]
    private var sublayouts: [ObjectIdentifier: Layout] = [:]
    private var tracks: [AnimationTrack] = []
    private var completion = TransitionCompletion()
    private var animation: LayoutAnimation?

    init(node: DisplayNode, id: UInt64, previousLayout: Layout, pendingLayout: Layout, isAnimated: Bool) {
        self.node = node
        transitionID = id
        self.previousLayout = previousLayout
        self.pendingLayout = pendingLayout
        self.isAnimated = isAnimated
        fromNodes = previousLayout.sublayouts.compactMap { $0.element as? DisplayNode }
        toNodes = pendingLayout.sublayouts.compactMap { $0.element as? DisplayNode }
        for sublayout in previousLayout.sublayouts {
            guard let node = sublayout.element as? DisplayNode else { continue }
            initialFrames[ObjectIdentifier(node)] = sublayout.frame
            sublayouts[ObjectIdentifier(node)] = sublayout
        }
        for sublayout in pendingLayout.sublayouts {
            guard let node = sublayout.element as? DisplayNode else { continue }
            finalFrames[ObjectIdentifier(node)] = sublayout.frame
            sublayouts[ObjectIdentifier(node)] = sublayout
        }
        let diff = SubnodeDiff(old: fromNodes.map(ObjectIdentifier.init), new: toNodes.map(ObjectIdentifier.init))
        self.diff = diff
        insertedSubnodes = diff.insertions.map { [toNodes] in toNodes[$0] }
        removedSubnodes = diff.removals.map { [fromNodes] in fromNodes[$0] }
    }

    /// The node's frame in the previous layout; nil for inserted nodes.
    public func initialFrame(for node: DisplayNode) -> Rect? { initialFrames[ObjectIdentifier(node)] }

    /// The node's frame in the pending layout; nil for removed nodes.
    public func finalFrame(for node: DisplayNode) -> Rect? { finalFrames[ObjectIdentifier(node)] }

    /// The subnodes of the previous (`.from`) or pending (`.to`) layout, in order.
    public func subnodes(forKey key: Key) -> [DisplayNode] { key == .from ? fromNodes : toNodes }

    /// Whether a newer transition or `cancelLayoutTransition()` superseded this one.
    public var isCancelled: Bool { !node.layoutTransitionState.isCurrent(transitionID) }

    /// Animates a subnode (frames in the transitioning node's coordinates) — the virtual-time
    /// `UIView.animate`. A later call for the same node replaces the earlier one.
    public func animate(
        _ subnode: DisplayNode, from: AnimatableState, to: AnimatableState, timing: AnimationTiming? = nil
    ) {
        let key = Self.key(subnode)
        let role: AnimationTrack.Role =
            finalFrame(for: subnode) == nil ? .removed : (initialFrame(for: subnode) == nil ? .inserted : .matched)
        let track = AnimationTrack(
            key: key, role: role, from: from, to: to,
            timing: timing ?? subnode.transitionTiming ?? node.layoutTransitionState.defaultTiming)
        tracks.removeAll { $0.key == key }
        tracks.append(track)
        animation = nil
    }

    /// Runs when the animation ends: `true` from ``finish()``, `false` from ``cancel()``. The
    /// default animation completes the transition here.
    public func addCompletion(_ completion: @escaping (Bool) -> Void) {
        self.completion.add(completion)
    }

    /// Texture's `completeTransition:`, exactly once: makes the pending layout the calculated
    /// one (or, with `false`, restores the previous) through `didCompleteLayoutTransition`.
    public func completeTransition(_ didComplete: Bool) throws(TransitionError) {
        try completion.complete(didComplete)
        guard !isCancelled else { return }
        node.didCompleteLayoutTransition(self)
    }

    /// The tracks asked for so far.
    public var animationTracks: [AnimationTrack] { tracks }

    /// Ends the animation at its end: completions run with `true`. Throws `.notCompleted` when
    /// nobody called `completeTransition`.
    public func finish() throws(TransitionError) { try end(finished: true) }

    /// Ends the animation back at its start: completions run with `false`.
    public func cancel() throws(TransitionError) { try end(finished: false) }

    private func end(finished: Bool) throws(TransitionError) {
        guard !hasEnded else { return }
        // The completions added here do not throw (`addCompletion` takes non-throwing closures).
        for pending in completion.end(finished: finished) { try? pending(finished) }
        if !isCompleted { throw .notCompleted }
    }

    /// The animation as a surface: the transitioning node's own drawing, then each animated
    /// subnode's subtree scaled to its animated frame.
    public func layoutAnimation(options: DisplayOptions = DisplayOptions()) throws -> LayoutAnimation {
        if let animation { return animation }
        let builder = DisplayListBuilder(options: options)
        let start = try builder.items(for: previousLayout)
        let end = try builder.items(for: pendingLayout)
        let size = Size(
            width: max(previousLayout.size.width, pendingLayout.size.width),
            height: max(previousLayout.size.height, pendingLayout.size.height))
        var all: [AnimationTrack] = []
        let root = node
        let timing = tracks.first?.timing ?? root.layoutTransitionState.defaultTiming
        all.append(
            AnimationTrack(
                key: "root", role: .matched,
                from: AnimatableState(layer: root.layer, frame: Rect(origin: .zero, size: previousLayout.size)),
                to: AnimatableState(layer: root.layer, frame: Rect(origin: .zero, size: pendingLayout.size)),
                timing: timing,
                toContent: try CanvasTransition.Walker.content(of: root, size: pendingLayout.size, options: options),
                border: Self.border(root.layer)))
        // Tracks in z-order: removed nodes under the rest, then the pending order.
        let order = removedSubnodes + toNodes
        for subnode in order {
            guard let track = tracks.first(where: { $0.key == Self.key(subnode) }) ?? stillTrack(subnode),
                let layout = sublayouts[ObjectIdentifier(subnode)]
            else { continue }
            var filled = track
            filled.toContent = try subtreeContent(subnode, layout, builder: builder)
            filled.border = Self.border(subnode.layer)
            all.append(filled)
        }
        let result = LayoutAnimation(
            size: size, background: nil, tracks: all, startPage: DisplayPage(size: size, items: start),
            endPage: DisplayPage(size: size, items: end))
        animation = result
        return result
    }

    /// The page at a progress in [0, 1] (percent-driven); 0 is the previous layout, 1 the pending.
    public func frame(at progress: Double, options: DisplayOptions = DisplayOptions()) throws -> DisplayPage {
        if isCancelled { throw TransitionError.cancelled }
        return try layoutAnimation(options: options).frame(at: progress)
    }

    /// A subnode nobody animated stays at its final (or initial) frame.
    private func stillTrack(_ subnode: DisplayNode) -> AnimationTrack? {
        guard let frame = finalFrame(for: subnode) ?? initialFrame(for: subnode) else { return nil }
        let state = AnimatableState(layer: subnode.layer, frame: frame)
        return AnimationTrack(
            key: Self.key(subnode), role: .matched, from: state, to: state, timing: AnimationTiming(duration: 0))
    }

    /// The subnode's subtree drawn at the origin without its own background, border, opacity
    /// and transform (the track animates those).
    private func subtreeContent(_ subnode: DisplayNode, _ layout: Layout, builder: DisplayListBuilder) throws
        -> NodeContent
    {
        let saved = subnode.layer
        var bare = saved
        bare.backgroundColor = nil
        bare.opacity = 1
        bare.transform = .identity
        bare.borderWidth = 0
        bare.shadow = nil
        subnode.layer = bare
        defer { subnode.layer = saved }
        let placed = Layout(element: subnode, size: layout.size, sublayouts: layout.sublayouts)
        let items = try builder.record { try $0.display(placed, at: .zero) }
        return NodeContent(size: layout.size, items: items.filter { !$0.isInteractive })
    }

    static func key(_ node: DisplayNode) -> String { "node:\(ObjectIdentifier(node).hashValue)" }

    static func border(_ layer: LayerProperties) -> TrackBorder? {
        layer.hasBorder ? TrackBorder(width: layer.borderWidth, color: layer.borderColor) : nil
    }
}
