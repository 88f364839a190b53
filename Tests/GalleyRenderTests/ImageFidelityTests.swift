import Foundation
import GalleyLayout
import GalleyRender
import GalleyTestSupport
import Testing

/// Decoded and drawn images against Pillow, an independent decoder: CMYK and YCCK JPEGs, the
/// eight EXIF orientations, and images longer than cairo's 32,767-pixel limit, each in PNG and
/// in PDF (rasterized back by poppler's pdftoppm).
@Suite("Image fidelity against Pillow")
struct ImageFidelityTests {
    /// A fresh folder with files made by a Pillow script (run with the folder as `sys.argv[1]`).
    static func fixtures(_ script: String) throws -> URL {
        let directory = try Fixtures.temporaryDirectory()
        try Pillow.run(
            "import sys, os\nfrom PIL import Image, ImageDraw\nos.chdir(sys.argv[1])\n" + script, [directory.path])
        return directory
    }

    /// A 40x24 picture that no turn or mirror leaves unchanged: red grows to the right, green
    /// downwards, and a white block marks the top left.
    static let pictureScript = """
        im = Image.new('RGB', (40, 24))
        for x in range(40):
            for y in range(24):
                im.putpixel((x, y), (x * 6, y * 10, 120))
        ImageDraw.Draw(im).rectangle([2, 2, 9, 7], fill=(255, 255, 255))

        """

    /// `image` drawn filling a page (of its own size unless `size` is given): as Galley's PNG, and
    /// as Galley's PDF rasterized by pdftoppm at 72 dpi (one pixel a point). Checks the PDF with
    /// qpdf. Drawn 1:1, images are sampled `.nearest` (no smoothing that blurs sharp edges).
    static func renderings(
        _ image: ImageBuffer, size: Size? = nil, interpolation: ImageInterpolation = .nearest, in directory: URL
    ) throws -> (png: ImageBuffer, pdf: ImageBuffer) {
        let size = size ?? Size(width: Double(image.width), height: Double(image.height))
        let page = DisplayPage(
            size: size, items: [.image(image, Rect(origin: .zero, size: size), interpolation)], background: .white)
        let png = try ImageDecoder.decode(PNGEncoder.encode(try RasterRenderer.render(page, scale: 1)))
        let path = directory.appendingPathComponent("page-\(UUID().uuidString).pdf").path
        let writer = try PDFWriter(path: path, metadata: DocumentMetadata(title: "fidelity"))
        try writer.addPage(page)
        try writer.finish()
        let check = try PDFTools.qpdfCheck(path)
        #expect(check.status == 0, "qpdf --check: \(check.standardOutput)")
        let pdf = try PDFTools.rasterizedAt72dpi(path)
        return (png, pdf)
    }

    @Test func cmykAndYcckJPEGsMatchPillowInPNGAndPDF() throws {
        let directory = try Self.fixtures(
            Self.pictureScript + "im.convert('CMYK').save('cmyk.jpg', quality=95, subsampling=0)\n")
        defer { try? FileManager.default.removeItem(at: directory) }
        let ycck = Fixtures.repositoryRoot.appendingPathComponent("Tests/GalleyRenderTests/Fixtures/ycck.jpg").path
        for path in [directory.appendingPathComponent("cmyk.jpg").path, ycck] {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            let image = try ImageDecoder.decode(bytes)
            let expected = try Pillow.decode(path)
            let decoded = ImageComparison(expected: expected, actual: image)
            #expect(decoded.maxDifference <= 1, "\(path) decoded: \(decoded)")
            // The original bytes are not kept: a PDF would show Adobe's inverted CMYK inverted.
            #expect(image.encoded == nil)
            let (png, pdf) = try Self.renderings(image, in: directory)
            let inPNG = ImageComparison(expected: expected, actual: png)
            let inPDF = ImageComparison(expected: expected, actual: pdf)
            #expect(inPNG.maxDifference <= 1, "\(path) in PNG: \(inPNG)")
            #expect(inPDF.maxDifference <= 2, "\(path) in PDF: \(inPDF)")
        }
    }

    @Test func cmykWithoutAdobeMarkerIsTakenAsInvertedLikePillow() throws {
        let directory = try Self.fixtures(
            Self.pictureScript + "im.convert('CMYK').save('cmyk.jpg', quality=95, subsampling=0)\n")
        defer { try? FileManager.default.removeItem(at: directory) }
        var bytes = [UInt8](try Data(contentsOf: directory.appendingPathComponent("cmyk.jpg")))
        // Drop the APP14 "Adobe" segment: Pillow (and the browsers) still take the values as inverted.
        guard let app14 = (2..<bytes.count - 1).first(where: { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xEE }) else {
            Issue.record("Pillow wrote no APP14 marker")
            return
        }
        let length = Int(bytes[app14 + 2]) << 8 | Int(bytes[app14 + 3])
        bytes.removeSubrange(app14..<(app14 + 2 + length))
        let path = directory.appendingPathComponent("plain-cmyk.jpg").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let difference = ImageComparison(expected: try Pillow.decode(path), actual: try ImageDecoder.decode(bytes))
        #expect(difference.maxDifference <= 1, "\(difference)")
    }

    @Test(arguments: ImageOrientation.allCases)
    func exifOrientationIsAppliedInPNGAndPDF(orientation: ImageOrientation) throws {
        let directory = try Self.fixtures(
            Self.pictureScript + """
                exif = Image.Exif(); exif[0x0112] = \(orientation.rawValue)
                im.save('photo.jpg', quality=95, subsampling=0, exif=exif.tobytes())
                im.save('photo.png', exif=exif.tobytes())

                """)
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in ["photo.jpg", "photo.png"] {
            let path = directory.appendingPathComponent(name).path
            let image = try ImageDecoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
            let expected = try Pillow.decode(path, prepare: "ImageOps.exif_transpose(im)")
            // The intrinsic size is the upright image's: 24x40 for the quarter turns.
            #expect(image.width == (orientation.swapsWidthAndHeight ? 24 : 40), "\(name)")
            #expect(image.height == (orientation.swapsWidthAndHeight ? 40 : 24), "\(name)")
            let decoded = ImageComparison(expected: expected, actual: image)
            #expect(decoded.maxDifference <= 1, "\(name) \(orientation) decoded: \(decoded)")
            let (png, pdf) = try Self.renderings(image, in: directory)
            let inPNG = ImageComparison(expected: expected, actual: png)
            let inPDF = ImageComparison(expected: expected, actual: pdf)
            #expect(inPNG.maxDifference <= 1, "\(name) \(orientation) in PNG: \(inPNG)")
            // poppler decodes the embedded JPEG itself (its own IDCT) and samples the turned image
            // a tenth of a pixel apart at the white block's edges; a wrong turn is off everywhere.
            #expect(inPDF.maxDifference <= 32 && inPDF.channelMean < 1, "\(name) \(orientation) in PDF: \(inPDF)")
        }
    }

    @Test func orientedJPEGIsEmbeddedUnchangedAndTurnedByThePDF() throws {
        let directory = try Self.fixtures(
            Self.pictureScript
                + "exif = Image.Exif(); exif[0x0112] = 6\nim.save('photo.jpg', quality=95, exif=exif.tobytes())\n")
        defer { try? FileManager.default.removeItem(at: directory) }
        let bytes = [UInt8](try Data(contentsOf: directory.appendingPathComponent("photo.jpg")))
        let image = try ImageDecoder.decode(bytes)
        #expect(image.encoded == bytes && image.encodedOrientation == .right)
        let path = directory.appendingPathComponent("turned.pdf").path
        let writer = try PDFWriter(path: path, metadata: DocumentMetadata(title: "turned"))
        try writer.addPage(
            DisplayPage(
                size: Size(width: 24, height: 40),
                items: [.image(image, Rect(x: 0, y: 0, width: 24, height: 40), .smooth)]))
        try writer.finish()
        let stored = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(stored.range(of: Data(bytes)) != nil, "the JPEG bytes are embedded unchanged")
        let rows = try PDFTools.pdfimagesList(path).standardOutput.split(separator: "\n").dropFirst(2)
        // page num type width height color comp bpc enc ...: the JPEG as stored, 40x24.
        let columns = rows.first?.split(separator: " ").map(String.init) ?? []
        #expect(columns.count > 8 && columns[3] == "40" && columns[4] == "24" && columns[8] == "jpeg", "\(rows)")
    }

    @Test(arguments: [(40_000, 1), (1, 40_000), (36_000, 3)])
    func imagesLongerThanCairosLimitDrawInPNGAndPDF(width: Int, height: Int) throws {
        let directory = try Self.fixtures(
            """
            w, h = \(width), \(height)
            im = Image.new('RGB', (w, h))
            n = max(w, h)
            im.putdata([(i * 255 // (n - 1), 255 - i * 255 // (n - 1), (i * 7 // n) * 36)
                        for y in range(h) for x in range(w) for i in [x if w > h else y]])
            im.save('long.png')
            shown = (400, 20) if w > h else (20, 400)
            im.resize(shown, Image.BOX).save('expected.png')

            """)
        defer { try? FileManager.default.removeItem(at: directory) }
        let image = try ImageDecoder.decode([UInt8](try Data(contentsOf: directory.appendingPathComponent("long.png"))))
        #expect(image.width == width && image.height == height)
        let expected = try ImageDecoder.decode(
            [UInt8](try Data(contentsOf: directory.appendingPathComponent("expected.png"))))
        let size = Size(width: Double(expected.width), height: Double(expected.height))
        let (png, pdf) = try Self.renderings(image, size: size, interpolation: .smooth, in: directory)
        let inPNG = ImageComparison(expected: expected, actual: png)
        let inPDF = ImageComparison(expected: expected, actual: pdf)
        // Bands of flat colour with sharp steps: filters differ by a pixel at each step.
        #expect(inPNG.channelMean < 1.5 && inPNG.maxDifference <= 40, "\(width)x\(height) in PNG: \(inPNG)")
        #expect(inPDF.channelMean < 1.5 && inPDF.maxDifference <= 40, "\(width)x\(height) in PDF: \(inPDF)")
    }
}
