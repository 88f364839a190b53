import Foundation
import Galley
import GalleyLayout
import GalleyText

/// A compiled template: parsed and validated once, then bound to any number of records.
///
/// ```swift
/// let template = try Template.load(path: "Templates/invoice.json")
/// for (index, record) in records.enumerated() {
///     let canvas = try template.bind(record)
///     try CanvasWriter.write(canvas, format: .pdf, to: "out/\(index).pdf")
/// }
/// ```
public final class Template: Sendable {
    /// Where the template is laid out: one surface, or flowing pages.
    public enum Kind: Sendable {
        case canvas(size: Size, constrainedSize: SizeRange, fit: FitMode)
        case paged(PageSetup)
    }

    public enum FitMode: String, Sendable {
        case size, content
    }

    public let file: String
    /// The template's folder: relative image paths and font folders resolve against it.
    public let directory: String
    /// What the template may read and decode: the folders beyond its own, the pixel budget.
    public let policy: ResourcePolicy
    /// The template's folder and the policy's allowed folders, canonical: every image and font
    /// folder it names must resolve inside them (docs/security.md).
    public let resourceFolders: ResourceFolders
    public let kind: Kind
    let document: ParsedDocument
    let body: ElementTemplate
    let header: ElementTemplate?
    let footer: ElementTemplate?
    /// `page.background`, drawn under every page of a paged document.
    let pageBackground: ElementTemplate?
    /// `page.watermark`.
    let watermark: WatermarkTemplate?
    let defaultStyle: String?
    /// The default text style applied to `TextStyle()`, resolved once.
    let defaultTextStyle: TextStyle
    /// Each named style applied over `defaultTextStyle`, resolved once.
    let textStyles: [String: TextStyle]
    /// What converting a key's value may need: the named styles (`style` keys).
    let propertyContext: PropertyContext
    /// The template's `data` key: field types, and whether records bind as one `records` array.
    public let dataOptions: DataOptions
    /// The template's `fonts` folders, canonical and inside ``resourceFolders``.
    public let fontFolders: [String]
    let metadata: [String: CompiledValue]
    let background: CompiledValue?
    /// The document's `lang` and `dir` when literal.
    let scope: ScopeParameters
    /// The document's `lang` and `dir` when bound.
    let scopeBound: [ElementTemplate.BoundProperty]
    let pdf: PDFTemplate
    /// Example data shipped inside the template (`sampleData`), used when no data is given.
    public let sampleData: JSONValue?

    /// How raster output names the pages of this template's documents: one file for a canvas,
    /// numbered files for a paged template (whatever a record's page count).
    public var pageNaming: PageNaming {
        switch kind {
        case .canvas: .single
        case .paged: .numbered
        }
    }

    /// Reads, parses and compiles a template file, whose resources `policy` confines and
    /// bounds (by default: its own folder only, the default pixel budget).
    public static func load(path: String, policy: ResourcePolicy = ResourcePolicy()) throws(TemplateError) -> Template {
        guard let data = FileManager.default.contents(atPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            throw TemplateError(
                file: path, location: nil, path: nil,
                message: exists ? "cannot read the template file" : "no such template file",
                hint: exists ? "check its permissions" : "check the path")
        }
        let directory = (path as NSString).deletingLastPathComponent
        return try Template(
            utf8: [UInt8](data), file: path, directory: directory.isEmpty ? "." : directory, policy: policy)
    }

    /// Parses and compiles template text; `directory` is the folder its resources resolve in.
    public convenience init(
        text: String, file: String = "<template>", directory: String = ".", policy: ResourcePolicy = ResourcePolicy()
    ) throws(TemplateError) {
        try self.init(utf8: Array(text.utf8), file: file, directory: directory, policy: policy)
    }

    /// Parses and compiles template bytes (UTF-8 JSON or JSON5, as read from a file; an invalid
    /// UTF-8 sequence in a string reads as U+FFFD). `file` names the template in errors and
    /// `directory` is the folder its resources resolve in.
    public init(utf8: [UInt8], file: String, directory: String, policy: ResourcePolicy = ResourcePolicy())
        throws(TemplateError)
    {
        let document = try JSONParser.parse(utf8: utf8, file: file)
        self.document = document
        self.file = file
        self.directory = directory
        self.policy = policy
        do {
            resourceFolders = try ResourceFolders(templateFolder: directory, allowedFolders: policy.allowedFolders)
        } catch {
            throw TemplateError(
                file: file, location: nil, path: nil, message: error.description,
                hint: "allowed folders (--allow-dir) must be existing folders")
        }
        let top = try TopLevel(document: document)
        kind = top.kind
        // Styles first: elements' literal `style` keys are resolved while they compile.
        defaultStyle = top.defaultStyle
        var defaultTextStyle = TextStyle()
        if let name = top.defaultStyle, let style = top.styles.first(where: { $0.name == name }) {
            defaultTextStyle = TextBuilder.applying(style.setters, to: defaultTextStyle)
        }
        self.defaultTextStyle = defaultTextStyle
        var textStyles = [String: TextStyle]()
        for (name, setters) in top.styles { textStyles[name] = TextBuilder.applying(setters, to: defaultTextStyle) }
        self.textStyles = textStyles
        propertyContext = PropertyContext(textStyles: textStyles)
        dataOptions = top.dataOptions
        var compiler = TemplateCompiler(document: document, context: propertyContext)
        if case .canvas = kind { compiler.isPaged = false }
        body = try compiler.element(top.body, at: JSONPath.root.appending("body"))
        header = try top.header.map { v throws(TemplateError) in
            try compiler.element(v, at: JSONPath.root.appending("header"))
        }
        footer = try top.footer.map { v throws(TemplateError) in
            try compiler.element(v, at: JSONPath.root.appending("footer"))
        }
        pageBackground = try top.pageBackground.map { v throws(TemplateError) in
            try compiler.element(v, at: JSONPath.root.appending("page").appending("background"))
        }
        watermark = top.watermark
        fontFolders = try Template.checkedFontFolders(top.fontFolders, in: resourceFolders, document: document)
        metadata = top.metadata
        background = top.background
        scope = top.scope
        scopeBound = top.scopeBound
        pdf = top.pdf
        sampleData = document.value["sampleData"]
    }
}

extension Template {
    /// Each `fonts` folder resolved inside the resource folders; one that is outside them, does
    /// not exist or is not a folder is an error at `$.fonts[i]` (a walk of "/" took 32 s).
    fileprivate static func checkedFontFolders(
        _ folders: [String], in resourceFolders: ResourceFolders, document: ParsedDocument
    ) throws(TemplateError) -> [String] {
        var checked: [String] = []
        for (index, folder) in folders.enumerated() {
            let path = JSONPath.root.appending("fonts").appending(index)
            let resolved: String
            do {
                resolved = try resourceFolders.resolve(folder)
            } catch {
                throw document.error(at: path, "font folder \(error.description)")
            }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: resolved, isDirectory: &isFolder), isFolder.boolValue else {
                throw document.error(
                    at: path, "font folder \(ResourceFolders.quoted(folder)) is a file",
                    hint: "name the folder that holds the font files")
            }
            checked.append(resolved)
        }
        return checked
    }
}
