import Foundation
import Galley
import GalleyLayout
import GalleyRender
import GalleyTestSupport
import GalleyText
import Testing

/// Box, text and image nodes drawn through the whole pipeline (layout → display list →
/// cairo), compared with reference PNGs at scale 1 and 2.
@Suite("node drawing goldens")
struct NodeDrawingGoldenTests {
    static let scales: [Double] = [1, 2]

    static func render(_ body: any LayoutElement, size: Size, scale: Double) throws -> ImageBuffer {
        let canvas = Canvas(body: body, size: size)
        canvas.background = .white
        let page = try canvas.displayPage(options: DisplayOptions(rasterizationScale: scale, rasterCache: nil))
        return try RasterRenderer.render(page, scale: scale)
    }

    @Test(arguments: scales)
    func boxesWithBackgroundCornersAndBorder(scale: Double) throws {
        let plain = BoxNode(intrinsicSize: Size(width: 30, height: 30))
        plain.layer.backgroundColor = Color(rgb8: 0x1e, 0x3a, 0x8a)
        let rounded = BoxNode(intrinsicSize: Size(width: 30, height: 30))
        rounded.layer.backgroundColor = Color(rgb8: 0xf5, 0x9e, 0x0b)
        rounded.layer.cornerRadius = 10
        let bordered = BoxNode(intrinsicSize: Size(width: 30, height: 30))
        bordered.layer.borderWidth = 3
        bordered.layer.borderColor = Color(rgb8: 0xdc, 0x26, 0x26)
        bordered.layer.cornerRadius = 6
        let body = InsetLayoutSpec(
            insets: EdgeInsets(all: 5),
            child: StackLayoutSpec(
                direction: .horizontal, spacing: 5, alignItems: .start, children: [plain, rounded, bordered]))
        let image = try Self.render(body, size: Size(width: 110, height: 40), scale: scale)
        #expect(image.width == Int(110 * scale) && image.height == Int(40 * scale))
        GoldenImage.assertMatches(image, named: "boxes@\(Int(scale))x")
        // The plain box's centre is its colour, exactly.
        let centre = image.pixel(x: Int(20 * scale), y: Int(20 * scale))
        #expect(centre.r == 0x1e && centre.g == 0x3a && centre.b == 0x8a && centre.a == 255)
    }

    @Test(arguments: scales)
    func wrappedText(scale: Double) throws {
        let text = TextNode(
            "Galley typesets office and fluffy text with HarfBuzz.",
            style: TextStyle(font: "Liberation Sans", fontSize: 12, color: Color(rgb8: 0x11, 0x18, 0x27)))
        let body = InsetLayoutSpec(insets: EdgeInsets(all: 4), child: text)
        let image = try Self.render(body, size: Size(width: 140, height: 50), scale: scale)
        GoldenImage.assertMatches(image, named: "text@\(Int(scale))x", tolerance: 2)
    }

    @Test(arguments: scales)
    func imageContentModes(scale: Double) throws {
        let logo = try ImageDecoder.decode([UInt8](try Data(contentsOf: Self.logoURL)))
        var children = [any LayoutElement]()
        for mode in [ContentMode.scaleToFill, .scaleAspectFit, .scaleAspectFill] {
            let node = ImageNode(image: logo, contentMode: mode)
            node.style.preferredSize = Size(width: 40, height: 40)
            node.layer.borderWidth = 1
            node.layer.borderColor = Color(rgb8: 0x94, 0xa3, 0xb8)
            children.append(node)
        }
        let body = InsetLayoutSpec(
            insets: EdgeInsets(all: 5), child: StackLayoutSpec(direction: .horizontal, spacing: 5, children: children))
        let image = try Self.render(body, size: Size(width: 140, height: 50), scale: scale)
        GoldenImage.assertMatches(image, named: "image-modes@\(Int(scale))x", tolerance: 2)
    }

    static let logoURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Templates/assets/logo.png")
}
