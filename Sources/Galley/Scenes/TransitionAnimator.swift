/// Animates a transition between two scenes (UIKit's `UIViewControllerAnimatedTransitioning`): how long it
/// takes, and what moves. Galley's built-ins (``FadeAnimator``, ``SlideAnimator``, ``CoverAnimator``,
/// ``ZoomAnimator``) are written on this protocol, so a custom animator has exactly their powers.
///
/// ```swift
/// struct DropAnimator: TransitionAnimator {
///     func transitionDuration(using context: SceneTransitionContext) -> Double { 0.5 }
///     func animateTransition(using context: SceneTransitionContext) {
///         let bounds = context.finalFrame(for: .to) ?? .zero
///         var start = AnimatableState(frame: bounds.offsetBy(dx: 0, dy: -bounds.height))
///         context.animate(.to, from: start, to: AnimatableState(frame: bounds))
///         context.addCompletion { _ in try context.completeTransition(!context.transitionWasCancelled) }
///     }
/// }
/// ```
///
/// The rule UIKit states and Galley checks: `completeTransition(_:)` is called exactly once, usually from a
/// completion, which runs when the animation ends — finished, or cancelled by an interaction
/// (``TransitionTimeline``). A second call throws ``TransitionError/alreadyCompleted``; an animation that
/// ends without one makes ``SceneTransition/end(finished:)`` throw ``TransitionError/notCompleted``.
public protocol TransitionAnimator {
    /// The animation's length in seconds (`transitionDuration(using:)`); the default timing of ``SceneTransitionContext/animate(_:from:to:timing:)``.
    func transitionDuration(using context: SceneTransitionContext) -> Double
    /// Sets up the animation (`animateTransition(using:)`): the scenes' and elements' start and end states, and
    /// a completion that calls `completeTransition` once.
    func animateTransition(using context: SceneTransitionContext)
}

/// Why one scene replaces another, for a chooser that picks an animator by it (the `operation` UIKit's
/// navigation and transitioning delegates are asked about).
public enum SceneOperation: String, Sendable, CaseIterable {
    /// Forward in a navigation stack: the new scene slides in from the trailing edge.
    case push
    /// Back: the mirror of push.
    case pop
    /// A modal scene comes up over the current one.
    case present
    /// The modal scene goes away: the mirror of present.
    case dismiss
    /// One scene simply replaces another.
    case replace
}

/// Picks the animator for each operation, like `UINavigationControllerDelegate`'s
/// `animationController(for:from:to:)`; nil leaves the choice to ``StandardTransitions``.
public protocol TransitionAnimatorChooser {
    /// The animator for `operation` from `from` to `to`, or nil for the standard one.
    func animator(for operation: SceneOperation, from: Scene, to: Scene) -> (any TransitionAnimator)?
}

/// The built-in choice: push and pop slide (mirrored), present and dismiss cover and uncover, replace zooms
/// when the scenes share an element `id` (a cell and its detail) and fades otherwise.
public struct StandardTransitions: TransitionAnimatorChooser {
    /// The duration every built-in animator gets.
    public var duration: Double
    /// The curve every built-in animator gets.
    public var curve: TimingCurve

    /// Creates the chooser (UIKit's navigation transitions last about 0.35 s).
    public init(duration: Double = 0.35, curve: TimingCurve = .easeInOut) {
        self.duration = duration
        self.curve = curve
    }

    /// The animator for an operation.
    public func animator(for operation: SceneOperation, from: Scene, to: Scene) -> (any TransitionAnimator)? {
        switch operation {
        case .push: SlideAnimator(direction: .push, duration: duration, curve: curve)
        case .pop: SlideAnimator(direction: .pop, duration: duration, curve: curve)
        case .present: CoverAnimator(isPresenting: true, duration: duration, curve: curve)
        case .dismiss: CoverAnimator(isPresenting: false, duration: duration, curve: curve)
        case .replace:
            from.sharesIdentifiers(with: to)
                ? ZoomAnimator(duration: duration, curve: curve) : FadeAnimator(duration: duration, curve: curve)
        }
    }

    /// The built-in animator `name` names (`fade`, `push`, `pop`, `cover`, `uncover`, `zoom`), or nil.
    public func animator(named name: String) -> (any TransitionAnimator)? {
        switch name {
        case "fade": FadeAnimator(duration: duration, curve: curve)
        case "push": SlideAnimator(direction: .push, duration: duration, curve: curve)
        case "pop": SlideAnimator(direction: .pop, duration: duration, curve: curve)
        case "cover": CoverAnimator(isPresenting: true, duration: duration, curve: curve)
        case "uncover": CoverAnimator(isPresenting: false, duration: duration, curve: curve)
        case "zoom": ZoomAnimator(duration: duration, curve: curve)
        default: nil
        }
    }

    /// The names ``animator(named:)`` knows.
    public static let names = ["fade", "push", "pop", "cover", "uncover", "zoom"]
}
