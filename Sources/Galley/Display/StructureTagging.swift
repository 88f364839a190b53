import GalleyLayout
import GalleyRender
import Synchronization

/// How a node appears in a tagged PDF (template keys `role`, `alt`, `lang`).
public struct NodeAccessibility: Hashable, Sendable {
    /// What the node is in the structure tree.
    public enum Role: Hashable, Sendable {
        /// A structure element of this role.
        case element(StructureRole)
        /// Decoration: the node and its subtree are an artifact, not content.
        case artifact
    }

    /// nil keeps the node class's default role (`DisplayNode.defaultStructureRole(inside:)`).
    public var role: Role?
    /// The alternate description of a figure (`/Alt`): required for figures under PDF/UA.
    public var alternateText: String?
    /// The node's language (BCP 47) when it differs from the document's (`/Lang`).
    public var language: String?

    public init(role: Role? = nil, alternateText: String? = nil, language: String? = nil) {
        self.role = role
        self.alternateText = alternateText
        self.language = language
    }
}

/// What the display-list builder opens around a node in tagged output: the node's structure
/// element (with a Link element inside it when the node is a link), an artifact, or nothing.
///
/// Defaults follow the node tree: a text node is a paragraph (a heading at its bookmark's
/// level), or the content of the cell, list item or heading it sits in; an image, a custom
/// drawing or a rasterized subtree is a figure; a table is `Table` with a `THead` holding its
/// header row and a `TBody` its body rows, rows `TR`, cells `TD` or (header) `TH` with
/// `/Scope /Column`. Nodes with no role (boxes, the root) add no element: what they hold
/// belongs to the element around them. What a grouping element's node draws itself (a
/// table's grid, a row's background) is decoration.
enum StructureTagging {
    enum Tag {
        case none
        case artifact
        /// The node's element, and the Link element inside it when the node is a link.
        case element(StructureElement, link: StructureElement?)

        /// Whether the node's own drawing is decoration (its element groups other elements).
        var drawsDecoration: Bool {
            if case .element(let element, _) = self { element.role.isGrouping } else { false }
        }
    }

    /// Identities are handed out once per node, process-wide: a number is never reused, so two
    /// nodes of one document never share an element (rows built for one page and dropped can
    /// share a memory address with the next page's).
    private static let counter = Atomic<Int>(1)

    /// The base of a node's element identities: the node's element is `base * 4`, its link
    /// `+ 1`, a table's THead `+ 2` and TBody `+ 3`.
    static func base(of node: DisplayNode) -> Int {
        if let id = node.structureIdentifier { return id }
        let id = counter.add(1, ordering: .relaxed).oldValue
        node.structureIdentifier = id
        return id
    }

    /// What to open around `node` drawn into `context`; `rasterized` for a subtree drawn as one
    /// bitmap, which is a figure unless told otherwise.
    static func tag(for node: DisplayNode, in context: GraphicsContext, rasterized: Bool = false) -> Tag {
        guard context.recordsStructure, !context.isInArtifact else { return .none }
        let accessibility = node.accessibility
        let role: StructureRole?
        switch accessibility?.role {
        case .artifact: return .artifact
        case .element(let explicit): role = explicit
        case nil: role = rasterized ? .figure : node.defaultStructureRole(inside: context.openRoles.last)
        }
        guard let role else { return .none }
        let base = base(of: node)
        let element = StructureElement(
            id: base * 4, role: role, alternateText: accessibility?.alternateText, language: accessibility?.language,
            headerScope: role == .tableHeader ? .column : nil, origin: node.origin?.originDescription)
        let link =
            node.link != nil && role != .link
            ? StructureElement(id: base * 4 + 1, role: .link, alternateText: accessibility?.alternateText) : nil
        return .element(element, link: link)
    }

    /// Draws `body` inside the tag's elements (or as an artifact).
    static func wrap(_ tag: Tag, in context: GraphicsContext, _ body: (GraphicsContext) throws -> Void) rethrows {
        switch tag {
        case .none:
            try body(context)
        case .artifact:
            try context.artifact(.layout, body)
        case .element(let element, let link):
            context.beginStructure(element)
            if let link { context.beginStructure(link) }
            defer {
                if link != nil { context.endStructure() }
                context.endStructure()
            }
            try body(context)
        }
    }
}

/// Groups a table's rows in `THead` and `TBody` while its sublayouts are drawn in order (the
/// same element continues on every page the table reaches).
struct TableSections {
    private let table: TableNode?
    private var open: StructureRole?

    init(_ node: DisplayNode, in context: GraphicsContext) {
        table = context.recordsStructure && context.openRoles.last == .table ? node as? TableNode : nil
    }

    /// Opens the section `child` belongs to, closing the previous one when it differs.
    mutating func enter(_ child: Layout, in context: GraphicsContext) {
        guard let table, let row = child.element as? TableRowNode else { return }
        let section: StructureRole = row === table.headerRow ? .tableHead : .tableBody
        guard section != open else { return }
        finish(in: context)
        let base = StructureTagging.base(of: table)
        context.beginStructure(StructureElement(id: base * 4 + (section == .tableHead ? 2 : 3), role: section))
        open = section
    }

    /// Closes the open section.
    mutating func finish(in context: GraphicsContext) {
        guard open != nil else { return }
        context.endStructure()
        open = nil
    }
}
