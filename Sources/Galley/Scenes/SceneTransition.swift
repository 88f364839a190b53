import GalleyLayout
import GalleyRender

/// A transition between two scenes — two templates, or two pages — run by a ``TransitionAnimator``: the
/// animator is asked for its duration and its animations once, and the result is a ``LayoutAnimation`` whose
/// progress 0 is exactly the `from` page and progress 1 exactly the `to` page, so a finished transition ends on
/// a frame identical to a static render of `to` and a cancelled one on a frame identical to `from` (when both
/// pages have the same size; otherwise the container is the larger of the two).
///
/// ```swift
/// let transition = try SceneTransition(
///     operation: .push, from: Scene(document: list), to: Scene(document: detail))
/// let middle = transition.frame(at: 0.5)                 // a DisplayPage
/// var timeline = TransitionTimeline(duration: transition.animation.duration)
/// try timeline.update(0.4, at: 0.2)
/// try timeline.cancel()
/// try transition.end(finished: timeline.outcome == .finished)   // the animator's completion runs here
/// ```
public final class SceneTransition {
    /// What the animator saw and asked for.
    public let context: SceneTransitionContext
    /// The frames: tracks for whole scenes, or for shared elements and the scenes' backgrounds.
    public let animation: LayoutAnimation

    /// Runs `animator` from `from` to `to`.
    /// - Parameters:
    ///   - animator: the animator that writes the transition's tracks.
    ///   - from: the scene shown at the start.
    ///   - to: the scene shown at the end.
    ///   - operation: why the scenes change, for the animator to read (nil when not asked through a chooser).
    ///   - isInteractive: whether a ``TransitionTimeline`` interaction drives the progress.
    ///   - options: the display options both pages are drawn with.
    public init(
        from: Scene, to: Scene, animator: any TransitionAnimator, operation: SceneOperation? = nil,
        isInteractive: Bool = false, options: DisplayOptions = DisplayOptions()
    ) throws {
        let context = try SceneTransitionContext(
            from: from, to: to, operation: operation, isInteractive: isInteractive, options: options)
        context.duration = max(0, animator.transitionDuration(using: context))
        animator.animateTransition(using: context)
        self.context = context
        animation = try Self.animation(context)
    }

    /// Asks `chooser` for the animator of `operation` (``StandardTransitions`` when it has none) and runs it.
    public convenience init(
        operation: SceneOperation, from: Scene, to: Scene, chooser: (any TransitionAnimatorChooser)? = nil,
        isInteractive: Bool = false, options: DisplayOptions = DisplayOptions()
    ) throws {
        let animator =
            chooser?.animator(for: operation, from: from, to: to)
            ?? StandardTransitions().animator(for: operation, from: from, to: to)
            ?? FadeAnimator()
        try self.init(
            from: from, to: to, animator: animator, operation: operation, isInteractive: isInteractive,
            options: options)
    }

    /// The page at a progress in [0, 1] (percent-driven).
    public func frame(at progress: Double) -> DisplayPage { animation.frame(at: progress) }

    /// Ends the animation, finished (on `to`) or cancelled (back on `from`): runs the animator's completions
    /// once, which must call `completeTransition` exactly once.
    /// - Throws: ``TransitionError/notCompleted`` when nobody called it, or what a completion threw
    ///   (``TransitionError/alreadyCompleted`` for a second call).
    public func end(finished: Bool) throws {
        try context.end(finished: finished)
    }

    /// The tracks the context's requests make, bottom to top.
    static func animation(_ context: SceneTransitionContext) throws -> LayoutAnimation {
        let size = context.containerSize
        var tracks: [AnimationTrack] = []
        for key in context.zOrder {
            let page = context.page(key)
            let (from, to, timing) = context.sceneAnimation(key)
            if let shared = context.sharedElementTiming {
                // Only the scene's background: its elements are tracks of their own. The `from` background
                // stays under the `to` background fading in, so the frames stay opaque.
                let rest = context.state(for: key)
                tracks.append(
                    AnimationTrack(
                        key: "scene:\(key)", role: .matched, from: key == .to ? rest.withOpacity(0) : rest, to: rest,
                        timing: shared))
                continue
            }
            let content = NodeContent(size: page.size, items: page.items.filter { !$0.isInteractive })
            tracks.append(
                AnimationTrack(
                    key: "scene:\(key)", role: .matched, from: from, to: to, timing: timing, fromContent: content,
                    toContent: content, clipsContent: true))
        }
        if let shared = context.sharedElementTiming {
            let from = context.scene(forKey: .from)
            let to = context.scene(forKey: .to)
            let fromEntries = try CanvasTransition.entries(
                of: from.document, page: from.page, options: context.options, ungroupedPrefix: "from:")
            let toEntries = try CanvasTransition.entries(
                of: to.document, page: to.page, options: context.options, ungroupedPrefix: "to:")
            tracks += CanvasTransition.matchTracks(from: fromEntries, to: toEntries) { $0.transitionTiming ?? shared }
        }
        var start = context.page(.from)
        var end = context.page(.to)
        start.size = size
        end.size = size
        return LayoutAnimation(size: size, background: nil, tracks: tracks, startPage: start, endPage: end)
    }
}
