import GalleyLayout
import GalleyRender
import GalleyTestSupport
import Testing

/// One feature per test, each on a 64x64-point canvas at 1x and 2x.
@Suite("Raster golden images")
struct GoldenTests {
    static let canvas = Size(width: 64, height: 64)

    func render(_ items: [DisplayItem], scale: Double, background: Color? = .white) throws -> ImageBuffer {
        try RasterRenderer.render(DisplayPage(size: Self.canvas, items: items, background: background), scale: scale)
    }

    func name(_ base: String, _ scale: Double) -> String { "\(base)@\(Int(scale))x" }

    @Test(arguments: [1.0, 2.0])
    func fills(scale: Double) throws {
        var triangle = Path()
        triangle.move(to: Point(x: 32, y: 36))
        triangle.line(to: Point(x: 60, y: 60))
        triangle.line(to: Point(x: 4, y: 60))
        triangle.close()
        let image = try render(
            [
                .fill(Path(rect: Rect(x: 4, y: 4, width: 24, height: 24)), Color(rgb8: 0xe6, 0x39, 0x46)),
                .fill(Path(rect: Rect(x: 36.5, y: 4.5, width: 23, height: 23)), Color(rgb8: 0x1d, 0x35, 0x57)),
                .fill(triangle, Color(rgb8: 0x2a, 0x9d, 0x8f)),
                .fill(
                    Path(ellipseIn: Rect(x: 16, y: 16, width: 32, height: 32)),
                    Color(red: 1, green: 0.7, blue: 0, alpha: 0.6)),
            ], scale: scale)
        GoldenImage.assertMatches(image, named: name("fills", scale))
    }

    @Test(arguments: [1.0, 2.0])
    func roundedRects(scale: Double) throws {
        let image = try render(
            [
                .fill(
                    Path(roundedRect: Rect(x: 4, y: 4, width: 56, height: 24), cornerRadius: 4),
                    Color(rgb8: 0x45, 0x7b, 0x9d)),
                .fill(
                    Path(roundedRect: Rect(x: 4, y: 34, width: 26, height: 26), cornerRadius: 12),
                    Color(rgb8: 0xe7, 0x6f, 0x51)),
                .fill(
                    Path(roundedRect: Rect(x: 34, y: 34, width: 26, height: 26), cornerRadius: 40),
                    Color(rgb8: 0x26, 0x46, 0x53)),
            ], scale: scale)
        GoldenImage.assertMatches(image, named: name("rounded-rects", scale))
    }

    @Test(arguments: [1.0, 2.0])
    func strokes(scale: Double) throws {
        var diagonal = Path()
        diagonal.move(to: Point(x: 8, y: 56))
        diagonal.line(to: Point(x: 56, y: 8))
        var curve = Path()
        curve.move(to: Point(x: 8, y: 40))
        curve.curve(to: Point(x: 56, y: 40), control1: Point(x: 20, y: 10), control2: Point(x: 44, y: 70))
        let image = try render(
            [
                .stroke(Path(rect: Rect(x: 4.5, y: 4.5, width: 55, height: 55)), .black, lineWidth: 1),
                .stroke(diagonal, Color(rgb8: 0xd6, 0x28, 0x28), lineWidth: 3),
                .stroke(curve, Color(rgb8: 0x00, 0x30, 0x49), lineWidth: 2),
                .stroke(
                    Path(roundedRect: Rect(x: 14, y: 14, width: 20, height: 14), cornerRadius: 5),
                    Color(rgb8: 0xf7, 0x7f, 0x00), lineWidth: 2),
            ], scale: scale)
        GoldenImage.assertMatches(image, named: name("strokes", scale))
    }

    @Test(arguments: [1.0, 2.0])
    func clip(scale: Double) throws {
        var stripes: [DisplayItem] = []
        for index in 0..<8 {
            let color = index % 2 == 0 ? Color(rgb8: 0x6a, 0x4c, 0x93) : Color(rgb8: 0xff, 0xca, 0x3a)
            stripes.append(.fill(Path(rect: Rect(x: Double(index) * 8, y: 0, width: 8, height: 64)), color))
        }
        let group = DisplayGroup(clip: Path(ellipseIn: Rect(x: 8, y: 8, width: 48, height: 48)), items: stripes)
        let image = try render([.group(group)], scale: scale)
        GoldenImage.assertMatches(image, named: name("clip", scale))
    }

    @Test(arguments: [1.0, 2.0])
    func groupOpacity(scale: Double) throws {
        let group = DisplayGroup(
            opacity: 0.5,
            items: [
                .fill(Path(rect: Rect(x: 8, y: 8, width: 32, height: 32)), Color(red: 1, green: 0, blue: 0)),
                .fill(Path(rect: Rect(x: 24, y: 24, width: 32, height: 32)), Color(red: 0, green: 0, blue: 1)),
            ])
        let image = try render([.group(group)], scale: scale)
        GoldenImage.assertMatches(image, named: name("group-opacity", scale))
        // The overlap shows the top (blue) square faded once over white, not red showing
        // through a half-transparent blue (which per-primitive alpha would give).
        let overlap = image.pixel(x: Int(32 * scale), y: Int(32 * scale))
        #expect(overlap.b == 255)
        #expect((126...129).contains(overlap.r) && (126...129).contains(overlap.g))
        let redOnly = image.pixel(x: Int(12 * scale), y: Int(12 * scale))
        #expect(redOnly.r == 255 && (126...129).contains(redOnly.b))
    }

    @Test(arguments: [1.0, 2.0])
    func shadow(scale: Double) throws {
        let group = DisplayGroup(
            shadow: Shadow(
                offset: Point(x: 4, y: 4), blurRadius: 6, color: Color(red: 0, green: 0, blue: 0, alpha: 0.6)),
            items: [
                .fill(
                    Path(roundedRect: Rect(x: 12, y: 12, width: 32, height: 32), cornerRadius: 6),
                    Color(rgb8: 0xf4, 0xa2, 0x61))
            ])
        let image = try render([.group(group)], scale: scale)
        GoldenImage.assertMatches(image, named: name("shadow", scale))
        // Shadow to the lower right of the card, fading out with distance.
        let near = image.pixel(x: Int(47 * scale), y: Int(40 * scale))
        let far = image.pixel(x: Int(58 * scale), y: Int(40 * scale))
        #expect(near.r < 200 && far.r > near.r)
    }

    @Test(arguments: [ImageInterpolation.nearest, .smooth], [1.0, 2.0])
    func imageScaling(interpolation: ImageInterpolation, scale: Double) throws {
        let image = try render(
            [.image(Fixtures.checkerboard, Rect(x: 8, y: 8, width: 48, height: 48), interpolation)], scale: scale)
        GoldenImage.assertMatches(image, named: name("image-\(interpolation.rawValue)", scale))
    }

    @Test(arguments: [1.0, 2.0])
    func glyphRuns(scale: Double) throws {
        let image = try render(
            [
                .glyphs(Fixtures.galleyRun(size: 20, origin: Point(x: 4, y: 26))),
                .glyphs(
                    Fixtures.galleyRun(
                        size: 20, origin: Point(x: 4, y: 54), color: Color(rgb8: 0x1d, 0x35, 0x57), slant: 0.25)),
            ], scale: scale)
        GoldenImage.assertMatches(image, named: name("glyphs", scale))
    }

    @Test func transformedGroup() throws {
        let group = DisplayGroup(
            transform: AffineTransform.rotation(.pi / 8).concatenating(.translation(x: 32, y: 20)),
            items: [.fill(Path(rect: Rect(x: 0, y: 0, width: 24, height: 24)), Color(rgb8: 0x3a, 0x86, 0xff))])
        GoldenImage.assertMatches(try render([.group(group)], scale: 1), named: "transform@1x")
    }
}
