import GalleyLayout
import Testing

private func randomLayout(seed: UInt64) -> (String, [BoxNode]) {
    var builder = RandomTreeBuilder(seed: seed)
    let tree = builder.element(depth: 4)
    let range = builder.range()
    return (render(tree, range), builder.boxes)
}

@Test(arguments: 0..<40)
func randomTreesAreDeterministic(seed: Int) {
    let first = randomLayout(seed: UInt64(seed)).0
    let second = randomLayout(seed: UInt64(seed)).0
    #expect(first == second)
}

/// Every leaf's final size lies within the range it was last measured with (after ceiling).
@Test(arguments: 0..<40)
func leavesStayInsideTheirRange(seed: Int) {
    var builder = RandomTreeBuilder(seed: UInt64(seed) &+ 1000)
    let tree = builder.element(depth: 4)
    let layoutRange = builder.range()
    let layout = HostNode(tree).layoutThatFits(layoutRange)
    for (node, frame) in layout.flattenedNodeFrames() {
        guard let leaf = node as? BoxNode, let range = leaf.ranges.last, frame.size != .zero else { continue }
        for (value, low, high) in [
            (frame.width, range.min.width, range.max.width), (frame.height, range.min.height, range.max.height),
        ] where low.isFinite && high.isFinite && low <= high {
            #expect(value >= ceilPx(low) - 1e-9, "seed \(seed) \(leaf.debugName ?? "") \(range)")
            #expect(value <= ceilPx(high) + 1e-9, "seed \(seed) \(leaf.debugName ?? "") \(range)")
        }
    }
}

/// Laying out the same tree twice (cold, then through the cache) gives the same frames.
@Test(arguments: 0..<20)
func relayoutIsStable(seed: Int) {
    var builder = RandomTreeBuilder(seed: UInt64(seed) &+ 5000)
    let host = HostNode(builder.element(depth: 4))
    let range = builder.range()
    let first = describe(host.layoutThatFits(range))
    host.invalidateCalculatedLayout()
    #expect(describe(host.layoutThatFits(range)) == first)
}
