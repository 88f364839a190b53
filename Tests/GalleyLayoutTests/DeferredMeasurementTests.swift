import Testing

@testable import GalleyLayout

/// A `BoxNode` that declares itself a clamped leaf, so stacks may put off its measurement at an
/// exact flex basis (`ClampedLayoutElement`).
final class ClampedBoxNode: BoxNode, ClampedLayoutElement {
    var measuresClamped: Bool { true }
}

/// Lays out the stack it wraps exactly as the stack would (same style, same layout) but is not a
/// `ClampedLayoutElement`, so a parent stack measures it up front: the reference for deferring stacks.
final class MeasuredUpFront: LayoutElement {
    let inner: StackLayoutSpec
    init(_ inner: StackLayoutSpec) { self.inner = inner }
    var style: Style {
        get { inner.style }
        set { inner.style = newValue }
    }
    func layoutThatFits(_ constrainedSize: SizeRange, parentSize: Size) -> Layout {
        inner.layoutThatFits(constrainedSize, parentSize: parentSize)
    }
    var debugName: String? { inner.debugName }
    var layoutChildren: [any LayoutElement] { [inner] }
}

@Suite("stack: deferred measurement of clamped elements")
struct DeferredMeasurementTests {
    /// A growing cell at `flexBasis: 0` is measured once, at its flexed width — not first at 0.
    @Test func growingLeafAtZeroBasisIsMeasuredOnce() {
        let cell = ClampedBoxNode("cell", 40, 10)
        cell.style.flexGrow = 1
        cell.style.flexBasis = .points(0)
        let stack = hstack(align: .start, [box("fixed", 30, 20), cell])
        let layout = HostNode(stack).layoutThatFits(exact(100, 50))
        #expect(cell.ranges == [range(70, 0, 70, 50)])
        #expect(describe(layout) == "=100,50 fixed:0,0,30,20 cell:30,0,70,10")
    }

    /// When its line does not flex, the deferred leaf is measured with its first-pass range.
    @Test func unflexedLeafIsMeasuredAtItsBasis() {
        let cell = ClampedBoxNode("cell", 40, 10)
        cell.style.flexBasis = .points(25)
        let layout = HostNode(hstack(align: .start, [cell])).layoutThatFits(upTo(100, 50))
        #expect(cell.ranges == [range(25, 0, 25, 50)])
        #expect(describe(layout) == "=25,10 cell:0,0,25,10")
    }

    /// Deferring changes no frame: random stacks of clamped leaves lay out exactly as the same
    /// stacks of ordinary leaves (measured up front), over bases, flex factors, alignments,
    /// spacing, wrapping, style min/max and ranges.
    @Test func deferredLeavesLayOutAsMeasuredLeaves() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        for _ in 0..<2_000 {
            let count = 1 + next(4)
            var plans: [(width: Double, height: Double, style: Style)] = []
            for _ in 0..<count {
                var style = Style()
                switch next(4) {
                case 0: style.flexBasis = .points(0)
                case 1: style.flexBasis = .points(Double(next(60)))
                case 2: style.flexBasis = .fraction(Double(next(5)) / 4)
                default: break
                }
                style.flexGrow = Double(next(3))
                style.flexShrink = Double(next(2))
                if next(5) == 0 { style.minWidth = .points(Double(next(40))) }
                if next(5) == 0 { style.maxWidth = .points(Double(next(80))) }
                if next(6) == 0 { style.minHeight = .points(Double(next(30))) }
                if next(4) == 0 { style.alignSelf = [.start, .center, .end, .stretch][next(4)] }
                plans.append((Double(next(70)), Double(next(40)), style))
            }
            let vertical = next(2) == 0
            let align = [StackAlignItems.start, .center, .end, .stretch, .baselineFirst, .baselineLast][next(6)]
            let wrap: StackFlexWrap = next(4) == 0 ? .wrap : .noWrap
            let spacing = Double(next(3) * 4)
            let ranges = [exact(120, 80), upTo(120, 80), upTo(inf, inf), range(40, 10, 160, 90), exact(30, 200)]
            let constrained = ranges[next(ranges.count)]
            func tree(clamped: Bool) -> StackLayoutSpec {
                let children: [any LayoutElement] = plans.enumerated().map { index, plan in
                    let node: LayoutNode =
                        clamped
                        ? ClampedBoxNode("n\(index)", plan.width, plan.height)
                        : BoxNode("n\(index)", plan.width, plan.height)
                    node.style = plan.style
                    return node
                }
                return StackLayoutSpec(
                    direction: vertical ? .vertical : .horizontal, spacing: spacing, alignItems: align,
                    flexWrap: wrap, children: children)
            }
            let expected = render(tree(clamped: false), constrained)
            let actual = render(tree(clamped: true), constrained)
            #expect(actual == expected, "\(plans.map(\.style)) \(vertical) \(align) \(wrap) \(constrained)")
            if actual != expected { return }
        }
    }

    /// Deferring nested stacks changes no frame: random stacks of stacks (each of one to three
    /// leaves, in either direction, with its own basis, flex factors and min/max) lay out exactly
    /// as when every nested stack is measured up front, as Texture measures it.
    @Test func deferredStacksLayOutAsMeasuredStacks() {
        var seed: UInt64 = 0xD1B5_4A32_D192_ED03
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        for _ in 0..<2_000 {
            struct Plan {
                var style = Style()
                var vertical = false
                var align = StackAlignItems.start
                var spacing = 0.0
                var leaves: [(width: Double, height: Double, grow: Double)] = []
            }
            var plans: [Plan] = []
            for _ in 0..<(1 + next(3)) {
                var plan = Plan()
                switch next(3) {
                case 0: plan.style.flexBasis = .points(0)
                case 1: plan.style.flexBasis = .points(Double(next(60)))
                default: break
                }
                plan.style.flexGrow = Double(next(3))
                plan.style.flexShrink = Double(next(2))
                if next(5) == 0 { plan.style.minWidth = .points(Double(next(40))) }
                if next(5) == 0 { plan.style.maxWidth = .points(Double(next(80))) }
                if next(5) == 0 { plan.style.minHeight = .points(Double(next(30))) }
                if next(4) == 0 { plan.style.alignSelf = [.start, .center, .end, .stretch][next(4)] }
                plan.vertical = next(2) == 0
                plan.align = [StackAlignItems.start, .center, .end, .stretch][next(4)]
                plan.spacing = Double(next(3) * 3)
                for _ in 0..<(1 + next(3)) { plan.leaves.append((Double(next(50)), Double(next(30)), Double(next(2)))) }
                plans.append(plan)
            }
            let vertical = next(2) == 0
            let align = [StackAlignItems.start, .center, .end, .stretch][next(4)]
            let wrap: StackFlexWrap = next(4) == 0 ? .wrap : .noWrap
            let ranges = [exact(120, 80), upTo(120, 80), upTo(inf, inf), range(40, 10, 160, 90), exact(30, 200)]
            let constrained = ranges[next(ranges.count)]
            func tree(deferred: Bool) -> StackLayoutSpec {
                let children: [any LayoutElement] = plans.enumerated().map { index, plan in
                    let leaves: [any LayoutElement] = plan.leaves.enumerated().map { leaf, size in
                        box("n\(index).\(leaf)", size.width, size.height) { $0.flexGrow = size.grow }
                    }
                    let nested = StackLayoutSpec(
                        direction: plan.vertical ? .vertical : .horizontal, spacing: plan.spacing,
                        alignItems: plan.align, children: leaves)
                    nested.style = plan.style
                    return deferred ? nested : MeasuredUpFront(nested)
                }
                return StackLayoutSpec(
                    direction: vertical ? .vertical : .horizontal, spacing: 4, alignItems: align, flexWrap: wrap,
                    children: children)
            }
            let expected = render(tree(deferred: false), constrained)
            let actual = render(tree(deferred: true), constrained)
            #expect(actual == expected, "\(plans.map(\.style)) \(vertical) \(align) \(wrap) \(constrained)")
            if actual != expected { return }
        }
    }
}
