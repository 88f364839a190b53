import Testing

@testable import GalleyLayout

/// A `BoxNode` that declares itself a clamped leaf, so stacks may put off its measurement at an
/// exact flex basis (`ClampedLeafElement`).
final class ClampedBoxNode: BoxNode, ClampedLeafElement {
    var measuresAsClampedLeaf: Bool { true }
}

@Suite("stack: deferred measurement of clamped leaves")
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
}
