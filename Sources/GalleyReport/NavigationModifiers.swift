import Galley
import GalleyLayout
import GalleyRender

/// Identity and PDF navigation: identifiers, outline entries (bookmarks) and links.
extension ReportContent {
    /// Names the node: the destination of `.link("#id")`, and its name in layout dumps.
    public func id(_ identifier: String) -> ModifiedContent {
        onNode { edit in
            edit.node.identifier = identifier
            edit.node.debugName = identifier
        }
    }

    /// An outline (PDF bookmark) entry at `level` (1 = top) pointing at the element.
    /// A `TableOfContents` lists it.
    public func bookmark(_ title: String, level: Int = 1) -> ModifiedContent {
        ModifiedContent(OrderedContent(content: self)) { element, context in
            let order = context.contents.orders[ObjectIdentifier(element)] ?? context.contents.claimOrder()
            let node = context.node(hosting: element)
            node.bookmark = (title, max(1, level))
            node.exportsAnchor = true
            context.contents.bookmarks.append((order, node))
            return node
        }
    }

    /// Makes the element a link: `"#id"` jumps to the element with that `.id`, anything else is
    /// a URL. On text the link is on the glyphs (its spans' style), as in templates; on any
    /// other element it is the frame.
    public func link(_ target: String) -> ModifiedContent {
        modifier { element, context in
            if let text = element as? TextNode {
                text.spans = text.spans.map { span in
                    var span = span
                    span.style.link = target
                    return span
                }
                return text
            }
            let node = context.node(hosting: element)
            node.link = target.hasPrefix("#") ? .destination(String(target.dropFirst())) : .url(target)
            return node
        }
    }
}
