import CCairo

/// Follows a tagged document's structure markers while its pages are painted, and marks the
/// content each element owns so `StructureTreeWriter` can build the structure tree afterwards.
///
/// cairo 1.16's own structure tags cannot make the tree tagged PDF needs (docs/architecture.md,
/// "Tagged PDF"): an element with children loses its own content, tags take no `/Alt`,
/// `/Lang` or `/ActualText`, and there are no artifacts. So cairo is only asked for flat,
/// never nested `Span` tags, one around each run of content with one owner — an element, an
/// artifact, or a text run that needs `/ActualText` — which cairo writes as marked-content
/// sequences with MCIDs; this recorder remembers, page by page, which owner each one has and
/// builds the element tree (roles, attributes, order) itself. Link annotations are written
/// with no tag open, and their owner is recorded too.
///
/// A tag is opened only right before something is painted (`willPaint`), so every recorded
/// tag has content. Inside an opacity layer (a group cairo draws into a form XObject) the
/// owner cannot change: the layer's content belongs to the owner when it began — the first
/// element the layer opens, if any — and the markers inside it are passed over.
final class StructureRecorder {
    /// What a marked-content sequence on a page belongs to.
    enum Owner: Hashable {
        case element(Int)
        case artifact(ArtifactKind)
        /// A glyph run that needs `/ActualText`: its own `Span` element (index) inside the owner.
        case actualText(Int)
    }

    /// A structure element being collected: the display list's element, its parent (an index,
    /// nil for the document element's children) and its kids in order.
    struct Record {
        var element: StructureElement
        var parent: Int?
        var kids: [Kid] = []
    }

    /// A kid of an element: another element, the `tag`-th content sequence of `page`, or the
    /// `annotation`-th link annotation of `page`.
    enum Kid: Hashable {
        case element(Int)
        case content(page: Int, tag: Int)
        case annotation(page: Int, annotation: Int)
    }

    /// Standards whose rules are checked as elements arrive (PDF/UA: alt text, heading levels).
    let checksAccessibility: Bool
    private(set) var records: [Record] = []
    /// Per page: the owner of each `Span` sequence, in content-stream order.
    private(set) var pageTags: [[Owner]] = []
    /// Per page: the element (index) each link annotation belongs to, in order.
    private(set) var pageLinks: [[Int?]] = []
    /// The document element's kids (elements opened with no parent).
    private(set) var topLevel: [Int] = []

    private var indexByID: [Int: Int] = [:]
    private var stack: [Int] = []
    private var artifacts: [ArtifactKind] = []
    /// Element markers inside an artifact, passed over (counted to keep them balanced).
    private var suppressed = 0
    private var openTag: Owner?
    private var page = -1
    private var lastHeadingLevel = 0

    init(checksAccessibility: Bool) {
        self.checksAccessibility = checksAccessibility
    }

    // MARK: Pages

    func beginPage() {
        page += 1
        pageTags.append([])
        pageLinks.append([])
        stack.removeAll()
        artifacts.removeAll()
        suppressed = 0
        openTag = nil
    }

    /// Closes the open tag: cairo's tags must not reach past a page.
    func endPage(_ cr: OpaquePointer) {
        closeTag(cr)
    }

    // MARK: Markers

    /// Follows one marker of the page (not inside an opacity layer: those are passed over).
    func handle(_ mark: StructureMark) throws(RenderError) {
        switch mark {
        case .begin(let element):
            if !artifacts.isEmpty {
                suppressed += 1
                return
            }
            try open(element)
        case .end:
            if suppressed > 0 {
                suppressed -= 1
            } else if !stack.isEmpty {
                stack.removeLast()
            }
        case .beginArtifact(let kind):
            artifacts.append(kind)
        case .endArtifact:
            if !artifacts.isEmpty { artifacts.removeLast() }
        }
    }

    /// An opacity layer begins: its content goes to the current owner, or to the first element
    /// it opens (which stays open until `exitLayer`). Returns whether an element was opened.
    func enterLayer(_ items: [DisplayItem], _ cr: OpaquePointer) throws(RenderError) -> Bool {
        var opened = false
        if artifacts.isEmpty, let element = Self.firstElement(in: items), indexByID[element.id] == nil {
            try open(element)
            opened = true
        }
        try willPaint(cr)
        return opened
    }

    /// The layer that `enterLayer` opened an element for has ended.
    func exitLayer(openedElement: Bool) {
        if openedElement, !stack.isEmpty { stack.removeLast() }
    }

    private func open(_ element: StructureElement) throws(RenderError) {
        if let index = indexByID[element.id] {
            // The element continues (a node cut by a page break): same element, new content.
            stack.append(index)
            return
        }
        try checkRules(element)
        let index = records.count
        records.append(Record(element: element, parent: stack.last))
        indexByID[element.id] = index
        if let parent = stack.last {
            records[parent].kids.append(.element(index))
        } else {
            topLevel.append(index)
        }
        stack.append(index)
    }

    private func checkRules(_ element: StructureElement) throws(RenderError) {
        guard checksAccessibility else { return }
        let place = element.origin.map { "\($0): " } ?? ""
        if element.role.needsAlternateDescription, (element.alternateText ?? "").isEmpty {
            throw RenderError.pdfStandard(
                "\(place)PDF/UA-1 needs alternate text for every \(element.role == .figure ? "figure" : "formula") "
                    + "(ISO 14289-1 §7.3): add \"alt\" describing it, or role: \"Artifact\" if it is decoration")
        }
        if let level = element.role.headingLevel {
            if level > lastHeadingLevel + 1 {
                throw RenderError.pdfStandard(
                    "\(place)PDF/UA-1 does not allow skipping heading levels (ISO 14289-1 §7.4.2): this H\(level) "
                        + (lastHeadingLevel == 0
                            ? "is the document's first heading, which must be H1"
                            : "follows an H\(lastHeadingLevel)")
                        + "; give it level \(lastHeadingLevel + 1) (bookmarkLevel or role)")
            }
            lastHeadingLevel = level
        }
    }

    private static func firstElement(in items: [DisplayItem]) -> StructureElement? {
        for item in items {
            switch item {
            case .structure(.begin(let element)): return element
            case .group(let group): if let found = firstElement(in: group.items) { return found }
            default: continue
            }
        }
        return nil
    }

    // MARK: Content

    /// Something is about to be painted: make sure the tag around it has the current owner.
    func willPaint(_ cr: OpaquePointer) throws(RenderError) {
        let owner: Owner =
            if let artifact = artifacts.first {
                .artifact(artifact)
            } else if let element = stack.last {
                .element(element)
            } else {
                // Content in no element (a page's background) is the page's decoration.
                .artifact(.layout)
            }
        guard openTag != owner else { return }
        closeTag(cr)
        openTag(owner, cr)
    }

    /// Decoration inside an element (a shadow): an artifact of its own.
    func willPaintDecoration(_ cr: OpaquePointer) {
        guard openTag != .artifact(.layout) else { return }
        closeTag(cr)
        openTag(.artifact(.layout), cr)
    }

    /// A glyph run whose glyphs would not extract as its text: a `Span` with `/ActualText`.
    func willPaintGlyphs(actualText text: String, _ cr: OpaquePointer) throws(RenderError) {
        guard artifacts.isEmpty else { return try willPaint(cr) }
        closeTag(cr)
        let index = records.count
        let span = StructureElement(id: -index - 1, role: .span, actualText: text)
        records.append(Record(element: span, parent: stack.last))
        if let parent = stack.last { records[parent].kids.append(.element(index)) } else { topLevel.append(index) }
        openTag(.actualText(index), cr)
    }

    /// A link annotation is about to be written: no tag may be open around it (cairo would
    /// nest it and drop the open tag's content).
    func willWriteLink(_ cr: OpaquePointer) {
        closeTag(cr)
        let owner = artifacts.isEmpty ? stack.last : nil
        let annotation = pageLinks[page].count
        pageLinks[page].append(owner)
        if let owner { records[owner].kids.append(.annotation(page: page, annotation: annotation)) }
    }

    /// A named destination is about to be written (no tag open around it either).
    func willWriteDestination(_ cr: OpaquePointer) {
        closeTag(cr)
    }

    private func openTag(_ owner: Owner, _ cr: OpaquePointer) {
        CairoTags.begin(cr, "Span", "")
        let tag = pageTags[page].count
        pageTags[page].append(owner)
        switch owner {
        case .element(let index), .actualText(let index):
            records[index].kids.append(.content(page: page, tag: tag))
        case .artifact:
            break
        }
        openTag = owner
    }

    private func closeTag(_ cr: OpaquePointer) {
        guard openTag != nil else { return }
        CairoTags.end(cr, "Span")
        openTag = nil
    }
}
