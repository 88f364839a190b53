import Galley
import GalleyLayout
import GalleyRender

/// Builds the layout elements of one record from compiled element templates: applies `if`
/// and `each`, binds each element's keys (``BoundElement``), and makes nodes and specs.
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
        var built = [any LayoutElement]()
        try build(element, scope: scope, into: &built)
        return built
    }

    /// ``build(_:scope:)`` appending to `built` (a parent's list of children): no array of its
    /// own for the one element most templates stand for.
    mutating func build(_ element: ElementTemplate, scope: BindingScope, into built: inout [any LayoutElement])
        throws(TemplateError)
    {
        guard let repetition = element.repetition else {
            if let one = try buildIfIncluded(element, scope: scope) { built.append(one) }
            return
        }
        let path = element.path.appending("each")
        let items = try site.evaluate(repetition.items, in: scope, at: path)
        guard case .array(let values) = items else {
            if items == .null { return }
            throw site.error(at: path, "\"each\" expects an array, got \(ValueText.describe(items))")
        }
        if built.isEmpty { built.reserveCapacity(values.count) }
        for (index, value) in values.enumerated() {
            // A cancelled render (a timeout) stops binding; its document is never drawn.
            if index & 63 == 63, LayoutCancellation.shouldStop { break }
            let itemScope = scope.iteration(value, index: index, as: repetition.name)
            if let one = try buildIfIncluded(element, scope: itemScope) { built.append(one) }
        }
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
        // (No array of one for the usual slot, whose element is not repeated.)
        guard element.repetition != nil else { return try buildIfIncluded(element, scope: scope) ?? LayoutSpec() }
        return try build(element, scope: scope).first ?? LayoutSpec()
    }

    private mutating func buildIfIncluded(_ element: ElementTemplate, scope: BindingScope) throws(TemplateError)
        -> (any LayoutElement)?
    {
        // `lang` and `dir` first: the element's `if`, its other keys and its subtree are set in them.
        var scope = scope
        var scoped: ElementParameters?
        if element.setsScope {
            if element.scopeBound.isEmpty {
                scope = element.parameters.scope.applied(to: scope)
            } else {
                var parameters = element.parameters
                scope = try BoundElement.scope(of: element, in: scope, site: site, parameters: &parameters)
                scoped = parameters
            }
        }
        if let condition = element.condition {
            guard try site.isTruthy(condition, in: scope, at: element.path.appending("if")) else { return nil }
        }
        // Most elements have no bound keys: they are built from their compiled parameters, uncopied.
        guard !element.bound.isEmpty || scoped != nil else {
            return try finish(element, element.parameters, boundStyle: [], scope: scope)
        }
        var parameters = scoped ?? element.parameters
        let boundStyle = try BoundElement.bind(element, scope: scope, site: site, into: &parameters)
        return try finish(element, parameters, boundStyle: boundStyle, scope: scope)
    }

    /// Makes the element from its parameters for this record, then applies its style, pagination
    /// keys and (for a drawn node) its identity, layer, link, outline entry, tagging and timing.
    private mutating func finish(
        _ element: ElementTemplate, _ p: ElementParameters, boundStyle: [BoundElement.Setter], scope: BindingScope
    ) throws(TemplateError) -> any LayoutElement {
        // Reserved before the children are built, so bookmarks are listed in document order.
        let bookmarkSlot = contents.reserveSlot(if: p.node.bookmark != nil)
        // Set before the children are built: an identified node scopes its descendants itself, an
        // identified spec groups the unidentified nodes it lays out (they travel with it in an animation).
        let group = transitionGroup
        if let id = p.node.identifier { transitionGroup = element.kind.isNode ? nil : id }
        defer { transitionGroup = group }
        var built = try make(element, p, boundStyle: boundStyle, scope: scope)
        built.style = p.style
        built = applyPagination(p, to: built)
        if let node = built as? DisplayNode {
            node.origin = element
            Self.apply(p.node, to: node)
            if node.identifier == nil, let group { node.transitionGroup = group }
            if let id = node.identifier { nodesByID[id] = node }
            contents.fill(bookmarkSlot, with: node)
        } else if let spec = built as? LayoutSpec, let name = p.node.debugName ?? p.node.identifier {
            // A spec keeps its id as its name: `galley layout` shows it, a constraints element finds it by it.
            spec.debugName = name
        }
        return built
    }

    /// A drawn node's identity, layer, link, outline entry, tagging and transition.
    private static func apply(_ values: NodeParameters, to node: DisplayNode) {
        node.identifier = values.identifier
        node.debugName = values.debugName ?? values.identifier
        if let layer = values.layer { node.layer = layer }
        if let link = values.link {
            node.link = link.hasPrefix("#") ? .destination(String(link.dropFirst())) : .url(link)
        }
        if let title = values.bookmark {
            node.bookmark = (title, values.bookmarkLevel)
            node.exportsAnchor = true
        }
        if let accessibility = values.accessibility { node.accessibility = accessibility }
        if let timing = values.transition { node.transitionTiming = timing }
    }

    private mutating func make(
        _ element: ElementTemplate, _ p: ElementParameters, boundStyle: [BoundElement.Setter], scope: BindingScope
    ) throws(TemplateError) -> any LayoutElement {
        switch element.kind {
        case .box: return try makeBox(element, p, scope: scope)
        case .text: return TextBuilder(site: site).make(element, p, boundStyle: boundStyle, scope: scope)
        case .image: return try makeImage(element, p)
        case .barcode: return try BarcodeBuilder(site: site).make(element, p)
        case .node: return try makeCustomNode(element, p)
        case .table: return try makeTable(element, p, scope: scope)
        case .row: return try makeRow(element, p, scope: scope)
        case .pageBreak: return PageBreakNode()
        case .toc: return makeTableOfContents(element, p, boundStyle: boundStyle, scope: scope)
        case .constraints:
            return try ConstraintsBuilder(site: site).make(
                element, p, children: children(element, scope: scope))
        case .stack, .inset, .overlay, .background, .center, .relative, .ratio, .absolute, .corner, .wrapper, .spacer:
            return try makeSpec(element, p, scope: scope)
        }
    }

    private mutating func makeBox(_ element: ElementTemplate, _ p: ElementParameters, scope: BindingScope)
        throws(TemplateError) -> BoxNode
    {
        let box = BoxNode(intrinsicSize: p.content.boxSize ?? .zero)
        if let slot = element.slots.child {
            let child = try buildSlot(slot, scope: scope)
            box.automaticallyManagesSubnodes = true
            box.layoutSpecBlock = { _ in child }
        }
        return box
    }

    private func makeImage(_ element: ElementTemplate, _ p: ElementParameters) throws(TemplateError) -> DisplayNode {
        let path = element.path
        guard let source = p.content.source else {
            throw site.error(at: path.appending("src"), "an image needs \"src\" (the binding gave null)")
        }
        let graphic: ImageLoader.Graphic
        do {
            // Checked per record: a data-bound src is confined like a literal one.
            graphic = try site.resources.images.graphic(
                source, folders: site.template.resourceFolders, budget: site.imageBudget)
        } catch {
            throw site.error(at: path.appending("src"), error.description)
        }
        let mode = p.content.contentMode
        switch graphic {
        case .bitmap(let image): return ImageNode(image: image, contentMode: mode)
        case .vector(let image):
            // librsvg finds the SVG's fonts through fontconfig: it must know the document's.
            site.resources.fonts.shareWithFontconfig()
            return VectorImageNode(image: image, contentMode: mode)
        }
    }

    private func makeCustomNode(_ element: ElementTemplate, _ p: ElementParameters) throws(TemplateError)
        -> DisplayNode
    {
        let path = element.path
        let classes = site.resources.nodeClasses
        guard let name = p.content.nodeClass else {
            throw site.error(
                at: path.appending("class"), "a node element needs \"class\" (the binding gave null)",
                hint: "one of: \(classes.names.joined(separator: ", "))")
        }
        guard let factory = classes.factory(named: name) else {
            throw site.error(
                at: path.appending("class"), "no node class named \"\(name)\"",
                hint: Suggestion.hint(for: name, in: classes.names, listing: false)
                    ?? "registered classes: \(classes.names.joined(separator: ", "))")
        }
        let node: DisplayNode
        do {
            node = try factory(p.content.nodeParams ?? .object(JSONObject()))
        } catch {
            throw site.error(at: path.appending("params"), "\(name): \(error)")
        }
        // Nodes with text of their own (the chart) take the document's fonts and default style.
        if let styled = node as? DocumentStyledNode {
            styled.adoptDocumentStyle(site.template.defaultTextStyle, registry: site.resources.fonts)
        }
        return node
    }
}
