import Galley
import GalleyLayout
import GalleyRender

/// Builds the layout elements of one record from compiled element templates: applies `if`
/// and `each`, reads the bound properties, and makes nodes and specs.
struct ElementBuilder {
    let site: BuildSite
    /// Nodes whose `id` internal links or bookmarks may target, by id.
    private(set) var nodesByID: [String: DisplayNode] = [:]
    /// keepTogether / keepWithNext / orphans / widows of the built nodes (paged documents).
    let hints = PaginationHints()
    /// `colSpan` of table cells, by element identity.
    var colSpans: [ObjectIdentifier: Int] = [:]
    /// `rowSpan` of table cells, by element identity.
    var rowSpans: [ObjectIdentifier: Int] = [:]
    /// `verticalAlign` of table cells, by element identity.
    var verticalAlignments: [ObjectIdentifier: VerticalAlignment] = [:]
    /// Bookmarked nodes in document order and the tables of contents listing them.
    var contents = ContentsCollector()
    /// The `id` of the nearest identified spec being built, inside the nearest identified node: the
    /// transition group of the unidentified nodes built now (`DisplayNode.transitionGroup`).
    private var transitionGroup: String?

    init(site: BuildSite) {
        self.site = site
    }

    /// The elements an element template stands for in `scope`: none when its `if` is false,
    /// one per item with `each`, else one.
    mutating func build(_ element: ElementTemplate, scope: BindingScope) throws(TemplateError) -> [any LayoutElement] {
        if let repetition = element.repetition {
            let path = element.path.appending("each")
            let items = try site.evaluate(repetition.items, in: scope, at: path)
            guard case .array(let values) = items else {
                if items == .null { return [] }
                throw site.error(at: path, "\"each\" expects an array, got \(ValueReader.describe(items))")
            }
            var built = [any LayoutElement]()
            built.reserveCapacity(values.count)
            for (index, value) in values.enumerated() {
                // A cancelled render (a timeout) stops binding; its document is never drawn.
                if index & 63 == 63, LayoutCancellation.shouldStop { break }
                let itemScope = scope.iteration(value, index: index, as: repetition.name)
                if let one = try buildIfIncluded(element, scope: itemScope) { built.append(one) }
            }
            return built
        }
        return try buildIfIncluded(element, scope: scope).map { [$0] } ?? []
    }

    /// The element a repeated element template (`each`) stands for with item `index` of its
    /// items: nil when its `if` drops it (a lazily built table row, `TemplateRowSource`).
    mutating func buildItem(_ element: ElementTemplate, item: JSONValue, index: Int, scope: BindingScope)
        throws(TemplateError) -> (any LayoutElement)?
    {
        let itemScope = scope.iteration(item, index: index, as: element.repetition?.name ?? "item")
        return try buildIfIncluded(element, scope: itemScope)
    }

    /// Exactly one element for a slot (`child`, `overlay`…): an empty spec when `if` drops it.
    mutating func buildSlot(_ element: ElementTemplate?, scope: BindingScope) throws(TemplateError) -> any LayoutElement
    {
        guard let element else { return LayoutSpec() }
        return try build(element, scope: scope).first ?? LayoutSpec()
    }

    private mutating func buildIfIncluded(_ element: ElementTemplate, scope: BindingScope) throws(TemplateError)
        -> (any LayoutElement)?
    {
        if let condition = element.condition {
            guard try site.isTruthy(condition, in: scope, at: element.path.appending("if")) else { return nil }
        }
        let properties = try BoundProperties(element, scope: scope, site: site)
        // Reserved before the children are built, so bookmarks are listed in document order.
        let bookmarkSlot = contents.reserveSlot(
            if: element.hasLayerKeys && (properties["bookmark"].map { $0 != .null } ?? false))
        let group = transitionGroup
        if element.hasIdentityKeys, let id = try properties.string("id") {
            // An identified node scopes its descendants itself; an identified spec groups them.
            transitionGroup = ElementSchema.nodeTypes.contains(element.type) ? nil : id
        }
        defer { transitionGroup = group }
        var built = try make(element, properties, scope: scope)
        try StyleApplier.apply(properties, to: built)
        built = try applyPagination(properties, to: built)
        if let node = built as? DisplayNode {
            node.origin = element
            if node.identifier == nil, let group { node.transitionGroup = group }
            try LayerApplier.apply(properties, to: node, site: site)
            if let id = node.identifier { nodesByID[id] = node }
            contents.fill(bookmarkSlot, with: node)
        }
        return built
    }

    private mutating func make(_ element: ElementTemplate, _ p: BoundProperties, scope: BindingScope)
        throws(TemplateError)
        -> any LayoutElement
    {
        switch element.type {
        case "box": return try makeBox(element, p, scope: scope)
        case "text": return try TextBuilder(site: site).make(p)
        case "image": return try makeImage(p)
        case "barcode": return try BarcodeBuilder(site: site).make(p)
        case "node": return try makeCustomNode(p)
        case "table": return try makeTable(element, p, scope: scope)
        case "row": return try makeRow(element, p, scope: scope)
        case "pageBreak": return PageBreakNode()
        case "toc": return try makeTableOfContents(p)
        case "constraints":
            return try ConstraintsBuilder(site: site).make(p, children: children(element, scope: scope))
        default: return try makeSpec(element, p, scope: scope)
        }
    }

    private mutating func makeBox(_ element: ElementTemplate, _ p: BoundProperties, scope: BindingScope)
        throws(TemplateError)
        -> BoxNode
    {
        let box = BoxNode(intrinsicSize: try p.size("size") ?? .zero)
        if element.slots["child"] != nil {
            let child = try buildSlot(element.slots["child"], scope: scope)
            box.automaticallyManagesSubnodes = true
            box.layoutSpecBlock = { _ in child }
        }
        return box
    }

    private func makeImage(_ p: BoundProperties) throws(TemplateError) -> DisplayNode {
        guard let source = try p.string("src") else {
            throw site.error(
                at: p.element.path, "an image needs \"src\"", hint: "a path relative to the template, or a data: URI")
        }
        let graphic: ImageLoader.Graphic
        do {
            // Checked per record: a data-bound src is confined like a literal one.
            graphic = try site.resources.images.graphic(
                source, folders: site.template.resourceFolders, budget: site.imageBudget)
        } catch {
            throw site.error(at: p.element.path.appending("src"), error.description)
        }
        let mode = try p.choice("contentMode", ContentMode.self) ?? .scaleToFill
        switch graphic {
        case .bitmap(let image): return ImageNode(image: image, contentMode: mode)
        case .vector(let image):
            // librsvg finds the SVG's fonts through fontconfig: it must know the document's.
            site.resources.fonts.shareWithFontconfig()
            return VectorImageNode(image: image, contentMode: mode)
        }
    }

    private func makeCustomNode(_ p: BoundProperties) throws(TemplateError) -> DisplayNode {
        guard let name = try p.string("class") else {
            throw site.error(
                at: p.element.path, "a node element needs \"class\"",
                hint: "one of: \(site.resources.nodeClasses.names.joined(separator: ", "))")
        }
        guard let factory = site.resources.nodeClasses.factory(named: name) else {
            throw site.error(
                at: p.element.path.appending("class"), "no node class named \"\(name)\"",
                hint: "registered classes: \(site.resources.nodeClasses.names.joined(separator: ", "))")
        }
        let node: DisplayNode
        do {
            node = try factory(p["params"] ?? .object(JSONObject()))
        } catch {
            throw site.error(at: p.element.path.appending("params"), "\(name): \(error)")
        }
        // Nodes with text of their own (the chart) take the document's fonts and default style.
        if let styled = node as? DocumentStyledNode {
            styled.adoptDocumentStyle(site.template.defaultTextStyle, registry: site.resources.fonts)
        }
        return node
    }
}
