import Galley
import GalleyLayout
import GalleyRender
import GalleyText

/// A paged document's `page.watermark`: a text ("DRAFT", "COPY {{number}}") or an image, centred on
/// every page, turned by `rotation` degrees and faded to `opacity`, behind the page's content or
/// above it (`layer`).
///
/// ```json
/// "page": {"size": "A4", "watermark": {"text": "DRAFT", "rotation": -45, "opacity": 0.12, "fontSize": 96}}
/// ```
struct WatermarkTemplate: Sendable {
    /// A watermark's fields.
    static let kind = PropertyKind.object(
        "`{text \\| image, rotation, opacity, fontSize, color, font, weight, layer, width, height}`",
        fields: [
            .field(
                "text", .string, "The text (bindable, with `{{page}}` and `{{pages}}`).", example: "COPY {{number}}"),
            .field("image", .string, "An image instead of a text.", example: "assets/stamp.png"),
            .field(
                "rotation", .number(-360...360), bindable: false,
                "Degrees, clockwise (default -45 for a text, 0 for an image).",
                example: -30),
            .field("opacity", .number(0...1), default: 0.12, bindable: false, "How opaque it is.", example: 0.2),
            .field("fontSize", .number(1...2000), default: 96, bindable: false, "A text's font size.", example: 72),
            .field("color", .color, default: "#94a3b8", bindable: false, "A text's colour.", example: "#dc2626"),
            .field("font", .string, bindable: false, "A text's font family.", example: "DejaVu Serif"),
            .field("weight", .weight, default: 700, bindable: false, "A text's weight.", example: "regular"),
            .field(
                "layer", .choice(["behind", "above"]) { $0 }, default: "behind", bindable: false,
                "Under the page's content, or over it.", example: "above"),
            .field(
                "width", .length(minimum: 0), bindable: false, "An image's width (default its own).", example: "8cm"),
            .field("height", .length(minimum: 0), bindable: false, "An image's height.", example: 120),
        ]
    ) { fields in
        guard (fields["text"] == nil) != (fields["image"] == nil) else {
            return .failure(
                PropertyProblem(
                    "a watermark is a \"text\" or an \"image\"",
                    hint: "e.g. {\"text\": \"DRAFT\"} or {\"image\": \"assets/stamp.png\"}"))
        }
        return .success(.typed(fields))
    }

    let path: JSONPath
    let text: CompiledValue?
    let image: CompiledValue?
    /// Degrees, clockwise on the page (default -45 for a text, 0 for an image).
    let rotation: Double
    let opacity: Double
    let fontSize: Double
    let color: Color
    let font: String?
    let weight: Int
    /// Drawn above the page's content rather than under it.
    let isAbove: Bool
    /// An image's size in points (its pixel size when not given).
    let size: (width: Double?, height: Double?)

    init(_ value: JSONValue, at path: JSONPath, document: ParsedDocument) throws(TemplateError) {
        self.path = path
        let fields: [String: PropertyValue]
        switch Self.kind.convert(value, .empty) {
        case .success(let converted): fields = converted.typed([String: PropertyValue].self) ?? [:]
        case .failure(let problem):
            var full = path
            full.components += problem.path
            throw document.error(at: full, problem.message, hint: problem.hint)
        }
        func compiled(_ key: String) throws(TemplateError) -> CompiledValue? {
            try value[key].map { v throws(TemplateError) in
                try CompiledValue.compile(v, path: path.appending(key), document: document)
            }
        }
        text = try compiled("text")
        image = try compiled("image")
        rotation = fields["rotation"]?.number ?? (text != nil ? -45 : 0)
        opacity = fields["opacity"]?.number ?? 0.12
        fontSize = fields["fontSize"]?.number ?? 96
        color = fields["color"]?.color ?? Color(rgb8: 0x94, 0xa3, 0xb8)
        font = fields["font"]?.text
        weight = fields["weight"]?.integer ?? 700
        isAbove = fields["layer"]?.typed(String.self) == "above"
        size = (fields["width"]?.number, fields["height"]?.number)
    }

    /// The watermark for one page: centred, turned and faded.
    func element(site: BuildSite, scope: BindingScope) throws(TemplateError) -> any LayoutElement {
        let node: DisplayNode
        if let text {
            let content = try site.evaluate(text, in: scope, at: path.appending("text")).interpolationText
            var style = site.template.defaultTextStyle
            if let font { style.font = font }
            style.fontSize = fontSize
            style.color = color
            style.weight = weight
            node = TextNode(content, style: style, registry: site.resources.fonts)
        } else if let image {
            let source = try site.evaluate(image, in: scope, at: path.appending("image")).interpolationText
            let graphic: ImageLoader.Graphic
            do {
                graphic = try site.resources.images.graphic(
                    source, folders: site.template.resourceFolders, budget: site.imageBudget)
            } catch {
                throw site.error(at: path.appending("image"), error.description)
            }
            switch graphic {
            case .bitmap(let bitmap): node = ImageNode(image: bitmap, contentMode: .scaleAspectFit)
            case .vector(let vector):
                // librsvg finds the SVG's fonts through fontconfig: it must know the document's.
                site.resources.fonts.shareWithFontconfig()
                node = VectorImageNode(image: vector, contentMode: .scaleAspectFit)
            }
            if let width = size.width { node.style.width = .points(width) }
            if let height = size.height { node.style.height = .points(height) }
        } else {
            return LayoutSpec()
        }
        var layer = node.layer
        layer.opacity = opacity
        layer.transform = .rotation(rotation * .pi / 180)
        node.layer = layer
        return CenterLayoutSpec(centering: .xy, sizing: .minimumXY, child: node)
    }
}
