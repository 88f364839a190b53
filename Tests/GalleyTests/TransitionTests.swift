import Foundation
import Galley
import GalleyLayout
import GalleyRender
import Testing

/// A container whose layout spec stacks whichever of its cards `visible` names.
private final class ListNode: DisplayNode {
    let cards: [String: BoxNode]
    var visible: [String]

    init(ids: [String], visible: [String]) {
        var cards: [String: BoxNode] = [:]
        for (index, id) in ids.enumerated() {
            let card = BoxNode(intrinsicSize: Size(width: 40 + Double(index) * 10, height: 20))
            card.identifier = id
            card.layer.backgroundColor = Color(rgb8: UInt8(40 * index % 256), 0x80, 0xc0)
            cards[id] = card
        }
        self.cards = cards
        self.visible = visible
        super.init()
        automaticallyManagesSubnodes = true
    }

    override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> (any LayoutElement)? {
        StackLayoutSpec(
            direction: .vertical, spacing: 5, alignItems: .start, children: visible.compactMap { cards[$0] })
    }
}

private final class ForgetfulNode: DisplayNode {
    var wide = false
    let child = BoxNode(intrinsicSize: Size(width: 10, height: 10))

    override init() {
        super.init()
        automaticallyManagesSubnodes = true
    }

    override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> (any LayoutElement)? {
        child.style.width = .points(wide ? 50 : 10)
        return StackLayoutSpec(children: [child])
    }

    override func animateLayoutTransition(_ context: LayoutTransitionContext) {
        // Animates but never calls completeTransition.
        if let from = context.initialFrame(for: child), let to = context.finalFrame(for: child) {
            context.animate(child, from: AnimatableState(frame: from), to: AnimatableState(frame: to))
        }
    }
}

private let range = SizeRange(min: .zero, max: Size(width: 200, height: 200))

@Suite("layout transitions")
struct TransitionTests {
    @Test func managedSubnodesAreExactlyTheLaidOutNodes() throws {
        let list = ListNode(ids: ["a", "b", "c"], visible: ["a", "c"])
        list.layout(in: range)
        #expect(list.subnodes.map(\.identifier) == ["a", "c"])
        #expect(throws: SubnodeError.self) { try list.addSubnode(BoxNode()) }
        #expect(throws: SubnodeError.self) { try list.subnodes[0].removeFromSupernode() }
        list.visible = ["b"]
        list.invalidateCalculatedLayout()
        list.layout(in: range)
        #expect(list.subnodes.map(\.identifier) == ["b"])
    }

    @Test func diffOfPermutedList() {
        let diff = SubnodeDiff(old: ["a", "b", "c", "d"], new: ["c", "a", "b", "d"])
        #expect(diff.insertions.isEmpty)
        #expect(diff.removals.isEmpty)
        #expect(diff.moves == [.init(from: 2, to: 0), .init(from: 0, to: 1), .init(from: 1, to: 2)])
    }

    @Test func diffOfGrownList() {
        let diff = SubnodeDiff(old: ["a", "b"], new: ["x", "a", "y", "b", "z"])
        #expect(diff.insertions == [0, 2, 4])
        #expect(diff.removals.isEmpty)
        #expect(diff.moves.isEmpty)
    }

    @Test func diffOfShrunkList() {
        let diff = SubnodeDiff(old: ["a", "b", "c", "d", "e"], new: ["b", "d"])
        #expect(diff.insertions.isEmpty)
        #expect(diff.removals == [0, 2, 4])
        #expect(diff.moves.isEmpty)
    }

    @Test func diffOfMixedList() {
        let diff = SubnodeDiff(old: ["a", "b", "c"], new: ["c", "d", "a"])
        #expect(diff.insertions == [1])
        #expect(diff.removals == [1])
        #expect(diff.moves == [.init(from: 2, to: 0), .init(from: 0, to: 2)])
    }

    @Test func transitionInsertsBeforeAndRemovesAfterCompletion() throws {
        let list = ListNode(ids: ["a", "b", "c"], visible: ["a", "b"])
        list.layout(in: range)
        let a = list.cards["a"]!
        let b = list.cards["b"]!
        let c = list.cards["c"]!
        list.visible = ["b", "c"]
        var measured = false
        let context = try list.transitionLayout(animated: true, measurementCompletion: { measured = true })
        #expect(measured)
        #expect(context.insertedSubnodes.map(\.identifier) == ["c"])
        #expect(context.removedSubnodes.map(\.identifier) == ["a"])
        #expect(context.subnodes(forKey: .from).map(\.identifier) == ["a", "b"])
        #expect(context.subnodes(forKey: .to).map(\.identifier) == ["b", "c"])
        #expect(context.initialFrame(for: b) == Rect(x: 0, y: 25, width: 50, height: 20))
        #expect(context.finalFrame(for: b) == Rect(x: 0, y: 0, width: 50, height: 20))
        #expect(context.initialFrame(for: c) == nil)
        #expect(context.finalFrame(for: a) == nil)
        // Inserted before the animation, removed only after it.
        #expect(Set(list.subnodes.map(ObjectIdentifier.init)) == Set([a, b, c].map(ObjectIdentifier.init)))
        try context.finish()
        #expect(context.isCompleted && context.didComplete)
        #expect(list.subnodes.map(\.identifier) == ["b", "c"])
        #expect(throws: TransitionError.alreadyCompleted) { try context.completeTransition(true) }
    }

    @Test func framesFollowTheCurve() throws {
        let list = ListNode(ids: ["a", "b"], visible: ["a", "b"])
        let firstLayout = list.layout(in: range)
        list.visible = ["b", "a"]
        list.defaultLayoutTransitionDuration = 0.5
        list.defaultLayoutTransitionCurve = .easeIn
        let context = try list.transitionLayout(animated: true)
        let animation = try context.layoutAnimation()
        #expect(animation.duration == 0.5)
        let key = "node:\(ObjectIdentifier(list.cards["b"]!).hashValue)"
        for progress in [0.25, 0.5, 0.75] {
            let y = animation.states(at: progress)[key]!.frame.minY
            let eased = TimingCurve.easeIn.value(at: progress)
            #expect(abs(y - (25 + (0 - 25) * eased)) < 1e-9)
        }
        // The ends are the static display lists of the previous and pending layouts.
        let builder = DisplayListBuilder(options: DisplayOptions())
        #expect(try context.frame(at: 0).items == builder.items(for: firstLayout))
        #expect(try context.frame(at: 1).items == builder.items(for: list.calculatedLayout!))
        try context.cancel()
        #expect(context.isCompleted && !context.didComplete)
        #expect(list.calculatedLayout === firstLayout)
    }

    @Test func completingTwiceThrows() throws {
        let list = ListNode(ids: ["a", "b"], visible: ["a"])
        list.layout(in: range)
        list.visible = ["b"]
        let context = try list.transitionLayout(animated: false)
        #expect(context.isCompleted)  // not animated: the default completes at once
        #expect(throws: TransitionError.alreadyCompleted) { try context.completeTransition(true) }
    }

    @Test func missingCompletionIsReportedWhenTheAnimationEnds() throws {
        let node = ForgetfulNode()
        node.layout(in: range)
        node.wide = true
        let context = try node.transitionLayout(animated: true)
        #expect(throws: TransitionError.notCompleted) { try context.finish() }
    }

    @Test func sizeRangeTransitionIsANoOpForTheSameRange() throws {
        let list = ListNode(ids: ["a"], visible: ["a"])
        list.layout(in: range)
        #expect(try list.transitionLayout(sizeRange: range, animated: true) == nil)
        #expect(try list.transitionLayout(sizeRange: SizeRange(exactly: Size(width: 90, height: 90))) != nil)
    }

    @Test func newerTransitionCancelsTheOlder() async throws {
        let list = ListNode(ids: ["a", "b", "c"], visible: ["a"])
        list.layout(in: range)
        list.visible = ["b"]
        let first = try list.transitionLayout(animated: true)
        list.visible = ["c"]
        let second = try list.transitionLayout(animated: true)
        #expect(first.isCancelled)
        #expect(!second.isCancelled)
        #expect(throws: TransitionError.cancelled) { try first.frame(at: 0.5) }
        let state = list.layoutTransitionState
        await Task.detached { state.cancel() }.value
        #expect(second.isCancelled)
    }

    @Test func timingCurves() {
        #expect(TimingCurve.linear.value(at: 0.3) == 0.3)
        #expect(abs(TimingCurve.easeInOut.value(at: 0.5) - 0.5) < 1e-9)
        #expect(TimingCurve.easeIn.value(at: 0.5) < 0.5)
        #expect(TimingCurve.easeOut.value(at: 0.5) > 0.5)
        #expect(abs(TimingCurve.cubicBezier(0.25, 0.1, 0.25, 1).value(at: 0.5) - 0.8024033877399112) < 1e-6)
        for curve in [
            TimingCurve.spring(dampingRatio: 0.5, initialVelocity: 0), .spring(dampingRatio: 1, initialVelocity: 2),
            .spring(dampingRatio: 2, initialVelocity: 0),
        ] {
            #expect(curve.value(at: 0) == 0 && curve.value(at: 1) == 1)
            #expect(abs(curve.value(at: 0.999) - 1) < 0.01)
        }
        // Underdamped springs overshoot; critically damped ones from rest do not.
        #expect(
            (1..<100).contains {
                TimingCurve.spring(dampingRatio: 0.3, initialVelocity: 0).value(at: Double($0) / 100) > 1
            })
        #expect(
            !(1..<100).contains {
                TimingCurve.spring(dampingRatio: 1, initialVelocity: 0).value(at: Double($0) / 100) > 1
            })
        #expect(TimingCurve(parsing: "spring:0.8") == .spring(dampingRatio: 0.8, initialVelocity: 0))
        #expect(TimingCurve(parsing: "cubic:0.1,0.2,0.3,0.4") == .cubicBezier(0.1, 0.2, 0.3, 0.4))
        #expect(TimingCurve(parsing: "ease-in") == .easeIn)
        #expect(TimingCurve(parsing: "bounce") == nil)
    }
}

@Suite("canvas transitions")
struct TransitionCanvasTests {
    static func canvas(_ order: [String]) -> Canvas {
        let cards = order.enumerated().map { index, id -> BoxNode in
            let card = BoxNode(intrinsicSize: Size(width: 80, height: 30))
            card.identifier = id
            card.layer.backgroundColor = Color(rgb8: id == "a" ? 200 : 20, id == "b" ? 200 : 20, 120)
            card.layer.cornerRadius = 6
            return card
        }
        let canvas = Canvas(
            body: StackLayoutSpec(direction: .vertical, spacing: 10, alignItems: .start, children: cards),
            size: Size(width: 120, height: 140))
        canvas.background = .white
        return canvas
    }

    @Test func endsArePixelIdenticalToStaticRendersAndMiddleFollowsTheCurve() throws {
        let from = Self.canvas(["a", "b", "c"])
        let to = Self.canvas(["c", "a", "d"])
        let animation = try CanvasTransition.animation(
            from: from, to: to, timing: AnimationTiming(duration: 0.4, curve: .easeOut))
        let first = try RasterRenderer.render(animation.frame(at: 0), scale: 2)
        let last = try RasterRenderer.render(animation.frame(at: 1), scale: 2)
        #expect(first.pixels == (try RasterRenderer.render(from.displayPage(), scale: 2)).pixels)
        #expect(last.pixels == (try RasterRenderer.render(to.displayPage(), scale: 2)).pixels)
        let roles = Dictionary(uniqueKeysWithValues: animation.tracks.map { ($0.key, $0.role) })
        #expect(roles["#a"] == .matched && roles["#c"] == .matched)
        #expect(roles["#b"] == .removed && roles["#d"] == .inserted)
        let states = animation.states(at: 0.5)
        let eased = TimingCurve.easeOut.value(at: 0.5)
        #expect(abs(states["#c"]!.frame.minY - (80 + (0 - 80) * eased)) < 1e-9)
        #expect(abs(states["#a"]!.frame.minY - (0 + 40 * eased)) < 1e-9)
        #expect(abs(states["#d"]!.opacity - eased) < 1e-9)
        #expect(abs(states["#b"]!.opacity - (1 - eased)) < 1e-9)
        let middle = try RasterRenderer.render(animation.frame(at: 0.5), scale: 1)
        #expect(middle.width == 120 && middle.height == 140)
    }
}

@Suite("canvas transitions: layers between the ends")
struct TransitionLayerTests {
    static func canvas(x: Double, shadowBlur: Double) -> Canvas {
        let card = BoxNode(intrinsicSize: Size(width: 60, height: 40))
        card.identifier = "card"
        card.layer.backgroundColor = Color(rgb8: 30, 60, 140)
        card.layer.shadow = Shadow(
            offset: Point(x: 0, y: 4), blurRadius: shadowBlur, color: Color(red: 0, green: 0, blue: 0, alpha: 0.5))
        let spec = AbsoluteLayoutSpec(children: [card])
        card.style.layoutPosition = Point(x: x, y: 20)
        let canvas = Canvas(body: spec, size: Size(width: 200, height: 100))
        canvas.background = .white
        return canvas
    }

    /// A moving node keeps its shadow in every frame between the ends (interpolated), drawn by
    /// the same layer painter as static pages; the pixels under the shadow are darker than the
    /// page there.
    @Test func framesBetweenTheEndsKeepShadows() throws {
        let animation = try CanvasTransition.animation(
            from: Self.canvas(x: 10, shadowBlur: 4), to: Self.canvas(x: 110, shadowBlur: 8),
            timing: AnimationTiming(duration: 1, curve: .linear))
        let middle = animation.frame(at: 0.5)
        func shadows(_ items: [DisplayItem]) -> [Shadow] {
            items.flatMap { item -> [Shadow] in
                guard case .group(let group) = item else { return [] }
                return (group.shadow.map { [$0] } ?? []) + shadows(group.items)
            }
        }
        let found = shadows(middle.items)
        #expect(found.count == 1)
        #expect(found.first?.blurRadius == 6, "halfway between 4 and 8")
        let image = try RasterRenderer.render(middle, scale: 1)
        // The card sits at x 60…120, y 20…60; its shadow reaches below it, under y 60.
        let underShadow = image.pixel(x: 90, y: 63)
        #expect(underShadow.r < 235, "shadow below the moving card: \(underShadow)")
        let clear = image.pixel(x: 90, y: 95)
        #expect(clear.r == 255)
    }
}
