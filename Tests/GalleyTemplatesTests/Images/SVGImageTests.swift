import Foundation
import Galley
import GalleyRender
import GalleyTemplates
import GalleyTestSupport
import GalleyText
import Testing

/// SVG images: vectors in a PDF (no image object), librsvg's own rendering in a PNG, intrinsic sizes from
/// width/height or the viewBox, external references confined next to the SVG, and clear errors.
@Suite("SVG images")
struct SVGImageTests {
    static let logo = """
        <svg xmlns="http://www.w3.org/2000/svg" width="120" height="60" viewBox="0 0 240 120">
          <rect x="4" y="4" width="232" height="112" rx="18" fill="#0f172a"/>
          <circle cx="60" cy="60" r="36" fill="#38bdf8"/>
          <path d="M120 90 L150 30 L180 90 Z" fill="#f97316" stroke="#fff" stroke-width="4"/>
          <rect x="190" y="30" width="30" height="60" fill="#22c55e" opacity="0.6"/>
        </svg>
        """

    static func render(
        _ body: String, size: (Int, Int), in folder: TemporaryFolder, format: OutputFormat, scale: Double = 1
    )
        throws -> String
    {
        let template = try Template(
            text: """
                {"galley": 1, "size": [\(size.0), \(size.1)], "body": \(body)}
                """, file: folder.path("t.json"), directory: folder.url.path)
        let output = folder.path("out." + (format == .pdf ? "pdf" : "png"))
        _ = try DocumentWriter.write(
            try template.bind(.object(JSONObject())), to: output, options: OutputOptions(format: format, scale: scale))
        return output
    }

    @Test func anSVGInAPDFIsVectorsNotAnImage() throws {
        let folder = try TemporaryFolder()
        try folder.write("logo.svg", Array(Self.logo.utf8))
        let pdf = try Self.render(#"{"type": "image", "src": "logo.svg"}"#, size: (120, 60), in: folder, format: .pdf)
        let lines = try PDFTools.pdfimagesList(pdf).standardOutput.split(separator: "\n")
        #expect(lines.count == 2, "no image object: \(lines)")
        let content = try PDFTools.uncompressed(pdf)
        // Paths: the circle's and the rounded rectangle's curves (c operators) and fills.
        #expect(content.contains(" c\n") || content.contains(" c "))
        #expect(try PDFTools.qpdfCheck(pdf).status == 0)
        // And it looks like librsvg's own rendering.
        let raster = try PDFTools.rasterizedAt72dpi(pdf)
        let reference = try Self.rsvgConvert(folder.path("logo.svg"), zoom: 1, in: folder, background: "white")
        let comparison = ImageComparison(expected: reference, actual: raster, tolerance: 40)
        #expect(
            comparison.differentPixels * 100 <= raster.width * raster.height,
            "\(comparison.differentPixels) pixels differ")
    }

    @Test func anSVGInAPNGMatchesRsvgConvert() throws {
        let folder = try TemporaryFolder()
        try folder.write("logo.svg", Array(Self.logo.utf8))
        let png = try Self.render(
            #"{"type": "image", "src": "logo.svg"}"#, size: (120, 60), in: folder, format: .png, scale: 2)
        let ours = try Pillow.decode(png)
        let reference = try Self.rsvgConvert(folder.path("logo.svg"), zoom: 2, in: folder)
        #expect(ours.width == 240 && ours.height == 120)
        let difference = ImageComparison(expected: reference, actual: ours)
        #expect(difference.maxDifference <= 2, "\(difference)")
    }

    /// Text in an SVG is set in the document's fonts: Liberation Serif exists only in Galley's
    /// bundled Fonts/ folder, and the PNG equals rsvg-convert's rendering with that folder added to
    /// fontconfig (and differs from its rendering without it, which substitutes another face).
    @Test func svgTextUsesTheDocumentsFonts() throws {
        let folder = try TemporaryFolder()
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="300" height="80" viewBox="0 0 300 80">
              <text x="10" y="55" font-family="Liberation Serif" font-size="40">Galley Serif</text>
            </svg>
            """
        try folder.write("text.svg", Array(svg.utf8))
        let png = try Self.render(#"{"type": "image", "src": "text.svg"}"#, size: (300, 80), in: folder, format: .png)
        let ours = try Pillow.decode(png)
        let config = """
            <?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig>
            <include ignore_missing="yes">/etc/fonts/fonts.conf</include><dir>\(FontRegistry.bundledFontsFolder)</dir>
            </fontconfig>
            """
        try folder.write("fonts.conf", Array(config.utf8))
        let withFonts = folder.path("rsvg-fonts.png")
        let withoutFonts = folder.path("rsvg-system.png")
        for (output, environment) in [(withFonts, ["FONTCONFIG_FILE": folder.path("fonts.conf")]), (withoutFonts, [:])]
        {
            let rsvg = try #require(PDFTools.find("rsvg-convert"), "rsvg-convert (librsvg2-bin) is needed")
            let result = try PDFTools.launch(rsvg, ["-o", output, folder.path("text.svg")], environment: environment)
            #expect(result.status == 0, "\(result.standardError)")
        }
        #expect(ImageComparison(expected: try Pillow.decode(withFonts), actual: ours).maxDifference <= 2)
        #expect(ImageComparison(expected: try Pillow.decode(withoutFonts), actual: ours).maxDifference > 64)
    }

    @Test func intrinsicSizesComeFromWidthAndHeightOrTheViewBox() throws {
        let sized = try VectorImage(svg: Array(Self.logo.utf8), baseFile: nil)
        #expect(sized.size.width == 120 && sized.size.height == 60)
        let physical = try VectorImage(
            svg: Array(#"<svg xmlns="http://www.w3.org/2000/svg" width="1in" height="25.4mm"/>"#.utf8), baseFile: nil)
        #expect(abs(physical.size.width - 72) < 1e-3 && abs(physical.size.height - 72) < 1e-3)
        let viewBoxOnly = try VectorImage(
            svg: Array(#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 150"/>"#.utf8), baseFile: nil)
        #expect(viewBoxOnly.size.width == 300 && viewBoxOnly.size.height == 150)
        #expect(throws: RenderError.self) {
            try VectorImage(svg: Array(#"<svg xmlns="http://www.w3.org/2000/svg" width="50%"/>"#.utf8), baseFile: nil)
        }
    }

    @Test func externalReferencesLoadOnlyBesideTheSVG() throws {
        let folder = try TemporaryFolder()
        let inner = folder.url.appendingPathComponent("art")
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
        // A red and a blue 4x4 PNG: one next to the SVG, one in the folder above it.
        try Pillow.run(
            """
            import sys
            from PIL import Image
            Image.new('RGB', (4, 4), (255, 0, 0)).save(sys.argv[1])
            Image.new('RGB', (4, 4), (0, 0, 255)).save(sys.argv[2])
            """, [inner.appendingPathComponent("red.png").path, folder.path("blue.png")])
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="40" height="20">
              <image x="0" y="0" width="20" height="20" xlink:href="red.png"/>
              <image x="20" y="0" width="20" height="20" xlink:href="../blue.png"/>
            </svg>
            """
        try Data(svg.utf8).write(to: inner.appendingPathComponent("pic.svg"))
        let png = try Self.render(#"{"type": "image", "src": "art/pic.svg"}"#, size: (40, 20), in: folder, format: .png)
        let image = try Pillow.decode(png)
        let left = image.pixel(x: 10, y: 10)
        let right = image.pixel(x: 30, y: 10)
        #expect(left.r == 255 && left.a == 255, "the reference beside the SVG loads")
        #expect(right.a == 0, "the reference outside the SVG's folder does not")
    }

    @Test func aMalformedSVGIsAnErrorNamingTheFile() throws {
        let folder = try TemporaryFolder()
        try folder.write(
            "broken.svg", Array("<svg xmlns='http://www.w3.org/2000/svg' width='10' height='10'><rect".utf8))
        #expect {
            _ = try Self.render(#"{"type": "image", "src": "broken.svg"}"#, size: (10, 10), in: folder, format: .png)
        } throws: { error in
            let text = "\(error)"
            return text.contains("at $.body.src") && text.contains("image \"broken.svg\" cannot be read: SVG:")
        }
    }

    /// librsvg's own rendering (rsvg-convert, librsvg2-bin) at `zoom` (on `background`, transparent by
    /// default), decoded by Pillow.
    static func rsvgConvert(_ svg: String, zoom: Double, in folder: TemporaryFolder, background: String? = nil) throws
        -> ImageBuffer
    {
        let output = folder.path("rsvg-\(zoom).png")
        let paper = background.map { ["-b", $0] } ?? []
        let result = try PDFTools.run(
            "rsvg-convert", ["-z", "\(zoom)"] + paper + ["-o", output, svg], package: "librsvg2-bin")
        #expect(result.status == 0, "\(result.standardError)")
        return try Pillow.decode(output)
    }
}
