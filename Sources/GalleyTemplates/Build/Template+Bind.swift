import Galley
import GalleyLayout
import GalleyRender
import GalleyText

extension Template {
    /// Builds the document for one record: evaluates bindings, applies `if` / `each`, and
    /// makes the node tree — a `Canvas` for a template with `size`, a `PagedDocument` (the body
    /// once, the header and footer per page with `page` and `pages` bound) for one with `page`.
    /// Cheap: parsing and validation happened once in `load`.
    ///
    /// - Parameters:
    ///   - data: the record (any JSON value; `{}` for a template without bindings).
    ///   - recordIndex: names the record in error messages.
    ///   - resources: fonts, images and node classes shared across records; nil makes them
    ///     for this template (`RenderResources.forTemplate(_:)`).
    public func bind(_ data: JSONValue, recordIndex: Int? = nil, resources: RenderResources? = nil)
        throws(TemplateError) -> any Document
    {
        let resources = resources ?? RenderResources.forTemplate(self)
        let site = BuildSite(template: self, recordIndex: recordIndex, resources: resources)
        var builder = ElementBuilder(site: site)
        let scope = try documentScope(BindingScope(data: data), site: site)
        let body = try builder.buildSlot(self.body, scope: scope)
        var backgroundColor: Color?
        if let background {
            let path = JSONPath.root.appending("background")
            let value = try site.evaluate(background, in: scope, at: path)
            if value != .null {
                switch PropertyKind.color.convert(value, propertyContext) {
                case .success(let color): backgroundColor = color.color
                case .failure(let problem):
                    throw site.error(at: path, problem.message + (background.literal == nil ? " (from a binding)" : ""))
                }
            }
        }
        let document: any Document
        switch kind {
        case .canvas(let size, let range, let fit):
            // A canvas has no pages: its tables of contents list the bookmarks without numbers.
            builder.contents.finish(references: nil)
            let canvas = Canvas(body: body, size: size, constrainedSize: range, fit: fit == .content ? .content : .size)
            canvas.background = backgroundColor
            document = canvas
        case .paged(let setup):
            let paged = PagedDocument(body: body, pageSize: setup.size, margins: setup.margins, hints: builder.hints)
            builder.contents.finish(references: paged.pageReferences)
            paged.background = backgroundColor
            paged.header = header.map { Template.pageElement($0, site: site, scope: scope) }
            paged.footer = footer.map { Template.pageElement($0, site: site, scope: scope) }
            paged.underlay = pageUnderlay(site: site, scope: scope)
            if let watermark, watermark.isAbove {
                paged.overlay = { numbering in
                    try watermark.element(site: site, scope: scope.page(numbering.page, of: numbering.pages))
                }
            }
            document = paged
        }
        document.metadata = try documentMetadata(site: site, scope: scope)
        document.pdf = try pdf.bind(site: site, scope: scope)
        return document
    }

    /// What goes under each page: `page.background` (bound with `page` and `pages`), then a
    /// watermark that is not `layer: "above"`.
    private func pageUnderlay(site: BuildSite, scope: BindingScope) -> ((PageNumbering) throws -> (any LayoutElement)?)?
    {
        let background = pageBackground
        let watermark = self.watermark.flatMap { $0.isAbove ? nil : $0 }
        guard background != nil || watermark != nil else { return nil }
        return { numbering in
            let pageScope = scope.page(numbering.page, of: numbering.pages)
            var layers: [any LayoutElement] = []
            if let background {
                var builder = ElementBuilder(site: site)
                layers.append(try builder.buildSlot(background, scope: pageScope))
            }
            if let watermark { layers.append(try watermark.element(site: site, scope: pageScope)) }
            return layers.count == 1 ? layers[0] : OverlayLayoutSpec(child: layers[0], overlay: layers[1])
        }
    }

    /// A header or footer builder: the element bound with `page` and `pages`.
    private static func pageElement(_ element: ElementTemplate, site: BuildSite, scope: BindingScope)
        -> (PageNumbering) throws -> (any LayoutElement)?
    {
        { numbering in
            var builder = ElementBuilder(site: site)
            return try builder.buildSlot(element, scope: scope.page(numbering.page, of: numbering.pages))
        }
    }

    /// `scope` with the document's `lang` and `dir` (literal, or bound from the record).
    private func documentScope(_ scope: BindingScope, site: BuildSite) throws(TemplateError) -> BindingScope {
        var parameters = self.scope
        for bound in scopeBound {
            guard let value = try BoundElement.converted(bound, scope: scope, site: site) else { continue }
            if let locale = value.typed(FormatLocale.self) { parameters.locale = locale }
            if let direction = value.typed(TextDirection.self) { parameters.direction = direction }
        }
        return parameters.applied(to: scope)
    }

    func documentMetadata(site: BuildSite, scope: BindingScope) throws(TemplateError) -> DocumentMetadata {
        let creationDate: String
        do {
            creationDate = try DocumentDate.creationDate()
        } catch {
            // The environment, not the template or the record, is at fault.
            throw TemplateError(file: "environment", location: nil, path: nil, message: error.description)
        }
        var metadata = DocumentMetadata(creationDate: creationDate)
        // The document's language is the PDF's /Lang unless metadata.lang says otherwise.
        metadata.language = scope.language
        for (key, value) in self.metadata {
            let text = try site.evaluate(value, in: scope, at: JSONPath.root.appending("metadata").appending(key))
                .interpolationText
            switch key {
            case "title": metadata.title = text
            case "author": metadata.author = text
            case "subject": metadata.subject = text
            case "keywords": metadata.keywords = text
            case "lang": metadata.language = text
            default: continue
            }
        }
        return metadata
    }
}
