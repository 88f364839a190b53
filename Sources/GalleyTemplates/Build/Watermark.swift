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
    /// The keys a watermark takes, with their kinds.
    static let keys: [String: ValueKind] = [
        "text": .string, "image": .string, "rotation": .numberIn(-360...360), "opacity": .unitInterval,
        "fontSize": .numberIn(1...2000), "color": .color, "font": .string,
        "weight": .numberOr(ValueLimits.weight, FontWeightName.names), "layer": .choice(["behind", "above"]),
        "width": .numberIn(0...100_000), "height": .numberIn(0...100_000),
    ]

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
        guard case .object(let object) = value else {
            throw document.error(at: path, "expected an object {text or image, rotation, opacity, …}")
        }
        self.path = path
        func compiled(_ key: String) throws(TemplateError) -> CompiledValue? {
            try object[key].map { v throws(TemplateError) in
                try CompiledValue.compile(v, path: path.appending(key), document: document)
            }
        }
        text = try compiled("text")
        image = try compiled("image")
        guard (text == nil) != (image == nil) else {
            throw document.error(
                at: path, "a watermark is a \"text\" or an \"image\"",
                hint: "e.g. {\"text\": \"DRAFT\"} or {\"image\": \"assets/stamp.png\"}")
        }
        rotation = object["rotation"].flatMap(ValueReader.number) ?? (text != nil ? -45 : 0)
        opacity = object["opacity"].flatMap(ValueReader.number) ?? 0.12
        fontSize = object["fontSize"].flatMap(ValueReader.number) ?? 96
        color = object["color"].flatMap(ValueReader.color) ?? Color(rgb8: 0x94, 0xa3, 0xb8)
        font = object["font"]?.stringValue
        weight =
            object["weight"].flatMap {
                FontWeightName.table[$0.stringValue ?? ""] ?? ValueReader.number($0).map(Int.init)
            } ?? 700
        isAbove = object["layer"]?.stringValue == "above"
        size = (object["width"].flatMap(ValueReader.number), object["height"].flatMap(ValueReader.number))
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
