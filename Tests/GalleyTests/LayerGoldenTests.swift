import Foundation
import Galley
import GalleyLayout
import GalleyRender
import GalleyTestSupport
import Testing

/// Every layer property, every content mode and the built-in custom nodes, through the whole
/// pipeline at scale 1 and 2 (see LayerFixtures for what each cell shows).
@Suite("layer goldens")
struct LayerGoldenTests {
    static let scales: [Double] = [1, 2]

    static func render(_ body: any LayoutElement, size: Size, scale: Double, concurrency: Int = 4) throws -> ImageBuffer
    {
        let canvas = Canvas(body: body, size: size)
        canvas.background = .white
        let page = try canvas.displayPage(
            options: DisplayOptions(rasterizationScale: scale, rasterCache: nil, maxConcurrentLayers: concurrency))
        return try RasterRenderer.render(page, scale: scale)
    }

    @Test(arguments: scales)
    func layerProperties(scale: Double) throws {
        let image = try Self.render(LayerFixtures.layersRow(), size: Size(width: 284, height: 60), scale: scale)
        GoldenImage.assertMatches(image, named: "layers@\(Int(scale))x", tolerance: 2)
        // Group opacity: the overlap of the two squares is blue at half strength, not a mix.
        let overlap = image.pixel(x: Int(30 * scale), y: Int(30 * scale))
        #expect(abs(Int(overlap.r) - 0x92) <= 2 && abs(Int(overlap.b) - 0xf5) <= 2)
    }

    @Test(arguments: scales)
    func everyContentMode(scale: Double) throws {
        let image = try Self.render(LayerFixtures.contentModes(), size: Size(width: 208, height: 72), scale: scale)
        GoldenImage.assertMatches(image, named: "content-modes@\(Int(scale))x", tolerance: 2)
    }

    @Test(arguments: scales)
    func rainbowAndChartNodes(scale: Double) throws {
        let image = try Self.render(LayerFixtures.customNodes(), size: Size(width: 290, height: 70), scale: scale)
        GoldenImage.assertMatches(image, named: "custom-nodes@\(Int(scale))x", tolerance: 2)
        // The rainbow's first stripe is pure red, its last purple.
        let top = image.pixel(x: Int(20 * scale), y: Int(8 * scale))
        #expect(top.r == 255 && top.g == 0 && top.b == 0)
        let bottom = image.pixel(x: Int(20 * scale), y: Int(62 * scale))
        #expect(bottom.r == 128 && bottom.g == 0 && bottom.b == 128)
    }
}
