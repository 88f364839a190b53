import GalleyLayout
import GalleyRender

/// What a ``TransitionAnimator`` works with (UIKit's `UIViewControllerContextTransitioning`): the container's
/// size, the two scenes, their initial and final frames, the virtual-time animations it asks for, and
/// `completeTransition(_:)`, which must be called exactly once.
///
/// Both scenes are in the container for the whole transition, the `to` scene above the `from` scene unless
/// ``zOrder`` says otherwise; a scene nobody animates stays at its natural state (``state(for:)``: the
/// container's top-left corner, its own size, its page background). An animator either moves whole scenes
/// (``animate(_:from:to:timing:)``: frame, opacity, transform, corner radii, shadow — drawn by the same layer
/// painter as every page, the scene's picture scaled to its frame) or flies the elements the two scenes share
/// by `id` (``animateSharedElements(timing:)``).
public final class SceneTransitionContext {
    /// Which scene.
    public enum Key: String, Sendable, CaseIterable {
        /// The scene shown before the transition.
        case from
        /// The scene shown after it.
        case to
    }

    /// The container's size: the larger of the two pages on each axis.
    public let containerSize: Size
    /// Why the scenes change, when a chooser was asked (nil for an animator given directly).
    public let operation: SceneOperation?
    /// The animator's duration in seconds: the default timing's.
    public internal(set) var duration: Double = 0.35
    /// Bottom to top; ``SlideAnimator`` puts `from` on top when it pops.
    public var zOrder: [Key] = [.from, .to]
    /// Whether an interaction drives the progress (``TransitionTimeline``).
    public let isInteractive: Bool

    private let fromScene: Scene
    private let toScene: Scene
    let fromPage: DisplayPage
    let toPage: DisplayPage
    let options: DisplayOptions
    private var sceneAnimations: [Key: (from: AnimatableState, to: AnimatableState, timing: AnimationTiming)] = [:]
    private(set) var sharedElementTiming: AnimationTiming?
    private var completion = TransitionCompletion()
    private var elementFrameCache: [Key: [String: Rect]] = [:]

    init(from: Scene, to: Scene, operation: SceneOperation?, isInteractive: Bool, options: DisplayOptions) throws {
        fromScene = from
        toScene = to
        fromPage = try from.displayPage(options: options)
        toPage = try to.displayPage(options: options)
        containerSize = Size(
            width: max(fromPage.size.width, toPage.size.width), height: max(fromPage.size.height, toPage.size.height))
        self.operation = operation
        self.isInteractive = isInteractive
        self.options = options
    }

    /// The scene for a key.
    public func scene(forKey key: Key) -> Scene { key == .from ? fromScene : toScene }

    /// The scene's page as drawn (its background set).
    func page(_ key: Key) -> DisplayPage { key == .from ? fromPage : toPage }

    /// The scene's frame when the transition begins: the container's top-left corner at its page size for
    /// `from`, nil (not yet placed) for `to`.
    public func initialFrame(for key: Key) -> Rect? { key == .from ? naturalFrame(key) : nil }

    /// The scene's frame when the transition ends: its page at the container's top-left corner for `to`, nil
    /// (gone) for `from`.
    public func finalFrame(for key: Key) -> Rect? { key == .to ? naturalFrame(key) : nil }

    /// The scene at rest: its page's frame at the container's origin, opaque, with its page background.
    public func state(for key: Key) -> AnimatableState {
        AnimatableState(frame: naturalFrame(key), backgroundColor: page(key).background)
    }

    /// The frame of the element with `id` in a scene (page coordinates), or nil when it has none.
    public func elementFrame(_ id: String, in key: Key) -> Rect? {
        if elementFrameCache[key] == nil { elementFrameCache[key] = (try? scene(forKey: key).elementFrames()) ?? [:] }
        return elementFrameCache[key]?[id]
    }

    /// Animates a whole scene from one state to another (the virtual-time `UIView.animate`); `timing` defaults
    /// to the animator's duration, eased in and out. A later call for the same scene replaces the earlier one.
    public func animate(_ key: Key, from: AnimatableState, to: AnimatableState, timing: AnimationTiming? = nil) {
        sceneAnimations[key] = (from, to, timing ?? AnimationTiming(duration: duration))
    }

    /// Flies the elements the scenes share by `id` from their frames in `from` to their frames in `to` (a list
    /// cell expanding into its detail page), their unidentified parts with them; the rest of `from` fades out
    /// and the rest of `to` fades in, as ``CanvasTransition`` animates two states of one template. The scenes'
    /// backgrounds cross over underneath.
    public func animateSharedElements(timing: AnimationTiming? = nil) {
        sharedElementTiming = timing ?? AnimationTiming(duration: duration)
    }

    /// Runs when the animation ends: `true` when it finished, `false` when an interaction cancelled it. The
    /// usual body is `try context.completeTransition(!context.transitionWasCancelled)`.
    public func addCompletion(_ body: @escaping (Bool) throws -> Void) {
        completion.add(body)
    }

    /// Whether an interaction cancelled the transition (known once it ended).
    public var transitionWasCancelled: Bool { completion.hasEnded && !completion.finished }

    /// UIKit's `completeTransition(_:)`: exactly once, `true` when the `to` scene is now shown.
    /// - Throws: ``TransitionError/alreadyCompleted`` on a second call.
    public func completeTransition(_ didComplete: Bool) throws(TransitionError) {
        try completion.complete(didComplete)
    }

    /// Whether `completeTransition` was called, and with what.
    public var isCompleted: Bool { completion.isCompleted }
    /// The value `completeTransition` was called with.
    public var didComplete: Bool { completion.didComplete }

    /// Ends the animation: runs the completions once, then checks that `completeTransition` was called.
    func end(finished: Bool) throws {
        for body in completion.end(finished: finished) { try body(finished) }
        if !completion.isCompleted { throw TransitionError.notCompleted }
    }

    private func naturalFrame(_ key: Key) -> Rect {
        Rect(origin: .zero, size: page(key).size)
    }

    /// The whole-scene state the animator asked for, or the scene at rest.
    func sceneAnimation(_ key: Key) -> (from: AnimatableState, to: AnimatableState, timing: AnimationTiming) {
        sceneAnimations[key] ?? (state(for: key), state(for: key), AnimationTiming(duration: duration))
    }
}
