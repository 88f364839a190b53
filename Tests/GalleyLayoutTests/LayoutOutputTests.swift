import GalleyLayout
import Testing

@Test func layoutCeilsSizeAndZeroesInvalidSizes() {
    let spec = LayoutSpec()
    #expect(Layout(element: spec, size: Size(width: 10.2, height: 3)).size == Size(width: 11, height: 3))
    #expect(Layout(element: spec, size: Size(width: .infinity, height: 3)).size == .zero)
    #expect(Layout(element: spec, size: Size(width: -1, height: 3)).size == .zero)
    #expect(Layout(element: spec, size: Size(width: .nan, height: 3)).size == .zero)
    let layout = Layout(element: spec, size: Size(width: 5, height: 5))
    layout.position = Point(x: .nan, y: 2.5)
    #expect(layout.frame == Rect(x: 0, y: 2.5, width: 5, height: 5))
}

@Test func nodeLayoutIsFlattened() {
    let a = box("a", 10, 10)
    let b = box("b", 10, 10)
    let host = HostNode(InsetLayoutSpec(insets: EdgeInsets(all: 2), child: hstack(spacing: 1, [a, b])))
    let layout = host.layoutThatFits(upTo(100, 100))
    #expect(layout.sublayouts.count == 2)
    #expect(layout.sublayouts[0].element === a && layout.sublayouts[1].element === b)
    #expect(layout.sublayouts.map(\.position) == [Point(x: 2, y: 2), Point(x: 13, y: 2)])
}

/// Flattening moves a node's layout instead of copying it: a node hands each parent a layout of
/// its own, so moving one never moves another parent's, nor the sublayouts the node keeps cached.
@Test func flatteningMovesOnlyTheLayoutItsParentWasHanded() {
    let inner = HostNode(InsetLayoutSpec(insets: EdgeInsets(all: 1.25), child: box("leaf", 4, 4)), name: "inner")
    // Two hosts measure the node at the same size (the second is a cache hit) and place it apart.
    let near = HostNode(
        InsetLayoutSpec(insets: EdgeInsets(top: 10.5, left: 10.5, bottom: 10.5, right: 10.5), child: inner))
    let far = HostNode(
        InsetLayoutSpec(insets: EdgeInsets(top: 30.5, left: 20.5, bottom: -9.5, right: 0.5), child: inner))
    let nearLayout = near.layoutThatFits(upTo(100, 100))
    let measurements = inner.measurementCount
    let farLayout = far.layoutThatFits(upTo(100, 100))
    #expect(inner.measurementCount == measurements)
    #expect(nearLayout.sublayouts.count == 1 && farLayout.sublayouts.count == 1)
    #expect(nearLayout.sublayouts[0] !== farLayout.sublayouts[0])
    #expect(nearLayout.sublayouts[0].position == Point(x: 11, y: 11))
    #expect(farLayout.sublayouts[0].position == Point(x: 21, y: 31))
    // The node's own leaf stays where the node put it (ceil(1.25)), in both and in its cache.
    #expect(nearLayout.sublayouts[0].sublayouts.map(\.position) == [Point(x: 2, y: 2)])
    #expect(farLayout.sublayouts[0].sublayouts.map(\.position) == [Point(x: 2, y: 2)])
    #expect(nearLayout.flattenedNodeFrames().map(\.frame.origin) == [Point(x: 11, y: 11), Point(x: 13, y: 13)])
}

@Test func flattenedNodeFramesAccumulateNestedNodes() {
    let inner = HostNode(InsetLayoutSpec(insets: EdgeInsets(all: 1), child: box("leaf", 4, 4)), name: "inner")
    let host = HostNode(InsetLayoutSpec(insets: EdgeInsets(all: 10), child: inner))
    let frames = host.layoutThatFits(upTo(100, 100)).flattenedNodeFrames()
    #expect(frames.map { $0.node.debugName } == ["inner", "leaf"])
    #expect(frames.map(\.frame) == [Rect(x: 10, y: 10, width: 6, height: 6), Rect(x: 11, y: 11, width: 4, height: 4)])
}

@Test func overlayAndBackgroundDrawingOrder() {
    let frames = HostNode(
        BackgroundLayoutSpec(
            child: OverlayLayoutSpec(child: box("content", 5, 5), overlay: fill("over")), background: fill("back"))
    ).layoutThatFits(upTo(50, 50)).flattenedNodeFrames()
    #expect(frames.map { $0.node.debugName } == ["back", "content", "over"])
}

@Test func asciiArtLeafIsItsName() {
    #expect(box("a", 1, 1).asciiArtString == "box (a)")
    #expect(LayoutNode().asciiArtString == "node")
}

@Test func asciiArtHorizontalStack() {
    let stack = hstack([box("a", 1, 1), box("b", 1, 1)])
    #expect(
        stack.asciiArtString == """
            ----StackLayoutSpec---
            |  box (a)  box (b)  |
            ----------------------
            """)
}

@Test func asciiArtVerticalStack() {
    let stack = vstack([box("a", 1, 1), box("b", 1, 1)])
    #expect(
        stack.asciiArtString == """
            -----StackLayoutSpec-----
            |        box (a)        |
            |        box (b)        |
            -------------------------
            """)
}

@Test func asciiArtNarrowChildPadsToName() {
    let inset = InsetLayoutSpec(insets: .zero, child: box("a", 1, 1))
    #expect(
        inset.asciiArtString == """
            --InsetLayoutSpec--
            |     box (a)     |
            -------------------
            """)
}

@Test func asciiArtNestedAndDebugName() {
    let inner = hstack([box("a", 1, 1)])
    inner.debugName = "row"
    let outer = vstack([inner, box("b", 1, 1)])
    // Inner: 13-wide content under a 21-wide name → 6 spaces each side → 25 wide. Outer: no name padding;
    // "box (b)" is centred in 25 with 9 spaces each side.
    let expected = """
        --------StackLayoutSpec--------
        |  --StackLayoutSpec (row)--  |
        |  |        box (a)        |  |
        |  -------------------------  |
        |           box (b)           |
        -------------------------------
        """
    #expect(outer.asciiArtString == expected)
}

@Test func layoutAsciiArtShowsTheNodesSpecTree() {
    let host = HostNode(hstack([box("a", 1, 1), box("b", 1, 1)]))
    let layout = host.layoutThatFits(upTo(10, 10))
    #expect(layout.asciiArtString == hstack([box("a", 1, 1), box("b", 1, 1)]).asciiArtString)
    #expect(box("c", 1, 1).layoutThatFits(upTo(10, 10)).asciiArtString == "box (c)")
}
