import Galley
import GalleyLayout
import GalleyRender

extension Template {
    /// Builds the document for one record: evaluates bindings, applies `if` / `each`, and
    /// makes the node tree. Cheap: parsing and validation happened once in `load`.
    ///
    /// - Parameters:
    ///   - data: the record (any JSON value; `{}` for a template without bindings).
    ///   - recordIndex: names the record in error messages.
    ///   - resources: fonts, images and node classes shared across records; nil makes them
    ///     for this template (`RenderResources.forTemplate(_:)`).
    public func bind(_ data: JSONValue, recordIndex: Int? = nil, resources: RenderResources? = nil)
        throws(TemplateError)
        -> Canvas
    {
        let resources = resources ?? RenderResources.forTemplate(self)
        let site = BuildSite(template: self, recordIndex: recordIndex, resources: resources)
        var builder = ElementBuilder(site: site)
        let scope = BindingScope(data: data)
        guard case .canvas(let size, let range, let fit) = kind else {
            throw site.error(at: JSONPath.root.appending("page"), "paged documents are rendered with bindPaged(_:)")
        }
        let body = try builder.buildSlot(self.body, scope: scope)
        // A canvas has no pages: its tables of contents list the bookmarks without numbers.
        builder.contents.finish(references: nil)
        let canvas = Canvas(body: body, size: size, constrainedSize: range, fit: fit == .content ? .content : .size)
        if let background {
            let value = try site.evaluate(background, in: scope, at: JSONPath.root.appending("background"))
            canvas.background = ValueReader.color(value)
        }
        canvas.metadata = try documentMetadata(site: site, scope: scope)
        return canvas
    }

    func documentMetadata(site: BuildSite, scope: BindingScope) throws(TemplateError) -> DocumentMetadata {
        var metadata = DocumentMetadata(creationDate: DocumentDate.fromEnvironment())
        for (key, value) in self.metadata {
            let text = try site.evaluate(value, in: scope, at: JSONPath.root.appending("metadata").appending(key))
                .interpolationText
            switch key {
            case "title": metadata.title = text
            case "author": metadata.author = text
            case "subject": metadata.subject = text
            case "keywords": metadata.keywords = text
            default: continue
            }
        }
        return metadata
    }
}
