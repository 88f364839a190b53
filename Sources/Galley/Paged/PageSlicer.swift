import GalleyLayout
import GalleyRender

/// Draws the part of a paged body that one page shows: nodes wholly inside the page's slice
/// are drawn whole; a node the slice edge cuts is drawn as a fragment — its layer (background,
/// border, opacity, shadow, transform about the whole node's centre, clip) around the subnodes
/// the slice shows — on every page it reaches, its anchor on the page where it starts.
struct PageSlicer {
    /// The body's part on this page, in body coordinates.
    let slice: Pagination.Slice
    /// What moves body coordinates onto the page.
    let offset: Point

    /// Draws a body node laid out at `origin` (body coordinates), if the slice shows any of it.
    func draw(_ layout: Layout, origin: Point, in page: DisplayListBuilder.Recording) throws {
        guard let node = layout.element as? DisplayNode else { return }
        let top = origin.y
        let bottom = origin.y + layout.size.height
        let eps = FlowAnalysis.epsilon
        guard bottom > slice.top + eps || (layout.size.height == 0 && top >= slice.top), top < slice.bottom - eps else {
            return
        }
        let at = Point(x: origin.x + offset.x, y: origin.y + offset.y)
        let startsHere = top >= slice.top - eps
        if (startsHere && bottom <= slice.bottom + eps) || layout.sublayouts.isEmpty {
            // The anchor belongs to the page where the node starts.
            let exports = node.exportsAnchor
            if !startsHere { node.exportsAnchor = false }
            defer { node.exportsAnchor = exports }
            try page.display(layout, at: at)
            return
        }
        // A rasterized container is drawn as vectors when cut: its fragments are not one bitmap.
        try page.displayFragment(
            node, size: layout.size, at: at, exportsAnchor: startsHere && node.exportsAnchor
        ) { inside in
            // The fragment draws in the node's own coordinates: its subnodes are placed
            // relative to the node, so their body origins are moved by the node's.
            let local = PageSlicer(slice: slice, offset: Point(x: -origin.x, y: -origin.y))
            try inside.forEachSublayout(of: node, layout.sublayouts) { sub in
                let subOrigin = Point(x: origin.x + sub.position.x, y: origin.y + sub.position.y)
                try local.draw(sub, origin: subOrigin, in: inside)
            }
        }
    }
}
