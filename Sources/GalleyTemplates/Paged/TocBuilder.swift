import Galley
import GalleyLayout
import GalleyRender
import GalleyText

/// The bookmarked nodes of a body, in document order, and the `toc` elements that list them.
/// Entries are filled in once the whole body is built (a table of contents usually comes
/// before the headings it lists).
struct ContentsCollector {
    struct Pending {
        let node: TableOfContentsNode
        let levels: Int
        let style: TextStyle
        let indent: Double
        let leader: TableOfContentsLeader
        let registry: FontRegistry
        /// The TOC's `dir` (or the nearest around it): `rtl` mirrors every entry, `auto` each RTL title.
        var direction: TextDirection = .auto
    }

    /// One slot per element with a `bookmark` key, reserved before its children are built.
    private var slots: [DisplayNode?] = []
    private(set) var pending: [Pending] = []

    mutating func reserveSlot(if bookmarked: Bool) -> Int? {
        guard bookmarked else { return nil }
        slots.append(nil)
        return slots.count - 1
    }

    mutating func fill(_ slot: Int?, with node: DisplayNode) {
        guard let slot, node.bookmark != nil else { return }
        slots[slot] = node
    }

    mutating func add(_ toc: Pending) { pending.append(toc) }

    /// Gives every table of contents its entries, linked to the bookmarked nodes (which get an
    /// `identifier` if they had none) and numbered from `references` when pages are drawn.
    func finish(references: PageReferences?) {
        guard !pending.isEmpty else { return }
        var bookmarks: [(node: DisplayNode, title: String, level: Int)] = []
        for case let node? in slots {
            guard let bookmark = node.bookmark else { continue }
            if node.identifier == nil { node.identifier = "galley-toc-\(bookmarks.count + 1)" }
            node.exportsAnchor = true
            bookmarks.append((node, bookmark.title, bookmark.level))
        }
        for toc in pending {
            let entries = bookmarks.filter { $0.level <= toc.levels }.map { bookmark in
                let entry = TableOfContentsEntryNode(
                    entry: TableOfContentsEntry(
                        title: bookmark.title, level: bookmark.level, destination: bookmark.node.identifier ?? ""),
                    textStyle: toc.style, indent: Double(max(0, bookmark.level - 1)) * toc.indent, leader: toc.leader,
                    references: references, registry: toc.registry)
                entry.direction = toc.direction
                return entry
            }
            toc.node.setEntries(entries)
        }
    }
}

extension ElementBuilder {
    /// `{"type": "toc", "title", "titleStyle", "levels", "leader", "indent", "spacing", "style", …TEXTSTYLE}`.
    /// `scope` gives the language and base direction of the title and entries (`lang`, `dir`).
    mutating func makeTableOfContents(
        _ element: ElementTemplate, _ p: ElementParameters, boundStyle: [BoundElement.Setter], scope: BindingScope
    ) -> TableOfContentsNode {
        let style = BoundElement.textStyle(element, p, bound: boundStyle, defaultStyle: site.template.defaultTextStyle)
        let toc = p.text
        var title: TextNode?
        if let text = toc.tocTitle, !text.isEmpty {
            var titleStyle = style
            if let named = toc.tocTitleStyle {
                titleStyle = named.style
            } else {
                titleStyle.weight = 700
                titleStyle.fontSize = (style.fontSize * 1.4).rounded()
            }
            let paragraph = ParagraphStyle(language: scope.language, direction: scope.direction ?? .auto)
            let node = TextNode(
                spans: [TextSpan(text: text, style: titleStyle)], paragraphStyle: paragraph,
                registry: site.resources.fonts)
            hints.keepWithNext(node)
            title = node
        }
        let node = TableOfContentsNode(title: title, spacing: toc.tocSpacing)
        contents.add(
            ContentsCollector.Pending(
                node: node, levels: max(1, toc.tocLevels), style: style, indent: toc.tocIndent, leader: toc.tocLeader,
                registry: site.resources.fonts, direction: scope.direction ?? .auto))
        return node
    }
}
