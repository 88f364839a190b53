// Flattening (ASLayout.mm:193-251): spec layouts disappear and each node gets a fresh layout at its
// ceiled absolute position. Nested nodes keep their own (already flattened) sublayouts.

extension Layout {
    /// The node layouts in a node's root spec layout (itself included if it is a node), depth-first in
    /// sublayout order, each at `ceilPx(absolute position)` relative to the node.
    ///
    /// Example: a stack at (0.5, 0) holding a node at (10.2, 0) yields the node at (11, 0).
    static func flattenedNodeLayouts(under root: Layout) -> [Layout] {
        var result: [Layout] = []
        if root.element is LayoutNode {
            result.append(
                Layout(flattened: root.element, size: root.size, position: root.position, sublayouts: root.sublayouts))
        } else {
            result.reserveCapacity(root.sublayouts.count)
            appendNodeLayouts(of: root, origin: root.position, to: &result)
        }
        return result
    }

    private static func appendNodeLayouts(of layout: Layout, origin: Point, to result: inout [Layout]) {
        for sublayout in layout.sublayouts {
            let absolute = Point(x: origin.x + sublayout.position.x, y: origin.y + sublayout.position.y)
            if sublayout.element is LayoutNode {
                result.append(
                    Layout(
                        flattened: sublayout.element, size: sublayout.size, position: absolute,
                        sublayouts: sublayout.sublayouts))
            } else {
                appendNodeLayouts(of: sublayout, origin: absolute, to: &result)
            }
        }
    }

    /// Every node below this layout, depth-first in drawing (sublayout) order, with its frame in this layout's
    /// coordinate space (origins are accumulated positions).
    ///
    /// Example: a root with child A at (10, 0) that holds B at (5, 5) yields `[(A, 10,0…), (B, 15,5…)]`.
    public func flattenedNodeFrames() -> [(node: LayoutNode, frame: Rect)] {
        var result: [(node: LayoutNode, frame: Rect)] = []
        appendFrames(of: self, origin: .zero, to: &result)
        return result
    }

    private func appendFrames(of layout: Layout, origin: Point, to result: inout [(node: LayoutNode, frame: Rect)]) {
        for sublayout in layout.sublayouts {
            let frame = sublayout.frame
            let absolute = Point(x: origin.x + frame.origin.x, y: origin.y + frame.origin.y)
            if let node = sublayout.element as? LayoutNode {
                result.append((node, Rect(origin: absolute, size: frame.size)))
            }
            appendFrames(of: sublayout, origin: absolute, to: &result)
        }
    }
}
