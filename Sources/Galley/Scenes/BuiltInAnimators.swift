import GalleyLayout

/// The `to` scene fades in over the `from` scene, which stays put until it is covered (so no frame shows
/// through to an empty container).
public struct FadeAnimator: TransitionAnimator {
    /// Seconds.
    public var duration: Double
    /// The fade's curve.
    public var curve: TimingCurve

    /// Creates the animator (0.35 s, eased in and out, by default).
    public init(duration: Double = 0.35, curve: TimingCurve = .easeInOut) {
        self.duration = duration
        self.curve = curve
    }

    /// ``duration``.
    public func transitionDuration(using context: SceneTransitionContext) -> Double { duration }

    /// `to` from transparent to opaque at its final frame.
    public func animateTransition(using context: SceneTransitionContext) {
        let end = context.state(for: .to)
        context.animate(
            .to, from: end.withOpacity(0), to: end, timing: AnimationTiming(duration: duration, curve: curve))
        context.addCompletion { _ in try context.completeTransition(!context.transitionWasCancelled) }
    }
}

/// A navigation push or pop: on push the `to` scene slides in from the right edge over the `from` scene, which
/// moves a third of the way left behind it (UIKit's parallax); pop is the mirror — `from` slides out to the
/// right over `to`, which comes back from a third of the way left. A pop from A to B at progress p draws
/// what a push from B to A draws at 1 − p (for a curve symmetric about its middle, such as linear or
/// easeInOut).
public struct SlideAnimator: TransitionAnimator {
    /// Which way the scenes move.
    public enum Direction: String, Sendable {
        /// Forward: `to` comes in from the right.
        case push
        /// Back: `from` leaves to the right.
        case pop
    }

    /// Push or pop.
    public var direction: Direction
    /// Seconds.
    public var duration: Double
    /// The slide's curve.
    public var curve: TimingCurve
    /// How far the scene underneath moves, as a fraction of the container's width.
    public var parallax: Double

    /// Creates the animator.
    public init(
        direction: Direction, duration: Double = 0.35, curve: TimingCurve = .easeInOut, parallax: Double = 1.0 / 3
    ) {
        self.direction = direction
        self.duration = duration
        self.curve = curve
        self.parallax = parallax
    }

    /// ``duration``.
    public func transitionDuration(using context: SceneTransitionContext) -> Double { duration }

    /// Both scenes slide; on pop the `from` scene is on top.
    public func animateTransition(using context: SceneTransitionContext) {
        let width = context.containerSize.width
        let timing = AnimationTiming(duration: duration, curve: curve)
        let from = context.state(for: .from)
        let to = context.state(for: .to)
        func moved(_ state: AnimatableState, by dx: Double) -> AnimatableState {
            var copy = state
            copy.frame = state.frame.offsetBy(dx: dx, dy: 0)
            return copy
        }
        switch direction {
        case .push:
            context.animate(.from, from: from, to: moved(from, by: -width * parallax), timing: timing)
            context.animate(.to, from: moved(to, by: width), to: to, timing: timing)
        case .pop:
            context.zOrder = [.to, .from]
            context.animate(.from, from: from, to: moved(from, by: width), timing: timing)
            context.animate(.to, from: moved(to, by: -width * parallax), to: to, timing: timing)
        }
        context.addCompletion { _ in try context.completeTransition(!context.transitionWasCancelled) }
    }
}

/// A modal presentation: the `to` scene comes up from the bottom edge over the `from` scene, which stays; the
/// dismissal (`isPresenting: false`) slides the `from` scene down off the `to` scene beneath.
public struct CoverAnimator: TransitionAnimator {
    /// Present (cover) or dismiss (uncover).
    public var isPresenting: Bool
    /// Seconds.
    public var duration: Double
    /// The slide's curve.
    public var curve: TimingCurve

    /// Creates the animator.
    public init(isPresenting: Bool = true, duration: Double = 0.35, curve: TimingCurve = .easeInOut) {
        self.isPresenting = isPresenting
        self.duration = duration
        self.curve = curve
    }

    /// ``duration``.
    public func transitionDuration(using context: SceneTransitionContext) -> Double { duration }

    /// One scene slides vertically over the other.
    public func animateTransition(using context: SceneTransitionContext) {
        let height = context.containerSize.height
        let timing = AnimationTiming(duration: duration, curve: curve)
        if isPresenting {
            let to = context.state(for: .to)
            var start = to
            start.frame = to.frame.offsetBy(dx: 0, dy: height)
            context.animate(.to, from: start, to: to, timing: timing)
        } else {
            context.zOrder = [.to, .from]
            let from = context.state(for: .from)
            var end = from
            end.frame = from.frame.offsetBy(dx: 0, dy: height)
            context.animate(.from, from: from, to: end, timing: timing)
        }
        context.addCompletion { _ in try context.completeTransition(!context.transitionWasCancelled) }
    }
}

/// A shared-element transition: elements with the same `id` in both scenes fly from their frames in `from`
/// to their frames in `to` (a list cell expanding into its detail page), their unidentified parts with them,
/// while the rest of `from` fades out and the rest of `to` fades in.
public struct ZoomAnimator: TransitionAnimator {
    /// Seconds.
    public var duration: Double
    /// The flight's curve.
    public var curve: TimingCurve

    /// Creates the animator.
    public init(duration: Double = 0.35, curve: TimingCurve = .easeInOut) {
        self.duration = duration
        self.curve = curve
    }

    /// ``duration``.
    public func transitionDuration(using context: SceneTransitionContext) -> Double { duration }

    /// The shared elements fly; everything else cross-fades.
    public func animateTransition(using context: SceneTransitionContext) {
        context.animateSharedElements(timing: AnimationTiming(duration: duration, curve: curve))
        context.addCompletion { _ in try context.completeTransition(!context.transitionWasCancelled) }
    }
}
