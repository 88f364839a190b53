import GalleyLayout
import GalleyText

/// A paged document's page: size (orientation applied) and margins.
public struct PageSetup: Hashable, Sendable {
    public var size: Size
    public var margins: EdgeInsets

    public init(size: Size, margins: EdgeInsets) {
        self.size = size
        self.margins = margins
    }
}

/// The top-level keys of a template, checked against the property table and read once.
struct TopLevel {
    let kind: Template.Kind
    let body: JSONValue
    let header: JSONValue?
    let footer: JSONValue?
    /// `page.background`: an element drawn under every page, laid out at the page's size.
    let pageBackground: JSONValue?
    /// `page.watermark`.
    let watermark: WatermarkTemplate?
    /// `styles`: each name's TEXTSTYLE setters, in the template's order.
    let styles: [(name: String, setters: [ElementTemplate.TextStyleSetter])]
    let defaultStyle: String?
    let fontFolders: [String]
    let metadata: [String: CompiledValue]
    let background: CompiledValue?
    /// `lang` and `dir` when literal (checked once), the document's scope.
    let scope: ScopeParameters
    /// `lang` and `dir` when bound (`"{{customer.lang}}"`), converted per record.
    let scopeBound: [ElementTemplate.BoundProperty]
    let pdf: PDFTemplate
    let dataOptions: DataOptions

    init(document: ParsedDocument) throws(TemplateError) {
        let root = JSONPath.root
        guard case .object(let top) = document.value else {
            throw document.error(
                at: root, "a template is a JSON object", hint: "start with {\"galley\": 1, \"body\": …}")
        }
        // The version first: a template of another version is not checked against this table.
        if let version = top["galley"], version != .number(1) {
            throw document.error(
                at: root.appending("galley"), "unsupported format version \(ValueText.describe(version))",
                hint: "this Galley reads version 1")
        }
        var values: [String: PropertyValue] = [:]
        for (key, value) in top.entries {
            let path = root.appending(key)
            guard let property = PropertyTable.byName[key] else {
                let names = PropertyTable.documentProperties.map(\.name)
                throw document.keyError(
                    at: path, "unknown top-level key \"\(key)\"",
                    hint: Suggestion.hint(for: key, in: names, listing: false)
                        ?? "known keys: \(names.sorted().joined(separator: ", "))")
            }
            if PropertyKind.isBinding(value), !property.bindable {
                throw document.error(
                    at: path, "\"\(key)\" cannot be bound: it is read once, when the template is loaded",
                    hint: "write the value itself")
            }
            if let problem = property.kind.problem(in: value, context: .empty) {
                throw TemplateCompiler(document: document, context: .empty).error(problem, at: path)
            }
            if !PropertyKind.containsBinding(value),
                case .success(let converted) = property.kind.convert(value, .empty)
            {
                values[key] = converted
            }
        }
        guard top["galley"] != nil else {
            throw document.error(at: root, "missing \"galley\": the format version", hint: "add \"galley\": 1")
        }
        guard let body = top["body"] else {
            throw document.error(
                at: root, "missing \"body\": the element to lay out", hint: "add \"body\": {\"type\": \"stack\", …}")
        }
        self.body = body
        let page = values["page"]?.typed([String: PropertyValue].self)
        if let page {
            kind = .paged(try Self.pageSetup(page, document: document))
        } else {
            kind = try Self.canvas(values, document: document)
        }
        for (key, _) in top.entries {
            switch (PropertyTable.byName[key]?.placement, page) {
            case (.canvas?, _?):
                throw document.keyError(
                    at: root.appending(key), "\"\(key)\" is for canvases",
                    hint: "a paged document sets its pages with \"page\": {\"size\": …, \"orientation\": …}")
            case (.pagedDocument?, nil):
                throw document.keyError(
                    at: root.appending(key), "\"\(key)\" needs a paged document",
                    hint: "add \"page\": {\"size\": \"A4\"}")
            default:
                continue
            }
        }
        header = top["header"]
        footer = top["footer"]
        pageBackground = top["page"]?.objectValue?["background"]
        watermark = try top["page"]?.objectValue?["watermark"].map { v throws(TemplateError) in
            try WatermarkTemplate(v, at: root.appending("page").appending("watermark"), document: document)
        }
        styles = (values["styles"]?.typed([(String, PropertyValue)].self) ?? []).map { name, value in
            (name, value.typed(TextSpanValue.self)?.style ?? [])
        }
        defaultStyle = top["defaultStyle"]?.stringValue
        if let name = defaultStyle, !styles.contains(where: { $0.name == name }) {
            let names = styles.map(\.name)
            throw document.error(
                at: root.appending("defaultStyle"), "no style named \"\(name)\"",
                hint: Suggestion.hint(for: name, in: names, listing: false) ?? "define it under \"styles\"")
        }
        fontFolders = values["fonts"]?.texts ?? []
        var metadata = [String: CompiledValue]()
        for (key, value) in top["metadata"]?.objectValue?.entries ?? [] {
            metadata[key] = try CompiledValue.compile(
                value, path: root.appending("metadata").appending(key), document: document)
        }
        self.metadata = metadata
        background = try top["background"].map { v throws(TemplateError) in
            try CompiledValue.compile(v, path: root.appending("background"), document: document)
        }
        var scope = ScopeParameters()
        scope.locale = values["lang"]?.typed(FormatLocale.self)
        scope.direction = values["dir"]?.typed(TextDirection.self)
        self.scope = scope
        var scopeBound: [ElementTemplate.BoundProperty] = []
        for key in ["lang", "dir"] {
            guard let value = top[key], PropertyKind.containsBinding(value), let property = PropertyTable.byName[key]
            else { continue }
            let path = root.appending(key)
            scopeBound.append(
                .init(
                    property: property, value: try CompiledValue.compile(value, path: path, document: document),
                    path: path))
        }
        self.scopeBound = scopeBound
        pdf = try PDFTemplate(
            pdf: top["pdf"], attachments: top["attachments"], facturX: top["facturx"], document: document)
        dataOptions = values["data"]?.typed(DataOptions.self) ?? DataOptions()
    }

    private static func canvas(_ values: [String: PropertyValue], document: ParsedDocument) throws(TemplateError)
        -> Template.Kind
    {
        let root = JSONPath.root
        guard var size = values["size"]?.size else {
            throw document.error(
                at: root, "missing \"size\" (or \"page\" for a paged document)",
                hint: "add \"size\": [1200, 630] or \"size\": \"A4\"")
        }
        if let orientation = values["orientation"]?.typed(String.self),
            (orientation == "landscape") != (size.width > size.height), size.width != size.height
        {
            size = Size(width: size.height, height: size.width)
        }
        var range = SizeRange(exactly: size)
        if let bounds = values["constrainedSize"]?.typed([String: PropertyValue].self) {
            let min = bounds["min"]?.size ?? size
            let max = bounds["max"]?.size ?? size
            if min.width > max.width || min.height > max.height {
                throw document.error(
                    at: root.appending("constrainedSize"), "min is larger than max",
                    hint: "each min must be at most its max")
            }
            range = SizeRange(min: min, max: max)
        }
        let fit = values["fit"]?.typed(Template.FitMode.self) ?? .size
        return .canvas(size: size, constrainedSize: range, fit: fit)
    }

    private static func pageSetup(_ page: [String: PropertyValue], document: ParsedDocument) throws(TemplateError)
        -> PageSetup
    {
        let path = JSONPath.root.appending("page")
        var size = page["size"]?.size ?? PaperSize.a4
        if let orientation = page["orientation"]?.typed(String.self),
            (orientation == "landscape") != (size.width > size.height), size.width != size.height
        {
            size = Size(width: size.height, height: size.width)
        }
        let margins = page["margin"]?.insets ?? EdgeInsets(top: 36, left: 36, bottom: 36, right: 36)
        guard [margins.top, margins.left, margins.bottom, margins.right].allSatisfy({ $0.isFinite && $0 >= 0 }),
            margins.left + margins.right < size.width, margins.top + margins.bottom < size.height
        else {
            throw document.error(
                at: path.appending("margin"), "margins must be finite, non-negative and leave room for content",
                hint: "the page is \(JSONNumber.binaryText(size.width)) × \(JSONNumber.binaryText(size.height)) points")
        }
        return PageSetup(size: size, margins: margins)
    }
}
