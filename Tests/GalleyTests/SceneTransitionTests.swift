import Galley
import GalleyLayout
import GalleyRender
import GalleyTestSupport
import Testing

/// Two scenes (canvases of nodes) and the animators between them: the protocol's rules, the built-ins, the
/// chooser, and interactions that finish or cancel on exact end frames.
@Suite("scene transitions")
struct SceneTransitionTests {
    /// A 200×120 scene: a title bar and a card with `id` (at `cardFrame`), on `background`.
    static func scene(_ background: Color, card cardFrame: Rect, cardID: String = "hero", color: Color) -> Scene {
        let bar = BoxNode(intrinsicSize: Size(width: 200, height: 20))
        bar.layer.backgroundColor = Color(rgb8: 30, 30, 30)
        bar.style.layoutPosition = .zero
        let card = BoxNode(intrinsicSize: cardFrame.size)
        card.identifier = cardID
        card.layer.backgroundColor = color
        card.layer.cornerRadius = 6
        card.style.layoutPosition = cardFrame.origin
        let canvas = Canvas(body: AbsoluteLayoutSpec(children: [bar, card]), size: Size(width: 200, height: 120))
        canvas.background = background
        return Scene(document: canvas, name: cardID)
    }

    static var list: Scene {
        scene(.white, card: Rect(x: 10, y: 40, width: 80, height: 20), color: Color(rgb8: 0, 120, 200))
    }
    static var detail: Scene {
        scene(
            Color(rgb8: 240, 240, 240), card: Rect(x: 0, y: 20, width: 200, height: 60), color: Color(rgb8: 200, 60, 0))
    }

    static func pixels(_ page: DisplayPage) throws -> ImageBuffer { try RasterRenderer.render(page, scale: 1) }

    @Test func pushAndPopMirrorEachOther() throws {
        let push = try SceneTransition(
            from: Self.detail, to: Self.list, animator: SlideAnimator(direction: .push, curve: .linear))
        let pop = try SceneTransition(
            from: Self.list, to: Self.detail, animator: SlideAnimator(direction: .pop, curve: .linear))
        for progress in [0.2, 0.5, 0.7] {
            let comparison = ImageComparison(
                expected: try Self.pixels(push.frame(at: 1 - progress)),
                actual: try Self.pixels(pop.frame(at: progress)),
                tolerance: 1)
            #expect(comparison.differentPixels == 0, "pop at \(progress) vs push at \(1 - progress): \(comparison)")
        }
        // Push moves `to` in from the right edge and `from` a third of the way left.
        let states = push.animation.states(at: 0.5)
        #expect(states["scene:to"]?.frame.minX == 100)
        #expect(abs((states["scene:from"]?.frame.minX ?? 0) + 100.0 / 3) < 1e-9)
        #expect(pop.context.zOrder == [.to, .from])
    }

    @Test func zoomFliesTheSharedElement() throws {
        let transition = try SceneTransition(
            from: Self.list, to: Self.detail, animator: ZoomAnimator(duration: 1, curve: .linear))
        let middle = transition.animation.states(at: 0.5)
        #expect(middle["#hero"]?.frame == Rect(x: 5, y: 30, width: 140, height: 40))
        let roles = Dictionary(transition.animation.tracks.map { ($0.key, $0.role) }) { a, _ in a }
        #expect(roles["#hero"] == .matched)
        // Unidentified nodes never match across two templates: each scene's bar fades with its scene.
        #expect(roles["from:/box[1]"] == .removed && roles["to:/box[1]"] == .inserted)
        #expect(transition.context.elementFrame("hero", in: .to) == Rect(x: 0, y: 20, width: 200, height: 60))
    }

    @Test func endsAreTheScenesExactly() throws {
        for animator in StandardTransitions.names.compactMap(StandardTransitions().animator(named:)) {
            let transition = try SceneTransition(from: Self.list, to: Self.detail, animator: animator)
            #expect(try Self.pixels(transition.frame(at: 0)).pixels == Self.pixels(Self.list.displayPage()).pixels)
            #expect(try Self.pixels(transition.frame(at: 1)).pixels == Self.pixels(Self.detail.displayPage()).pixels)
            let middle = try Self.pixels(transition.frame(at: 0.5))
            #expect(middle.pixels != (try Self.pixels(Self.detail.displayPage())).pixels, "\(animator)")
        }
    }

    @Test func cancelledInteractionEndsOnTheFromScene() throws {
        let transition = try SceneTransition(
            from: Self.list, to: Self.detail, animator: SlideAnimator(direction: .push), isInteractive: true)
        let timeline = try TransitionTimeline(script: "0.2s:0.4, cancel", duration: transition.animation.duration)
        let progress = timeline.sampledProgress(fps: 30)
        #expect(progress.last == 0)
        #expect(progress.contains { $0 > 0.35 }, "the interaction reaches 0.4 at 0.2 s")
        let last = try Self.pixels(transition.frame(at: progress.last ?? 1))
        #expect(last.pixels == (try Self.pixels(Self.list.displayPage())).pixels)
        try transition.end(finished: timeline.outcome == .finished)
        #expect(transition.context.isCompleted && !transition.context.didComplete)
        #expect(transition.context.transitionWasCancelled)
    }

    @Test func completeTransitionExactlyOnce() throws {
        struct Silent: TransitionAnimator {
            func transitionDuration(using context: SceneTransitionContext) -> Double { 0.3 }
            func animateTransition(using context: SceneTransitionContext) {}
        }
        struct Twice: TransitionAnimator {
            func transitionDuration(using context: SceneTransitionContext) -> Double { 0.3 }
            func animateTransition(using context: SceneTransitionContext) {
                context.addCompletion { try context.completeTransition($0) }
                context.addCompletion { try context.completeTransition($0) }
            }
        }
        let silent = try SceneTransition(from: Self.list, to: Self.detail, animator: Silent())
        #expect(throws: TransitionError.notCompleted) { try silent.end(finished: true) }
        let twice = try SceneTransition(from: Self.list, to: Self.detail, animator: Twice())
        #expect(throws: TransitionError.alreadyCompleted) { try twice.end(finished: true) }
        let fade = try SceneTransition(from: Self.list, to: Self.detail, animator: FadeAnimator())
        try fade.end(finished: true)
        #expect(fade.context.didComplete)
        // Ending again runs nothing twice.
        try fade.end(finished: true)
    }

    /// A custom animator has the built-ins' powers: it reads the container and frames and animates a scene.
    @Test func customAnimatorDropsTheSceneIn() throws {
        struct Drop: TransitionAnimator {
            func transitionDuration(using context: SceneTransitionContext) -> Double { 0.5 }
            func animateTransition(using context: SceneTransitionContext) {
                let end = context.state(for: .to)
                var start = end
                start.frame = end.frame.offsetBy(dx: 0, dy: -context.containerSize.height)
                context.animate(.to, from: start, to: end, timing: AnimationTiming(duration: 0.5, curve: .linear))
                context.addCompletion { _ in try context.completeTransition(!context.transitionWasCancelled) }
            }
        }
        let transition = try SceneTransition(from: Self.list, to: Self.detail, animator: Drop())
        #expect(transition.animation.duration == 0.5)
        #expect(transition.animation.states(at: 0.25)["scene:to"]?.frame.minY == -90)
        #expect(transition.context.initialFrame(for: .from) == Rect(x: 0, y: 0, width: 200, height: 120))
        #expect(transition.context.initialFrame(for: .to) == nil && transition.context.finalFrame(for: .from) == nil)
        try transition.end(finished: true)
    }

    @Test func choosersPickAnimatorsPerOperation() throws {
        let standard = StandardTransitions()
        #expect(standard.animator(for: .push, from: Self.list, to: Self.detail) is SlideAnimator)
        #expect(standard.animator(for: .present, from: Self.list, to: Self.detail) is CoverAnimator)
        #expect(standard.animator(for: .replace, from: Self.list, to: Self.detail) is ZoomAnimator)
        let other = Self.scene(.white, card: .zero, cardID: "other", color: .white)
        #expect(standard.animator(for: .replace, from: Self.list, to: other) is FadeAnimator)
        struct AlwaysFade: TransitionAnimatorChooser {
            func animator(for operation: SceneOperation, from: Scene, to: Scene) -> (any TransitionAnimator)? {
                operation == .pop ? nil : FadeAnimator(duration: 0.1)
            }
        }
        let pushed = try SceneTransition(operation: .push, from: Self.list, to: Self.detail, chooser: AlwaysFade())
        #expect(pushed.animation.duration == 0.1 && pushed.context.operation == .push)
        // nil: the standard choice (a pop slides).
        let popped = try SceneTransition(operation: .pop, from: Self.list, to: Self.detail, chooser: AlwaysFade())
        #expect(popped.context.zOrder == [.to, .from])
    }
}

@Suite("transition timeline")
struct TransitionTimelineTests {
    @Test func updatesThenFinishFollowTheDocumentedExample() throws {
        var timeline = TransitionTimeline(duration: 0.4)
        try timeline.update(0.3, at: 0.2)
        try timeline.update(0.6, at: 0.4)
        try timeline.finish()
        for (time, progress) in [(0.1, 0.15), (0.3, 0.45), (0.48, 0.8)] {
            #expect(abs(timeline.progress(at: time) - progress) < 1e-9, "at \(time)")
        }
        #expect(abs(timeline.endTime - 0.56) < 1e-12)
        #expect(timeline.progress(at: 0.56) == 1 && timeline.outcome == .finished)
        #expect(timeline == (try TransitionTimeline(script: "0.2s:0.3, 400ms:0.6, finish", duration: 0.4)))
    }

    @Test func cancelPlaysBackAtItsSpeed() throws {
        var timeline = TransitionTimeline(duration: 1)
        try timeline.update(0.4, at: 0.2)
        try timeline.cancel(speed: 2, at: 0.3)
        #expect(timeline.progress(at: 0.25) == 0.4, "held until the cancel")
        #expect(abs(timeline.progress(at: 0.4) - 0.2) < 1e-9)
        #expect(abs(timeline.endTime - 0.5) < 1e-12)
        let progress = timeline.sampledProgress(fps: 10)
        #expect(progress.count == 6 && progress.first == 0 && progress.last == 0)
    }

    @Test func releaseDecidesFromProgressAndVelocity() throws {
        func outcome(_ updates: [(Double, Double)]) throws -> TransitionTimeline.Outcome {
            var timeline = TransitionTimeline(duration: 0.4)
            for (time, progress) in updates { try timeline.update(progress, at: time) }
            return try timeline.release()
        }
        #expect(try outcome([(0.2, 0.2), (0.4, 0.35)]) == .finished, "past 0.3, slowly")
        #expect(try outcome([(0.5, 0.2), (0.6, 0.25)]) == .cancelled, "short of 0.3, slowly")
        #expect(try outcome([(0.3, 0.05), (0.35, 0.2)]) == .finished, "a forward flick (3/s)")
        #expect(try outcome([(0.3, 0.8), (0.4, 0.5)]) == .cancelled, "a backward flick (−3/s)")
    }

    @Test func badScriptsAndCallsAreErrors() throws {
        #expect(throws: TransitionTimelineScriptError.self) {
            try TransitionTimeline(script: "0.2s:0.3", duration: 1)
        }
        #expect(throws: TransitionTimelineScriptError.self) {
            try TransitionTimeline(script: "0.2s:0.3, 0.1s:0.5, finish", duration: 1)
        }
        #expect(throws: TransitionTimelineScriptError.self) {
            try TransitionTimeline(script: "finish, cancel", duration: 1)
        }
        #expect(throws: TransitionTimelineScriptError.self) {
            try TransitionTimeline(script: "0.2s:1.5, finish", duration: 1)
        }
        #expect(throws: TransitionTimelineScriptError.self) { try TransitionTimeline(script: "wiggle", duration: 1) }
        do {
            _ = try TransitionTimeline(script: "0.2s:0.3, 0.1s:0.5, finish", duration: 1)
        } catch {
            #expect(error.description.contains("step 2") && error.description.contains("must increase"), "\(error)")
        }
        var timeline = TransitionTimeline(duration: 1)
        try timeline.finish()
        #expect(throws: TransitionTimelineError.ended) { try timeline.update(0.5, at: 1) }
        #expect(throws: TransitionTimelineError.badSpeed(0)) {
            var other = TransitionTimeline(duration: 1)
            try other.cancel(speed: 0)
        }
    }
}
