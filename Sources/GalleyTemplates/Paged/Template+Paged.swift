import Galley
import GalleyLayout
import GalleyRender

extension Template {
    /// Builds a paged document for one record: the body once, the header and footer per page
    /// with `page` and `pages` bound.
    public func bindPaged(_ data: JSONValue, recordIndex: Int? = nil, resources: RenderResources? = nil)
        throws(TemplateError)
        -> PagedDocument
    {
        let resources = resources ?? RenderResources.forTemplate(self)
        let site = BuildSite(template: self, recordIndex: recordIndex, resources: resources)
        guard case .paged(let setup) = kind else {
            throw site.error(
                at: JSONPath.root, "a canvas template is rendered with bind(_:)",
                hint: "add \"page\": {\"size\": \"A4\"} for a paged document")
        }
        var builder = ElementBuilder(site: site)
        let scope = BindingScope(data: data)
        let body = try builder.buildSlot(self.body, scope: scope)
        let document = PagedDocument(body: body, pageSize: setup.size, margins: setup.margins, hints: builder.hints)
        builder.contents.finish(references: document.pageReferences)
        if let background {
            document.background = ValueReader.color(
                try site.evaluate(background, in: scope, at: JSONPath.root.appending("background")))
        }
        document.metadata = try documentMetadata(site: site, scope: scope)
        document.header = header.map { Template.pageElement($0, site: site, scope: scope) }
        document.footer = footer.map { Template.pageElement($0, site: site, scope: scope) }
        return document
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

    /// Whether the template is a paged (flowing) document.
    public var isPaged: Bool {
        if case .paged = kind { return true }
        return false
    }
}
