import GalleyLayout

/// A paged document's page: size (orientation applied) and margins.
public struct PageSetup: Hashable, Sendable {
    public var size: Size
    public var margins: EdgeInsets

    public init(size: Size, margins: EdgeInsets) {
        self.size = size
        self.margins = margins
    }
}

/// The top-level keys of a template, checked.
struct TopLevel {
    static let keys: [String: ValueKind] = [
        "galley": .integer(1...1), "size": .any, "constrainedSize": .object(["min": .any, "max": .any]),
        "fit": .choice(["size", "content"]),
        "page": .object([
            "size": .any, "orientation": .choice(["portrait", "landscape"]), "margin": .insets,
            "background": .element, "watermark": .object(WatermarkTemplate.keys),
        ]),
        "header": .element, "footer": .element, "fonts": .array(.string), "styles": .any, "defaultStyle": .string,
        "metadata": .object([
            "title": .string, "author": .string, "subject": .string, "keywords": .string, "lang": .string,
        ]),
        "body": .element, "background": .color, "sampleData": .any,
        // The document's language (BCP 47): number and date formats, text (docs/templates.md, Languages).
        "lang": .languageTag,
        // The document's base direction: "rtl" mirrors stacks, tables and tables of contents.
        "dir": .choice(["ltr", "rtl", "auto"]),
        // PDF standards, attachments and Factur-X (docs/pdf.md; PDFTemplate).
        "pdf": .object(PDFTemplate.keys), "attachments": .array(.object(PDFTemplate.fileKeys)),
        "facturx": .object(PDFTemplate.facturXKeys),
    ]

    let kind: Template.Kind
    let body: JSONValue
    let header: JSONValue?
    let footer: JSONValue?
    /// `page.background`: an element drawn under every page, laid out at the page's size.
    let pageBackground: JSONValue?
    /// `page.watermark`.
    let watermark: WatermarkTemplate?
    let styles: [String: JSONObject]
    let defaultStyle: String?
    let fontFolders: [String]
    let metadata: [String: CompiledValue]
    let background: CompiledValue?
    /// `lang`: the document's language, possibly bound (`"{{customer.lang}}"`).
    let language: CompiledValue?
    /// `dir`: the document's base direction (`ltr`, `rtl`, `auto`).
    let direction: String?
    let pdf: PDFTemplate

    init(document: ParsedDocument) throws(TemplateError) {
        let root = JSONPath.root
        guard case .object(let top) = document.value else {
            throw document.error(
                at: root, "a template is a JSON object", hint: "start with {\"galley\": 1, \"body\": …}")
        }
        for key in top.keys where TopLevel.keys[key] == nil {
            throw document.keyError(
                at: root.appending(key), "unknown top-level key \"\(key)\"",
                hint: "known keys: \(TopLevel.keys.keys.sorted().joined(separator: ", "))")
        }
        guard let version = top["galley"] else {
            throw document.error(at: root, "missing \"galley\": the format version", hint: "add \"galley\": 1")
        }
        guard version == .number(1) else {
            throw document.error(
                at: root.appending("galley"), "unsupported format version \(ValueReader.describe(version))",
                hint: "this Galley reads version 1")
        }
        guard let body = top["body"] else {
            throw document.error(
                at: root, "missing \"body\": the element to lay out", hint: "add \"body\": {\"type\": \"stack\", …}")
        }
        self.body = body
        let compiler = TemplateCompiler(document: document)
        for key in [
            "constrainedSize", "fit", "page", "fonts", "defaultStyle", "metadata", "background", "pdf", "attachments",
            "facturx", "lang", "dir",
        ] {
            if let value = top[key], let kind = TopLevel.keys[key], !(value.stringValue?.contains("{{") ?? false) {
                try compiler.check(value, kind, at: root.appending(key))
            }
        }
        if let page = top["page"] {
            kind = .paged(try TopLevel.pageSetup(page, document: document))
            if top["size"] != nil {
                throw document.keyError(
                    at: root.appending("size"),
                    "\"size\" is for canvases; a paged document sizes its pages with \"page\": {\"size\": …}")
            }
        } else {
            for key in ["header", "footer"] where top[key] != nil {
                throw document.keyError(
                    at: root.appending(key), "\"\(key)\" needs a paged document",
                    hint: "add \"page\": {\"size\": \"A4\"}")
            }
            kind = try TopLevel.canvas(top, document: document)
        }
        header = top["header"]
        footer = top["footer"]
        pageBackground = top["page"]?.objectValue?["background"]
        watermark = try top["page"]?.objectValue?["watermark"].map { v throws(TemplateError) in
            try WatermarkTemplate(v, at: root.appending("page").appending("watermark"), document: document)
        }
        var styles = [String: JSONObject]()
        if let value = top["styles"] {
            guard case .object(let object) = value else {
                throw document.error(at: root.appending("styles"), "expected an object of named text styles")
            }
            for (name, style) in object.entries {
                try compiler.check(
                    style, .object(ElementSchema.textStyleKeys), at: root.appending("styles").appending(name))
                if case .object(let fields) = style { styles[name] = fields }
            }
        }
        self.styles = styles
        defaultStyle = top["defaultStyle"]?.stringValue
        if let name = defaultStyle, styles[name] == nil {
            throw document.error(
                at: root.appending("defaultStyle"), "no style named \"\(name)\"", hint: "define it under \"styles\"")
        }
        fontFolders = top["fonts"]?.arrayValue?.compactMap(\.stringValue) ?? []
        var metadata = [String: CompiledValue]()
        for (key, value) in top["metadata"]?.objectValue?.entries ?? [] {
            metadata[key] = try CompiledValue.compile(
                value, path: root.appending("metadata").appending(key), document: document)
        }
        self.metadata = metadata
        background = try top["background"].map { v throws(TemplateError) in
            try CompiledValue.compile(v, path: root.appending("background"), document: document)
        }
        direction = top["dir"]?.stringValue
        language = try top["lang"].map { v throws(TemplateError) in
            try CompiledValue.compile(v, path: root.appending("lang"), document: document)
        }
        pdf = try PDFTemplate(
            pdf: top["pdf"], attachments: top["attachments"], facturX: top["facturx"], document: document)
    }

    private static func canvas(_ top: JSONObject, document: ParsedDocument) throws(TemplateError) -> Template.Kind {
        let root = JSONPath.root
        guard let sizeValue = top["size"] else {
            throw document.error(
                at: root, "missing \"size\" (or \"page\" for a paged document)",
                hint: "add \"size\": [1200, 630] or \"size\": \"A4\"")
        }
        guard let size = PaperSize.parse(sizeValue) else {
            throw document.error(
                at: root.appending("size"),
                "expected [width, height] in points or one of \(PaperSize.names.joined(separator: ", ")), got \(ValueReader.describe(sizeValue))"
            )
        }
        var range = SizeRange(exactly: size)
        if case .object(let constrained)? = top["constrainedSize"] {
            let path = root.appending("constrainedSize")
            let min =
                try constrained["min"].map { v throws(TemplateError) in
                    try rangeBound(v, at: path.appending("min"), document: document, allowInfinity: false)
                } ?? size
            let max =
                try constrained["max"].map { v throws(TemplateError) in
                    try rangeBound(v, at: path.appending("max"), document: document, allowInfinity: true)
                } ?? size
            range = SizeRange(min: min, max: max)
            if min.width > max.width || min.height > max.height {
                throw document.error(at: path, "min is larger than max", hint: "each min must be at most its max")
            }
        }
        let fit = top["fit"]?.stringValue.flatMap(Template.FitMode.init(rawValue:)) ?? .size
        return .canvas(size: size, constrainedSize: range, fit: fit)
    }

    private static func rangeBound(_ value: JSONValue, at path: JSONPath, document: ParsedDocument, allowInfinity: Bool)
        throws(TemplateError) -> Size
    {
        guard case .array(let items) = value, items.count == 2,
            let w = ValueReader.numberOrInfinity(items[0]), let h = ValueReader.numberOrInfinity(items[1]),
            w >= 0, h >= 0, allowInfinity || (w.isFinite && h.isFinite)
        else {
            throw document.error(
                at: path,
                "expected [width, height]\(allowInfinity ? " (numbers or \"inf\")" : " (numbers)"), got \(ValueReader.describe(value))"
            )
        }
        return Size(width: w, height: h)
    }

    private static func pageSetup(_ value: JSONValue, document: ParsedDocument) throws(TemplateError) -> PageSetup {
        let path = JSONPath.root.appending("page")
        guard case .object(let page) = value else {
            throw document.error(at: path, "expected an object {size, orientation, margin}")
        }
        var size = PaperSize.sizes["a4"] ?? Size(width: 595.28, height: 841.89)
        if let sizeValue = page["size"] {
            guard let parsed = PaperSize.parse(sizeValue) else {
                throw document.error(
                    at: path.appending("size"),
                    "expected [width, height] in points or one of \(PaperSize.names.joined(separator: ", "))")
            }
            size = parsed
        }
        if let orientation = page["orientation"]?.stringValue,
            (orientation == "landscape") != (size.width > size.height)
        {
            size = Size(width: size.height, height: size.width)
        }
        let margins = page["margin"].flatMap(ValueReader.insets) ?? EdgeInsets(top: 36, left: 36, bottom: 36, right: 36)
        guard [margins.top, margins.left, margins.bottom, margins.right].allSatisfy({ $0.isFinite && $0 >= 0 }),
            margins.left + margins.right < size.width, margins.top + margins.bottom < size.height
        else {
            throw document.error(
                at: path.appending("margin"), "margins must be finite, non-negative and leave room for content")
        }
        return PageSetup(size: size, margins: margins)
    }
}
