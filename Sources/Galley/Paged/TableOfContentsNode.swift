import GalleyLayout
import GalleyRender
import GalleyText

/// The page each named destination (a bookmarked node's `identifier`) lands on, filled in by
/// `PagedDocument.paginate()` and read by table-of-contents entries when a page is drawn.
public final class PageReferences {
    /// 1-based page numbers by destination name.
    public private(set) var pages: [String: Int] = [:]

    public init() {}

    /// Records where the outline entries of `pagination` land.
    public func record(_ pagination: Pagination) {
        pages.removeAll(keepingCapacity: true)
        for (entry, page) in pagination.outline where pages[entry.destination] == nil {
            pages[entry.destination] = page
        }
    }
}

/// One line of a table of contents: the bookmark it lists and where it points.
public struct TableOfContentsEntry: Hashable, Sendable {
    public var title: String
    /// Outline level, 1 = top.
    public var level: Int
    /// The `identifier` of the bookmarked node (its anchor).
    public var destination: String

    public init(title: String, level: Int, destination: String) {
        self.title = title
        self.level = level
        self.destination = destination
    }
}

/// How a table of contents fills the space between a title and its page number.
public enum TableOfContentsLeader: String, Hashable, Sendable, CaseIterable {
    case dots
    case space
}

/// A generated table of contents: an optional title, then one entry per bookmark (indented by
/// level), each with a dot leader and its right-aligned page number, and each a link to the
/// bookmark's anchor.
///
/// Page numbers are only known after pagination, but the body is laid out once, before it: an
/// entry's size depends only on its title (the number's width is reserved, `numberWidth`), so
/// the numbers are typeset when the page is drawn, from `references`. Example: 3 single-line
/// entries at 10 pt with `lineHeight` 1.2 and `spacing` 4 make a table 3 × 12 + 2 × 4 = 44 pt tall.
public final class TableOfContentsNode: DisplayNode {
    public let title: TextNode?
    public private(set) var entryNodes: [TableOfContentsEntryNode] = []
    /// Space between entries.
    public var spacing: Double
    /// Space between the title and the first entry.
    public var titleSpacing: Double

    public init(title: TextNode? = nil, spacing: Double = 4, titleSpacing: Double = 8) {
        self.title = title
        self.spacing = spacing
        self.titleSpacing = titleSpacing
        super.init()
        automaticallyManagesSubnodes = true
    }

    public override var typeName: String { "toc" }

    public override func defaultStructureRole(inside parent: StructureRole?) -> StructureRole? { .toc }

    /// Sets the entries (before the first layout).
    public func setEntries(_ nodes: [TableOfContentsEntryNode]) {
        entryNodes = nodes
        invalidateCalculatedLayout()
    }

    public override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> (any LayoutElement)? {
        let list = StackLayoutSpec(direction: .vertical, spacing: spacing, alignItems: .stretch, children: entryNodes)
        guard let title else { return list }
        return StackLayoutSpec(
            direction: .vertical, spacing: titleSpacing, alignItems: .stretch, children: [title, list])
    }
}

/// One table-of-contents line, a leaf: the title (wrapping inside the width left by the
/// indent and the reserved number width), the leader after its last line, and the page number
/// right-aligned on the last line's baseline.
public final class TableOfContentsEntryNode: DisplayNode, DrawingNode {
    public struct Parameters: Hashable, Sendable {
        public var items: [DisplayItem]
    }

    public let entry: TableOfContentsEntry
    public var textStyle: TextStyle
    public var indent: Double
    public var leader: TableOfContentsLeader
    /// Width kept free for the page number (and the gap before it).
    public var numberWidth: Double
    /// Where the page numbers come from; nil (or a missing destination) draws no number.
    public var references: PageReferences?
    public let registry: FontRegistry
    /// The entry's direction: `rtl` (or `auto` with a right-to-left title) mirrors it — the indent
    /// on the right, the title right-aligned, the leader to its left and the number at the left edge.
    public var direction: TextDirection = .auto

    public init(
        entry: TableOfContentsEntry, textStyle: TextStyle, indent: Double, leader: TableOfContentsLeader = .dots,
        numberWidth: Double? = nil, references: PageReferences? = nil, registry: FontRegistry = .shared
    ) {
        self.entry = entry
        self.textStyle = textStyle
        self.indent = indent
        self.leader = leader
        self.registry = registry
        self.references = references
        // Four digits and a gap, unless told otherwise.
        self.numberWidth = numberWidth ?? (textStyle.fontSize * 2.4 + textStyle.fontSize).rounded(.up)
        super.init()
        link = .destination(entry.destination)
    }

    public override var typeName: String { "tocEntry" }

    public override func defaultStructureRole(inside parent: StructureRole?) -> StructureRole? { .toci }

    private func titleWidth(_ width: Double) -> Double { max(1, width - indent - numberWidth) }

    private func titleLayout(width: Double) -> ParagraphLayout {
        Typesetter.layout(
            [TextSpan(text: entry.title, style: textStyle)], paragraph: ParagraphStyle(direction: direction),
            width: titleWidth(width), registry: registry)
    }

    public override func calculateSizeThatFits(_ constrainedSize: Size) -> Size {
        let width = constrainedSize.width.isFinite ? constrainedSize.width : indent + numberWidth + 200
        let layout = titleLayout(width: width)
        return Size(width: width, height: layout.size.height)
    }

    /// The page number of the entry's destination, if pagination has placed it.
    public var pageNumber: Int? { references?.pages[entry.destination] }

    public func drawParameters() -> Parameters {
        let width = bounds.width
        let title = titleLayout(width: width)
        // Mirrored for a right-to-left entry: [number][leader][title][indent].
        let rtl = direction == .rtl || (direction == .auto && title.paragraphIsRTL)
        let titleX = rtl ? width - indent - titleWidth(width) : indent
        var items = [DisplayItem]()
        let group = DisplayGroup(transform: .translation(x: titleX, y: 0), items: title.items)
        items.append(.group(group))
        guard let last = title.lines.last else { return Parameters(items: items) }
        let numberText = pageNumber.map(String.init) ?? ""
        let number = Typesetter.layout(
            [TextSpan(text: numberText, style: textStyle)], paragraph: ParagraphStyle(), width: .infinity,
            registry: registry)
        let numberX = rtl ? 0 : width - number.size.width
        if !number.items.isEmpty {
            let y = last.baseline - number.firstBaseline
            items.append(.group(DisplayGroup(transform: .translation(x: numberX, y: y), items: number.items)))
        }
        if leader == .dots, textStyle.fontSize > 0 {
            // Dots on a grid measured from the number's edge, so leaders line up from entry to entry;
            // at least a point apart (below 1 pt text the step rounded to 0 and the loop never ended).
            let step = max(1, (textStyle.fontSize * 0.5).rounded())
            let radius = max(0.4, textStyle.fontSize * 0.06)
            let gap = textStyle.fontSize * 0.4
            let numberSpan = number.size.width > 0 ? number.size.width : textStyle.fontSize
            var path = Path()
            if rtl {
                let end = titleX + last.x - gap
                var x = numberSpan + gap + radius
                while x + radius <= end {
                    let dot = Rect(
                        x: x - radius, y: last.baseline - radius * 1.5, width: 2 * radius, height: 2 * radius)
                    path.append(Path(ellipseIn: dot))
                    x += step
                }
            } else {
                let start = indent + last.x + last.width + gap
                var x = width - numberSpan - gap - radius
                while x - radius >= start {
                    let dot = Rect(
                        x: x - radius, y: last.baseline - radius * 1.5, width: 2 * radius, height: 2 * radius)
                    path.append(Path(ellipseIn: dot))
                    x -= step
                }
            }
            if !path.isEmpty { items.append(.fill(path, textStyle.color)) }
        }
        return Parameters(items: items)
    }

    public static func draw(
        _ parameters: Parameters, in context: GraphicsContext, bounds: Rect, isCancelled: CancellationCheck,
        isRasterizing: Bool
    ) throws {
        context.append(contentsOf: parameters.items)
    }
}
