import Galley
import GalleyLayout
import GalleyText

/// A generated table of contents (`TableOfContentsNode`): an optional title, then one entry
/// per bookmark of the document (`.bookmark(_:level:)`) of the listed levels, indented by level,
/// with a leader and the page the bookmark lands on; each entry links to its bookmark.
///
/// ```swift
/// Report {
///     TableOfContents(title: "Contents", levels: 2)
///     Text("Summary").bookmark("Summary")
///     …
/// }
/// ```
///
/// It lists every bookmark of the body, before or after it, in document order; its text style
/// is the inherited one (the title bold at 1.4 × its size). The body is laid out once: an
/// entry's height depends only on its title, and the page numbers are typeset when the page is
/// drawn, as for the template's `toc` element.
public struct TableOfContents: ReportContent {
    public var title: String?
    /// The bookmark levels listed (1 = top level); the first is not indented.
    public var levels: ClosedRange<Int>
    public var leader: TableOfContentsLeader
    /// Indent per level below the first listed, in points.
    public var indent: Double
    /// Space between entries.
    public var spacing: Double

    /// Lists bookmark levels 1 through `levels` (the template's `levels`).
    public init(
        title: String? = "Contents", levels: Int = 3, leader: TableOfContentsLeader = .dots, indent: Double = 12,
        spacing: Double = 4
    ) {
        self.init(title: title, levels: 1...max(1, levels), leader: leader, indent: indent, spacing: spacing)
    }

    /// Lists the bookmark levels in `levels`, e.g. `2...3` to leave out a level-1 document title.
    public init(
        title: String? = "Contents", levels: ClosedRange<Int>, leader: TableOfContentsLeader = .dots,
        indent: Double = 12, spacing: Double = 4
    ) {
        self.title = title
        self.levels = max(1, levels.lowerBound)...max(1, levels.upperBound)
        self.leader = leader
        self.indent = max(0, indent)
        self.spacing = spacing
    }

    public func makeElements(in context: ReportContext) throws -> [any LayoutElement] {
        let style = context.textStyle
        var titleNode: TextNode?
        if let title, !title.isEmpty {
            var titleStyle = style
            titleStyle.weight = 700
            titleStyle.fontSize = (style.fontSize * 1.4).rounded()
            let node = TextNode(spans: [TextSpan(text: title, style: titleStyle)], registry: context.registry)
            context.hints.keepWithNext(node)
            titleNode = node
        }
        let node = TableOfContentsNode(title: titleNode, spacing: spacing)
        context.contents.tables.append(
            ContentsCollector.Pending(
                node: node, levels: levels, style: style, indent: indent, leader: leader, registry: context.registry))
        return [node]
    }
}

/// The bookmarks of one build in document order and the tables of contents that list them,
/// given their entries once the whole body is built (a table of contents usually comes before
/// the headings it lists).
struct ContentsCollector {
    struct Pending {
        let node: TableOfContentsNode
        let levels: ClosedRange<Int>
        let style: TextStyle
        let indent: Double
        let leader: TableOfContentsLeader
        let registry: FontRegistry
    }

    /// Bookmarked nodes with the order their content started building in (pre-order: a
    /// bookmarked container comes before the bookmarks inside it, built first).
    var bookmarks: [(order: Int, node: DisplayNode)] = []
    var tables: [Pending] = []
    /// The order of each element built by `OrderedContent`, by identity.
    var orders: [ObjectIdentifier: Int] = [:]
    private var nextOrder = 0

    /// A number for content about to be built, increasing in document order.
    mutating func claimOrder() -> Int {
        defer { nextOrder += 1 }
        return nextOrder
    }

    /// Gives every table of contents its entries, linked to the bookmarked nodes (which get an
    /// `identifier` if they had none) and numbered from `references` when pages are drawn.
    func finish(references: PageReferences) {
        guard !tables.isEmpty else { return }
        let ordered = bookmarks.enumerated().sorted { ($0.element.order, $0.offset) < ($1.element.order, $1.offset) }
        var entries: [TableOfContentsEntry] = []
        for (_, bookmarked) in ordered {
            let node = bookmarked.node
            guard let bookmark = node.bookmark else { continue }
            if node.identifier == nil { node.identifier = "galley-toc-\(entries.count + 1)" }
            node.exportsAnchor = true
            entries.append(
                TableOfContentsEntry(title: bookmark.title, level: bookmark.level, destination: node.identifier ?? ""))
        }
        for table in tables {
            let nodes = entries.filter { table.levels.contains($0.level) }.map { entry in
                TableOfContentsEntryNode(
                    entry: entry, textStyle: table.style,
                    indent: Double(entry.level - table.levels.lowerBound) * table.indent,
                    leader: table.leader, references: references, registry: table.registry)
            }
            table.node.setEntries(nodes)
        }
    }
}

/// Content whose elements remember the order they started building in (`ContentsCollector`).
struct OrderedContent: ReportContent {
    let content: any ReportContent

    func makeElements(in context: ReportContext) throws -> [any LayoutElement] {
        let order = context.contents.claimOrder()
        let elements = try content.makeElements(in: context)
        for element in elements { context.contents.orders[ObjectIdentifier(element)] = order }
        return elements
    }
}
