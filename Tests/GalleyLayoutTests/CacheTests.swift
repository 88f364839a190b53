import GalleyLayout
import Testing

@Test func cacheReturnsSameLayoutForIdenticalRequest() {
    let leaf = box("a", 10, 10)
    let host = HostNode(WrapperLayoutSpec(child: leaf))
    let first = host.layoutThatFits(upTo(100, 100))
    let second = host.layoutThatFits(upTo(100, 100))
    // The cache answers with an equal result (a fresh object, so a cached Layout never keeps
    // its node alive through `element`), and nothing is measured again.
    #expect(first.size == second.size && first.sublayouts.map(\.frame) == second.sublayouts.map(\.frame))
    #expect(first.sublayouts.first?.element === second.sublayouts.first?.element)
    #expect(host.measurementCount == 1 && leaf.measurementCount == 1)
}

@Test func cacheInvalidationRemeasuresOnlyInvalidatedNodes() {
    let leaf = box("a", 10, 10)
    let host = HostNode(WrapperLayoutSpec(child: leaf))
    _ = host.layoutThatFits(upTo(100, 100))
    host.invalidateCalculatedLayout()
    _ = host.layoutThatFits(upTo(100, 100))
    // The wrapper asks the leaf with the same range and parent size: the leaf's cache answers.
    #expect(host.measurementCount == 2 && leaf.measurementCount == 1)
    leaf.invalidateCalculatedLayout()
    host.invalidateCalculatedLayout()
    _ = host.layoutThatFits(upTo(100, 100))
    #expect(host.measurementCount == 3 && leaf.measurementCount == 2)
}

@Test func cacheMissesOnNewRangeOrParentSize() {
    let leaf = box("a", 10, 10)
    _ = leaf.layoutThatFits(upTo(100, 100))
    _ = leaf.layoutThatFits(upTo(100, 100))
    #expect(leaf.measurementCount == 1)
    _ = leaf.layoutThatFits(upTo(50, 100))
    #expect(leaf.measurementCount == 2)
    _ = leaf.layoutThatFits(upTo(50, 100), parentSize: Size(width: 10, height: 10))
    #expect(leaf.measurementCount == 3)
}

// A NaN parent size never equals itself, so children of an inexact stack are remeasured (as in Texture).
@Test func cacheMissesWithUndefinedParentSize() {
    let leaf = box("a", 10, 10)
    let host = HostNode(hstack(align: .start, [leaf]))
    _ = host.layoutThatFits(upTo(100, 100))
    host.invalidateCalculatedLayout()
    _ = host.layoutThatFits(upTo(100, 100))
    #expect(leaf.measurementCount == 2)
}

@Test func cacheSurvivesExactStackRelayout() {
    let leaf = box("a", 10, 10)
    let host = HostNode(hstack(align: .start, [leaf]))
    _ = host.layoutThatFits(exact(100, 100))
    host.invalidateCalculatedLayout()
    _ = host.layoutThatFits(exact(100, 100))
    #expect(leaf.measurementCount == 1)
}

@Test func optimizedFlexingSkipsMeasurement() {
    let flexible = box("a", 40, 10) {
        $0.flexGrow = 1
        $0.flexShrink = 1
    }
    let host = HostNode(hstack(align: .start, [flexible, box("b", 120, 10)]))
    _ = host.layoutThatFits(exact(100, 50))
    #expect(flexible.measurementCount == 0)
}

@Test func stretchRemeasuresOnce() {
    let small = box("a", 10, 10)
    let host = HostNode(hstack([small, box("b", 10, 30)]))
    _ = host.layoutThatFits(upTo(100, 100))
    #expect(small.measurementCount == 2)
    #expect(small.ranges.last == exact(10, 30))
}

@Test func nodeSizeIsNotClampedAgain() {
    let host = HostNode(FixedSpec(300, 10))
    #expect(host.layoutThatFits(upTo(100, 100)).size == Size(width: 300, height: 10))
}

@Test func verticalStackExportsBaselines() {
    let stack = vstack([box("x", 10, 10) { $0.ascender = 8 }, box("y", 20, 10) { $0.descender = -3 }])
    _ = stack.layoutThatFits(upTo(100, 100))
    #expect(stack.style.ascender == 8 && stack.style.descender == -3)
    let row = hstack([box("x", 10, 10) { $0.ascender = 8 }])
    _ = row.layoutThatFits(upTo(100, 100))
    #expect(row.style.ascender == 0)
}
