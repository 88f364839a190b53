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
    public let kind: Kind
    let document: ParsedDocument
    let body: ElementTemplate
    let header: ElementTemplate?
    let footer: ElementTemplate?
    let styles: [String: JSONObject]
    let defaultStyle: String?
    /// The default text style applied to `TextStyle()`, resolved once.
    let defaultTextStyle: TextStyle
    /// Each named style applied over `defaultTextStyle`, resolved once.
    let textStyles: [String: TextStyle]
    public let fontFolders: [String]
    let metadata: [String: CompiledValue]
    let background: CompiledValue?
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

    /// Reads, parses and compiles a template file.
    public static func load(path: String) throws(TemplateError) -> Template {
        guard let data = FileManager.default.contents(atPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            throw TemplateError(
                file: path, location: nil, path: nil,
                message: exists ? "cannot read the template file" : "no such template file",
                hint: exists ? "check its permissions" : "check the path")
        }
        let directory = (path as NSString).deletingLastPathComponent
        return try Template(utf8: [UInt8](data), file: path, directory: directory.isEmpty ? "." : directory)
    }

    /// Parses and compiles template text.
    public convenience init(text: String, file: String = "<template>", directory: String = ".") throws(TemplateError) {
        try self.init(utf8: Array(text.utf8), file: file, directory: directory)
    }

    init(utf8: [UInt8], file: String, directory: String) throws(TemplateError) {
        let document = try JSONParser.parse(utf8: utf8, file: file)
        self.document = document
        self.file = file
        self.directory = directory
        let top = try TopLevel(document: document)
        kind = top.kind
        let compiler = TemplateCompiler(document: document)
        body = try compiler.element(top.body, at: JSONPath.root.appending("body"))
        header = try top.header.map { v throws(TemplateError) in
            try compiler.element(v, at: JSONPath.root.appending("header"))
        }
        footer = try top.footer.map { v throws(TemplateError) in
            try compiler.element(v, at: JSONPath.root.appending("footer"))
        }
        styles = top.styles
        defaultStyle = top.defaultStyle
        var defaultTextStyle = TextStyle()
        if let name = top.defaultStyle, let style = top.styles[name] {
            defaultTextStyle = try TextBuilder.applying(style, to: defaultTextStyle)
        }
        self.defaultTextStyle = defaultTextStyle
        var textStyles = [String: TextStyle]()
        for (name, style) in top.styles { textStyles[name] = try TextBuilder.applying(style, to: defaultTextStyle) }
        self.textStyles = textStyles
        fontFolders = top.fontFolders.map { $0.hasPrefix("/") ? $0 : directory + "/" + $0 }
        metadata = top.metadata
        background = top.background
        pdf = top.pdf
        sampleData = document.value["sampleData"]
    }
}
