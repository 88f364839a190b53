import GalleyLayout
import GalleyRender

/// A node's own drawing, recorded once at the size it was laid out at; an animation scales it
/// to the animated frame.
public struct NodeContent: Hashable, Sendable {
    public var size: Size
    public var items: [DisplayItem]

    public init(size: Size, items: [DisplayItem]) {
        self.size = size
        self.items = items
    }
}

/// A border drawn inside a node's animated bounds.
public struct TrackBorder: Hashable, Sendable {
    public var width: Double
    public var color: Color
}

/// One animated node: its state at the start and the end, its timing, and what it draws.
public struct AnimationTrack: Sendable {
    public enum Role: String, Hashable, Sendable {
        /// In both states: moved / resized / recoloured.
        case matched
        /// Only in the final state: fades in at its final frame (by default).
        case inserted
        /// Only in the initial state: fades out at its initial frame (by default).
        case removed
    }

    /// Names the node across states: the template `id` (or its place under the nearest
    /// identified ancestor), or a node's object identity for layout transitions.
    public var key: String
    public var role: Role
    /// The state at the start; its frame is relative to the parent track's frame when ``parent`` is set,
    /// else in page coordinates.
    public var from: AnimatableState
    /// The state at the end, in the same coordinates as ``from``.
    public var to: AnimatableState
    public var timing: AnimationTiming
    /// What the node draws in the initial and final state; drawn cross-faded when they differ.
    public var fromContent: NodeContent?
    public var toContent: NodeContent?
    public var border: TrackBorder?
    /// Whether the node's layer clips its content and the tracks drawn inside it to its (animated, rounded)
    /// bounds.
    public var clipsContent: Bool
    /// The key of the track whose layer this one is drawn in (its transform, clip and opacity apply), or nil
    /// for a track drawn on the page itself.
    public var parent: String?
    var contentChanges: Bool

    public init(
        key: String, role: Role, from: AnimatableState, to: AnimatableState, timing: AnimationTiming,
        fromContent: NodeContent? = nil, toContent: NodeContent? = nil, border: TrackBorder? = nil,
        clipsContent: Bool = false, parent: String? = nil
    ) {
        self.key = key
        self.role = role
        self.from = from
        self.to = to
        self.timing = timing
        self.fromContent = fromContent
        self.toContent = toContent
        self.border = border
        self.clipsContent = clipsContent
        self.parent = parent
        contentChanges = fromContent != nil && toContent != nil && fromContent != toContent
    }

    /// The node's state `time` seconds into the animation (its frame in ``from``'s coordinates).
    public func state(at time: Double) -> AnimatableState {
        AnimatableState.interpolate(from, to, timing.fraction(at: time))
    }
}

/// A sampled, virtual-time animation of one surface: the exact start and end pages, and tracks
/// that are interpolated in between. Percent-driven: ``frame(at:)`` gives the page at any
/// progress in [0, 1]; progress 0 is exactly ``startPage`` and progress 1 exactly ``endPage``.
public struct LayoutAnimation: Sendable {
    public var size: Size
    public var background: Color?
    public var tracks: [AnimationTrack]
    public var startPage: DisplayPage
    public var endPage: DisplayPage

    public init(size: Size, background: Color?, tracks: [AnimationTrack], startPage: DisplayPage, endPage: DisplayPage)
    {
        self.size = size
        self.background = background
        self.tracks = tracks
        self.startPage = startPage
        self.endPage = endPage
    }

    /// Seconds from the first track's start to the last track's end.
    public var duration: Double { tracks.map(\.timing.end).max() ?? 0 }

    /// The animation time at a progress in [0, 1].
    public func time(at progress: Double) -> Double { min(max(progress, 0), 1) * duration }

    /// Every track's state at a progress, by key, with its frame in page coordinates (a track drawn in a
    /// parent's layer is offset by its ancestors' animated origins).
    public func states(at progress: Double) -> [String: AnimatableState] {
        let time = time(at: progress)
        let indices = Dictionary(tracks.indices.map { (tracks[$0].key, $0) }) { first, _ in first }
        var result: [String: AnimatableState] = [:]
        func absolute(_ index: Int, depth: Int) -> AnimatableState {
            let track = tracks[index]
            if let known = result[track.key] { return known }
            var state = track.state(at: time)
            if depth < tracks.count, let parent = track.parent.flatMap({ indices[$0] }) {
                let origin = absolute(parent, depth: depth + 1).frame.origin
                state.frame.origin = Point(x: origin.x + state.frame.minX, y: origin.y + state.frame.minY)
            }
            result[track.key] = state
            return state
        }
        for index in tracks.indices { _ = absolute(index, depth: 0) }
        return result
    }

    /// The page at `progress` (clamped to [0, 1]).
    public func frame(at progress: Double) -> DisplayPage {
        if progress <= 0 { return startPage }
        if progress >= 1 { return endPage }
        let time = time(at: progress)
        let context = GraphicsContext()
        let tree = TrackTree(tracks)
        for root in tree.roots { draw(root, tree, at: time, in: context) }
        return DisplayPage(size: size, items: context.takeItems(), background: background)
    }

    /// The pages of the animation simply played, sampled at `fps` frames per second (both ends included:
    /// `round(duration × fps) + 1` frames, at least two); ``TransitionTimeline`` samples interactions.
    public func frames(fps: Double) -> [DisplayPage] {
        TransitionTimeline.playing(duration: duration).sampledProgress(fps: fps).map(frame(at:))
    }

    /// Draws a track's node at its state `time` seconds in: its animated layer through the
    /// same `LayerPainter` static pages use (shadow, opacity, transform, background, clip,
    /// border), its content scaled to the animated frame (cross-faded when it changed), then the
    /// tracks drawn inside its layer.
    private func draw(_ index: Int, _ tree: TrackTree, at time: Double, in context: GraphicsContext) {
        let track = tracks[index]
        let state = track.state(at: time)
        var layer = LayerProperties()
        layer.opacity = state.opacity
        layer.backgroundColor = state.backgroundColor
        layer.cornerRadii = state.cornerRadii
        layer.transform = state.transform.affine
        layer.shadow = state.shadow
        layer.clipsToBounds = track.clipsContent
        if let border = track.border {
            layer.borderWidth = border.width
            layer.borderColor = border.color
        }
        let frame = state.frame
        let bounds = Rect(origin: .zero, size: frame.size)
        LayerPainter.paint(layer, origin: frame.origin, size: frame.size, in: context) { context in
            if track.contentChanges, let from = track.fromContent, let to = track.toContent {
                let fraction = min(max(track.timing.fraction(at: time), 0), 1)
                drawContent(from, in: bounds, opacity: 1 - fraction, context: context)
                drawContent(to, in: bounds, opacity: fraction, context: context)
            } else if let content = track.toContent ?? track.fromContent {
                drawContent(content, in: bounds, opacity: 1, context: context)
            }
            for child in tree.children[index] { draw(child, tree, at: time, in: context) }
        }
    }

    private func drawContent(_ content: NodeContent, in bounds: Rect, opacity: Double, context: GraphicsContext) {
        guard opacity > 0, !content.items.isEmpty else { return }
        let sx = content.size.width > 0 ? bounds.width / content.size.width : 1
        let sy = content.size.height > 0 ? bounds.height / content.size.height : 1
        context.withGroup(transform: .scale(x: sx, y: sy), opacity: opacity) { context in
            context.append(contentsOf: content.items)
        }
    }
}

/// Which tracks are drawn inside which: a track whose parent key names another track is drawn in that
/// track's layer, in track order; the others are roots, drawn on the page in track order.
struct TrackTree {
    var roots: [Int] = []
    var children: [[Int]]

    init(_ tracks: [AnimationTrack]) {
        children = Array(repeating: [], count: tracks.count)
        let indices = Dictionary(tracks.indices.map { (tracks[$0].key, $0) }) { first, _ in first }
        for index in tracks.indices {
            // A parent must come from another key; a cycle (impossible from a layout) would draw nothing.
            if let key = tracks[index].parent, let parent = indices[key], parent != index {
                children[parent].append(index)
            } else {
                roots.append(index)
            }
        }
    }
}
