/// Builds a tagged PDF's structure tree with libqpdf from what `StructureRecorder` followed
/// while the pages were painted (ISO 32000-1 §14.7–14.8, PDF/UA-1 §7).
///
/// For each page it finds cairo's marked-content sequences (`MarkedContentScanner`): the
/// `Span` sequences are the recorder's tags, in order — each becomes its owner's role with its
/// MCID (`/P << /MCID 3 >> BDC`) or an artifact (`/Artifact << /Type /Pagination /Subtype
/// /Header >> BDC`); cairo's own empty `Link` sequences become empty artifacts. Then it writes
/// the tree: a `Document` element holding the recorded elements in reading order, each with
/// its kids (elements, marked-content references, link annotations as `OBJR`), `/Alt`,
/// `/ActualText`, `/Lang` and header cells' `/Scope`; the parent tree mapping each page's MCIDs
/// and each link annotation back to its element; `/MarkInfo`, `/StructParents`, `/Tabs /S`.
struct StructureTreeWriter {
    let document: QPDFDocument
    let pages: [QPDFDocument.Object]
    let structure: StructureRecorder

    /// Writes the tree and rewrites the pages' marked content. `annotationText` gives the text
    /// of a link's annotation (`/Contents`) from its element.
    func write() throws(RenderError) {
        guard structure.pageTags.count == pages.count else {
            throw RenderError.pdf(
                operation: "tagging",
                message: "\(structure.pageTags.count) pages were painted but the PDF has \(pages.count)")
        }
        var mcids: [[Int]] = []
        for (index, page) in pages.enumerated() {
            mcids.append(try rewriteContent(of: page, index: index))
        }
        let root = document.root
        let treeRoot = document.indirect(document.dictionary(["Type": document.name("StructTreeRoot")]))
        let documentElement = document.indirect(
            document.dictionary([
                "Type": document.name("StructElem"), "S": document.name("Document"), "P": treeRoot,
            ]))
        // Every element object first, so parents and kids can refer to each other.
        let objects = structure.records.map { _ in document.indirect(document.dictionary([:])) }
        let annotations = pages.map { page in document.value(page, "Annots").map(document.items) ?? [] }
        for (page, links) in structure.pageLinks.enumerated() where links.count != annotations[page].count {
            throw RenderError.pdf(
                operation: "tagging",
                message: "page \(page + 1) has \(annotations[page].count) annotations; \(links.count) links were drawn")
        }
        var parentTree: [(key: Int, value: QPDFDocument.Object)] = []
        var pageElements: [[QPDFDocument.Object?]] = mcids.map {
            [QPDFDocument.Object?](repeating: nil, count: ($0.max() ?? -1) + 1)
        }
        for (index, record) in structure.records.enumerated() {
            let object = objects[index]
            let element = record.element
            let parent = record.parent.map { objects[$0] } ?? documentElement
            var kids: [QPDFDocument.Object] = []
            var firstPage: Int?
            for kid in record.kids {
                switch kid {
                case .element(let child):
                    kids.append(objects[child])
                case .content(let page, let tag):
                    let mcid = mcids[page][tag]
                    if firstPage == nil { firstPage = page }
                    kids.append(
                        page == firstPage
                            ? document.integer(mcid)
                            : document.dictionary([
                                "Type": document.name("MCR"), "Pg": pages[page], "MCID": document.integer(mcid),
                            ]))
                    pageElements[page][mcid] = object
                case .annotation(let page, let annotation):
                    kids.append(
                        linkKid(
                            page: page, annotation: annotations[page][annotation], owner: record,
                            ownerObject: object, parentTree: &parentTree))
                }
            }
            document.set(object, "Type", document.name("StructElem"))
            document.set(object, "S", document.name(element.role.rawValue))
            document.set(object, "P", parent)
            document.set(object, "K", document.array(kids))
            if let firstPage { document.set(object, "Pg", pages[firstPage]) }
            if let alt = element.alternateText { document.set(object, "Alt", document.text(alt)) }
            if let text = element.actualText { document.set(object, "ActualText", document.text(text)) }
            if let language = element.language { document.set(object, "Lang", document.text(language)) }
            if let scope = element.headerScope {
                document.set(
                    object, "A",
                    document.dictionary(["O": document.name("Table"), "Scope": document.name(scope.rawValue)]))
            }
        }
        // Links drawn in no element (in a footer, an artifact) still need a Link element.
        var topKids = structure.topLevel.map { objects[$0] }
        for (page, links) in structure.pageLinks.enumerated() {
            for (annotation, owner) in links.enumerated() where owner == nil {
                topKids.append(
                    linkElement(
                        page: page, annotation: annotations[page][annotation], parent: documentElement,
                        alternateText: nil, parentTree: &parentTree))
            }
        }
        document.set(documentElement, "K", document.array(topKids))
        for (index, page) in pages.enumerated() {
            document.set(page, "StructParents", document.integer(index))
            if !annotations[index].isEmpty { document.set(page, "Tabs", document.name("S")) }
            parentTree.append((index, document.array(pageElements[index].map { $0 ?? document.null })))
        }
        var nums: [QPDFDocument.Object] = []
        for entry in parentTree.sorted(by: { $0.key < $1.key }) {
            nums.append(document.integer(entry.key))
            nums.append(entry.value)
        }
        document.set(treeRoot, "K", document.array([documentElement]))
        document.set(treeRoot, "ParentTree", document.indirect(document.dictionary(["Nums": document.array(nums)])))
        document.set(treeRoot, "ParentTreeNextKey", document.integer(pages.count + parentTreeAnnotationCount))
        document.set(root, "StructTreeRoot", treeRoot)
        document.set(root, "MarkInfo", document.dictionary(["Marked": document.bool(true)]))
    }

    private var parentTreeAnnotationCount: Int { structure.pageLinks.reduce(0) { $0 + $1.count } }

    /// The kid a link annotation adds to its owner: the annotation itself (`OBJR`) when the
    /// owner is a Link element, else a Link element of its own holding it.
    private func linkKid(
        page: Int, annotation: QPDFDocument.Object, owner: StructureRecorder.Record, ownerObject: QPDFDocument.Object,
        parentTree: inout [(key: Int, value: QPDFDocument.Object)]
    ) -> QPDFDocument.Object {
        guard owner.element.role == .link else {
            return linkElement(
                page: page, annotation: annotation, parent: ownerObject, alternateText: owner.element.alternateText,
                parentTree: &parentTree)
        }
        register(annotation, element: ownerObject, text: owner.element.alternateText, parentTree: &parentTree)
        return objectReference(annotation, page: page)
    }

    private func linkElement(
        page: Int, annotation: QPDFDocument.Object, parent: QPDFDocument.Object, alternateText: String?,
        parentTree: inout [(key: Int, value: QPDFDocument.Object)]
    ) -> QPDFDocument.Object {
        let element = document.indirect(
            document.dictionary([
                "Type": document.name("StructElem"), "S": document.name("Link"), "P": parent, "Pg": pages[page],
            ]))
        document.set(element, "K", document.array([objectReference(annotation, page: page)]))
        register(annotation, element: element, text: alternateText, parentTree: &parentTree)
        return element
    }

    private func objectReference(_ annotation: QPDFDocument.Object, page: Int) -> QPDFDocument.Object {
        document.dictionary(["Type": document.name("OBJR"), "Obj": annotation, "Pg": pages[page]])
    }

    /// Gives the annotation its parent-tree key and, when it has none, a `/Contents` text
    /// (PDF/UA-1 §7.18.1: every annotation has an alternate description).
    private func register(
        _ annotation: QPDFDocument.Object, element: QPDFDocument.Object, text: String?,
        parentTree: inout [(key: Int, value: QPDFDocument.Object)]
    ) {
        let key = pages.count + parentTree.filter { $0.key >= pages.count }.count
        document.set(annotation, "StructParent", document.integer(key))
        parentTree.append((key, element))
        if document.value(annotation, "Contents") == nil {
            document.set(annotation, "Contents", document.text(text ?? linkDescription(annotation)))
        }
    }

    /// "Link to https://…" or "Link to section NAME", from the annotation's action.
    private func linkDescription(_ annotation: QPDFDocument.Object) -> String {
        if let action = document.value(annotation, "A"), let uri = document.value(action, "URI"),
            let text = document.stringValue(uri)
        {
            return "Link to \(text)"
        }
        if let destination = document.value(annotation, "Dest"), let name = document.stringValue(destination) {
            return "Link to \(name)"
        }
        return "Link"
    }

    /// Rewrites page `index`'s marked content; returns the MCID of each recorded tag.
    private func rewriteContent(of page: QPDFDocument.Object, index: Int) throws(RenderError) -> [Int] {
        guard let contents = document.value(page, "Contents") else {
            guard structure.pageTags[index].isEmpty else {
                throw RenderError.pdf(operation: "tagging", message: "page \(index + 1) has no content stream")
            }
            return []
        }
        let streams = document.isArray(contents) ? document.items(contents) : [contents]
        var bytes: [UInt8] = []
        for stream in streams {
            bytes.append(contentsOf: try document.streamData(stream))
            bytes.append(0x0A)
        }
        let owners = structure.pageTags[index]
        var replacements: [(Range<Int>, String)] = []
        var mcids: [Int] = []
        for sequence in MarkedContentScanner.sequences(in: bytes) {
            switch sequence.tag {
            case "Span" where sequence.mcid == nil:
                // cairo's own /ActualText span for a ligature, inside one of the tags: kept.
                continue
            case "Span":
                guard mcids.count < owners.count, let mcid = sequence.mcid else {
                    throw mismatch(page: index, found: mcids.count + 1, expected: owners.count)
                }
                replacements.append((sequence.range, operands(for: owners[mcids.count], mcid: mcid)))
                mcids.append(mcid)
            case "Link":
                // cairo's own (empty) sequence for a link annotation; the annotation is tagged by OBJR.
                replacements.append((sequence.range, "/Artifact BMC"))
            default:
                throw RenderError.pdf(
                    operation: "tagging", message: "page \(index + 1) has an unexpected /\(sequence.tag) sequence")
            }
        }
        guard mcids.count == owners.count else {
            throw mismatch(page: index, found: mcids.count, expected: owners.count)
        }
        let rewritten = MarkedContentScanner.rewrite(bytes, replacements)
        if streams.count == 1 {
            document.replaceStreamData(contents, rewritten)
        } else {
            document.set(page, "Contents", document.stream(rewritten, dictionary: [:]))
        }
        return mcids
    }

    private func mismatch(page: Int, found: Int, expected: Int) -> RenderError {
        .pdf(
            operation: "tagging",
            message: "page \(page + 1): cairo wrote \(found) marked-content sequences where \(expected) were tagged")
    }

    /// The operands and operator a recorded tag is rewritten to.
    private func operands(for owner: StructureRecorder.Owner, mcid: Int) -> String {
        switch owner {
        case .element(let index), .actualText(let index):
            "/\(structure.records[index].element.role.rawValue) << /MCID \(mcid) >> BDC"
        case .artifact(.header): "/Artifact << /Type /Pagination /Subtype /Header >> BDC"
        case .artifact(.footer): "/Artifact << /Type /Pagination /Subtype /Footer >> BDC"
        case .artifact(.pagination): "/Artifact << /Type /Pagination >> BDC"
        case .artifact(.layout): "/Artifact << /Type /Layout >> BDC"
        }
    }
}
