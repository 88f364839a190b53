import GalleyLayout
import GalleyRender

/// The named destinations and bookmarks of a laid-out document, gathered in one walk of its
/// nodes in document order (canvas or paged body alike).
///
/// A node whose `id` an internal link (`link: "#id"`) targets exports an anchor, as does every
/// bookmarked node (which gets an id when it has none), so links and outline entries jump to it.
/// A link to an id no node has is kept as a warning.
struct DocumentAnchors {
    private var nodesByID: [String: DisplayNode] = [:]
    private var linkTargets: [(target: String, node: DisplayNode)] = []
    /// Bookmarks in document order, with the y of their node's top in the walked coordinates.
    private(set) var bookmarks: [(entry: OutlineEntry, y: Double)] = []

    /// Notes one node whose top is at `top`.
    mutating func visit(_ node: DisplayNode, top: Double) {
        if let identifier = node.identifier, nodesByID[identifier] == nil { nodesByID[identifier] = node }
        if case .destination(let target)? = node.link { linkTargets.append((target, node)) }
        if let text = node as? TextNode {
            // Links on runs of text (`link` in a text style): `#id` targets an element too.
            for span in text.spans {
                guard let link = span.style.link, link.hasPrefix("#"), link.count > 1 else { continue }
                linkTargets.append((String(link.dropFirst()), node))
            }
        }
        if let bookmark = node.bookmark {
            if node.identifier == nil { node.identifier = "galley-bookmark-\(bookmarks.count + 1)" }
            node.exportsAnchor = true
            bookmarks.append(
                (OutlineEntry(title: bookmark.title, level: bookmark.level, destination: node.identifier ?? ""), top))
        }
    }

    /// Marks every link target's node as exporting its anchor; returns a warning for each link
    /// whose target no node has.
    func resolve() -> [DocumentWarning] {
        var warnings: [DocumentWarning] = []
        for (target, node) in linkTargets {
            if let destination = nodesByID[target] {
                destination.exportsAnchor = true
            } else {
                warnings.append(
                    DocumentWarning(
                        message: "the link to \"#\(target)\" goes nowhere: no element has the id \"\(target)\"",
                        origin: node.origin?.originDescription))
            }
        }
        return warnings
    }

    /// Walks a whole layout tree (a canvas), tops in the tree's coordinates.
    static func of(_ root: Layout) -> DocumentAnchors {
        var anchors = DocumentAnchors()
        func walk(_ layout: Layout, y: Double) {
            if let node = layout.element as? DisplayNode { anchors.visit(node, top: y) }
            for sub in layout.sublayouts { walk(sub, y: y + sub.position.y) }
        }
        walk(root, y: 0)
        return anchors
    }
}
