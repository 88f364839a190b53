// Flattening (ASLayout.mm:193-251): spec layouts disappear and each node's layout moves to its ceiled
// absolute position. Nested nodes keep their own (already flattened) sublayouts.
//
// Texture makes a new ASLayout for each node here; Galley moves the one it has. That is safe because
// `LayoutNode.layoutThatFits` returns a new object on every call, so a node's layout in a spec tree
// belongs to that tree alone, and the spec layouts around it are dropped once flattened.

extension Layout {
    /// The node layouts in a node's root spec layout (itself included if it is a node), depth-first in
    /// sublayout order, each at `ceilPx(absolute position)` relative to the node.
    ///
    /// Example: a stack at (0.5, 0) holding a node at (10.2, 0) yields the node at (11, 0).
    static func flattenedNodeLayouts(under root: Layout) -> [Layout] {
        var result: [Layout] = []
        if root.element is LayoutNode {
            root.moveToPixelGrid(root.position)
            result.append(root)
        } else {
            result.reserveCapacity(nodeLayoutCount(in: root))
            appendNodeLayouts(of: root, origin: root.position, to: &result)
        }
        return result
    }

    /// How many node layouts flattening `layout` yields (so the list is made at its size once).
    private static func nodeLayoutCount(in layout: Layout) -> Int {
        var count = 0
        for sublayout in layout.sublayouts {
            count += sublayout.element is LayoutNode ? 1 : nodeLayoutCount(in: sublayout)
        }
        return count
    }

    private static func appendNodeLayouts(of layout: Layout, origin: Point, to result: inout [Layout]) {
        for sublayout in layout.sublayouts {
            let absolute = Point(x: origin.x + sublayout.position.x, y: origin.y + sublayout.position.y)
            if sublayout.element is LayoutNode {
                sublayout.moveToPixelGrid(absolute)
                result.append(sublayout)
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
