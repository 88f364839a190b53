import Foundation
import GalleyLayout
import GalleyTestSupport
import Testing

@testable import GalleyRender

/// Galley's own PDF writer (`PDFFileWriter`), checked against what readers make of its files
/// (qpdf, poppler's pdftotext and pdftoppm, qpdf's JSON for links) and against cairo's writer
/// (`PDFWriter`) drawing the same display pages.
@Suite("Galley's own PDF writer")
struct PDFFileWriterTests {
    // MARK: Numbers, names and strings

    @Test func realsAreWrittenAsPrintfWritesThemToFourDecimals() throws {
        var generator = SplitMix64(state: 21)
        for _ in 0..<20_000 {
            let magnitude = [1.0, 10, 1_000, 100_000][Int(generator.next() % 4)]
            let value = (Double(generator.next() % 2_000_001) / 1_000_000 - 1) * magnitude
            var buffer = PDFBuffer()
            buffer.append(real: value)
            // The oracle: C's printf to four decimals, trailing zeros and a bare point dropped.
            var expected = String(format: "%.4f", value)
            while expected.hasSuffix("0") { expected.removeLast() }
            if expected.hasSuffix(".") { expected.removeLast() }
            if expected == "-0" { expected = "0" }
            let written = String(decoding: buffer.bytes, as: UTF8.self)
            // printf rounds the binary value, ties to even; a tie is exactly representable
            // only rarely, and then the two may differ in the last digit.
            if written != expected {
                let scaled = value * 10_000
                #expect(abs(scaled - scaled.rounded(.towardZero)) == 0.5, "\(value): \(written) against \(expected)")
            }
        }
    }

    @Test(arguments: [
        (0.0, "0"), (-0.0, "0"), (1, "1"), (0.5, "0.5"), (-3.14159265, "-3.1416"), (0.00004, "0"),
        (0.00006, "0.0001"), (-0.00006, "-0.0001"), (841.89, "841.89"), (1e13, "1000000000000"),
        (-1e20, "-1000000000000"), (.nan, "0"), (.infinity, "0"), (-.infinity, "0"), (100, "100"),
        (12_345.678_901, "12345.6789"),
    ])
    func edgeValuesAreValidPDFNumbers(_ value: Double, _ expected: String) {
        var buffer = PDFBuffer()
        buffer.append(real: value)
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == expected)
    }

    @Test func namesAndStringsAreEscaped() {
        var buffer = PDFBuffer()
        buffer.append(name: "A B#(x)/é")
        buffer.append(" ")
        buffer.append(literal: Array("a(b)c\\d\ne".utf8) + [0x80])
        buffer.append(" ")
        buffer.append(textString: "Ünïcode")
        buffer.append(" ")
        buffer.append(-42)
        #expect(
            String(decoding: buffer.bytes, as: UTF8.self)
                == #"/A#20B#23#28x#29#2F#C3#A9 (a\(b\)c\\d\012e\200) <FEFF00DC006E00EF0063006F00640065> -42"#)
    }

    // MARK: Whole documents

    /// Both writers' files for `pages`, with `outline`.
    private func bothWriters(
        _ pages: [DisplayPage], outline: [OutlineEntry] = [], in directory: URL
    ) throws -> (own: String, cairo: String) {
        let own = directory.appendingPathComponent("own.pdf").path
        let writer = try PDFFileWriter(metadata: PDFTests.metadata)
        for page in pages { try writer.addPage(page) }
        writer.setOutline(outline)
        try Data(writer.finishData()).write(to: URL(fileURLWithPath: own))
        let cairo = directory.appendingPathComponent("cairo.pdf").path
        let reference = try PDFWriter(path: cairo, metadata: PDFTests.metadata)
        for page in pages { try reference.addPage(page) }
        reference.setOutline(outline)
        try reference.finish()
        return (own, cairo)
    }

    @Test func textLinksOutlineAndMetadataReadAsCairosDo() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (own, cairo) = try bothWriters(PDFTests.pages(), outline: PDFTests.outline, in: directory)

        let check = try PDFTools.qpdfCheck(own)
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
        #expect(try PDFTools.pdftotext(own).standardOutput == PDFTools.pdftotext(cairo).standardOutput)

        let fonts = try PDFTools.pdffonts(own).standardOutput.split(separator: "\n")
        let sans = fonts.filter { $0.contains("+LiberationSans") }
        #expect(sans.count == 1, "\(fonts)")
        // Embedded, subset, with a ToUnicode map.
        #expect(sans.first.map { $0.split(separator: " ").suffix(5).prefix(3) == ["yes", "yes", "yes"] } == true)

        let links = try PDFLinks.links(own)
        let expected = try PDFLinks.links(cairo)
        #expect(links.count == expected.count && links.count == 2)
        for (link, reference) in zip(links, expected) {
            #expect(link.page == reference.page && link.destination == reference.destination)
            #expect(link.destinationPage == reference.destinationPage)
            #expect(zip(link.rect, reference.rect).allSatisfy { abs($0 - $1) < 0.01 }, "\(link.rect) \(reference.rect)")
        }
        let raw = try PDFTools.uncompressed(own)
        #expect(raw.contains("/URI (https://example.com/galley?a=1&b='2')"))
        #expect(raw.contains("/Title (Chapter)") && raw.contains("/Title (Section)") && !raw.contains("(Missing)"))
        #expect(raw.contains("/Title (Galley Test)") && raw.contains("/Author (Render Tests)"))
        #expect(raw.contains("/CreationDate (D:20260102030405)"))

        for page in 1...2 {
            let mine = try PDFTools.rasterizedAt72dpi(own, page: page)
            let theirs = try PDFTools.rasterizedAt72dpi(cairo, page: page)
            #expect(ImageComparison.maxBlockDifference(mine, theirs, block: 4) <= 8, "page \(page)")
        }
    }

    @Test func shapesImagesModulesClipsAndOpacityLookAsCairosDo() throws {
        let photo = Fixtures.bitmap(
            width: 3, height: 2,
            rgba: [
                (255, 0, 0, 255), (0, 255, 0, 128), (0, 0, 255, 0), (250, 200, 0, 255), (0, 0, 0, 64), (9, 9, 9, 255),
            ])
        var ring = Path(ellipseIn: Rect(x: 150, y: 100, width: 80, height: 60))
        ring.append(Path(roundedRect: Rect(x: 160, y: 110, width: 60, height: 40), cornerRadius: 8))
        let page = DisplayPage(
            size: Size(width: 300, height: 220),
            items: [
                .fill(ring, Color(rgb8: 0x20, 0x60, 0xc0)),
                .stroke(
                    Path(roundedRect: Rect(x: 10, y: 10, width: 120, height: 60), cornerRadius: 12), .black,
                    lineWidth: 3),
                .image(photo, Rect(x: 20, y: 90, width: 90, height: 60), .nearest),
                .image(Fixtures.checkerboard, Rect(x: 20, y: 160, width: 40, height: 40), .smooth),
                .modules(
                    ModuleShapes(
                        size: Size(width: 4, height: 2),
                        rects: [Rect(x: 0, y: 0, width: 1, height: 2), Rect(x: 2, y: 0, width: 2, height: 1)],
                        isMatrix: false), Rect(x: 200, y: 20, width: 80, height: 40), Color(rgb8: 0x90, 0x10, 0x10)),
                .group(
                    DisplayGroup(
                        transform: AffineTransform.rotation(0.3).concatenating(.translation(x: 150, y: 170)),
                        clip: Path(rect: Rect(x: 0, y: 0, width: 70, height: 30)), opacity: 0.5,
                        items: [
                            .fill(
                                Path(rect: Rect(x: -10, y: -10, width: 100, height: 50)), Color(rgb8: 0xe0, 0x30, 0x30)),
                            .fill(Path(rect: Rect(x: 20, y: 5, width: 30, height: 20)), Color(rgb8: 0xe0, 0x30, 0x30)),
                            .glyphs(
                                Fixtures.galleyRun(size: 14, origin: Point(x: 4, y: 22), color: .white, slant: 0.2)),
                        ])),
                .fill(
                    Path(rect: Rect(x: 230, y: 150, width: 50, height: 50)),
                    Color(red: 0, green: 0.5, blue: 0, alpha: 0.4)),
                // Shadows: under a translation, under a rotation, and inside a faded group.
                .group(
                    DisplayGroup(
                        transform: .translation(x: 150, y: 20),
                        shadow: Shadow(
                            offset: Point(x: 4, y: 6), blurRadius: 6,
                            color: Color(red: 0, green: 0, blue: 0, alpha: 0.6)),
                        items: [
                            .fill(Path(roundedRect: Rect(x: 0, y: 0, width: 40, height: 30), cornerRadius: 6), .white)
                        ])),
                .group(
                    DisplayGroup(
                        transform: AffineTransform.rotation(-0.4).concatenating(.translation(x: 60, y: 190)),
                        clip: Path(rect: Rect(x: 0, y: 0, width: 30, height: 10)),
                        shadow: Shadow(offset: Point(x: 0, y: 5), blurRadius: 3, color: Color(rgb8: 0x80, 0, 0x80)),
                        items: [.fill(Path(rect: Rect(x: 0, y: 0, width: 50, height: 20)), Color(rgb8: 0xff, 0xd0, 0))])
                ),
                .group(
                    DisplayGroup(
                        opacity: 0.7, shadow: Shadow(offset: Point(x: -3, y: 3), blurRadius: 2, color: .black),
                        items: [
                            .fill(Path(rect: Rect(x: 250, y: 100, width: 30, height: 30)), Color(rgb8: 0, 0x80, 0xff))
                        ])),
            ],
            background: Color(rgb8: 0xfa, 0xf8, 0xf0))
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (own, cairo) = try bothWriters([page], in: directory)
        let check = try PDFTools.qpdfCheck(own)
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
        let mine = try PDFTools.rasterizedAt72dpi(own)
        let theirs = try PDFTools.rasterizedAt72dpi(cairo)
        #expect(ImageComparison.maxBlockDifference(mine, theirs, block: 4) <= 8)
        // The group is composited, then faded once: where its two squares overlap the colour
        // is the same as where one alone lies (per-shape alpha would darken the overlap).
        let overlap = mine.pixel(x: 185, y: 188)
        let single = theirs.pixel(x: 185, y: 188)
        #expect(abs(Int(overlap.r) - Int(single.r)) <= 6 && abs(Int(overlap.g) - Int(single.g)) <= 6)
    }

    @Test func textTheClipsHideIsLeftOutAndVisibleTextStays() throws {
        // A paragraph split across pages is drawn whole on each page, clipped to its part:
        // six lines ("G", "Ga", … "Galley"), baselines 14 pt apart, at -8 … 62 on the page,
        // under a clip from 0 to 42.
        let lines = (0..<6).map { line in
            DisplayItem.glyphs(
                Fixtures.galleyRun(count: line + 1, size: 10, origin: Point(x: 20, y: 20 + 14 * Double(line))))
        }
        let page = DisplayPage(
            size: Size(width: 200, height: 100),
            items: [
                .group(
                    DisplayGroup(
                        transform: .translation(x: 0, y: -28),
                        clip: Path(rect: Rect(x: 0, y: 28, width: 200, height: 42)),
                        items: lines))
            ])
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (own, cairo) = try bothWriters([page], in: directory)
        let text = try PDFTools.pdftotext(own).standardOutput
        #expect(text == (try PDFTools.pdftotext(cairo).standardOutput))
        // The first line ends above the clip and the last starts below it; the lines at 6 and
        // 48 are cut, not hidden.
        #expect(text.split(whereSeparator: \.isWhitespace) == ["Ga", "Gal", "Gall", "Galle"], "\(text)")
    }

    @Test func generatedPagesReadAndLookAsCairosDo() throws {
        // The pages that hold cairo's shortcuts to its own bytes (`GlyphBatchTests`): runs in
        // and out of rectangular and rounded clips and over the page edges, nested groups,
        // opacity, scale, links, images.
        var rng = SplitMix64(state: 7)
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for index in 0..<60 {
            let page = DisplayPage(
                size: Size(width: 600, height: 400), items: GlyphBatchTests.randomItems(depth: 0, &rng),
                background: .white)
            let (own, cairo) = try bothWriters([page], in: directory)
            let check = try PDFTools.qpdfCheck(own)
            #expect(check.status == 0, "page \(index): \(check.standardOutput)")
            // The text is not compared here: which runs just outside a clip both writers leave
            // out is a judgement on extents (cairo's of the ink, this writer's of the font's
            // ascent and descent), and the generated runs sit on clip edges by the dozen. What
            // shows is compared: a visible run left out fails the block comparison.
            let mine = try PDFTools.rasterizedAt72dpi(own, oversampling: 2)
            let theirs = try PDFTools.rasterizedAt72dpi(cairo, oversampling: 2)
            let difference = ImageComparison.maxBlockDifference(mine, theirs, block: 8)
            #expect(difference <= 24, "page \(index): \(difference)")
        }
    }

    @Test func hostileNumbersMakeAValidFile() throws {
        let bad: [Double] = [.nan, .infinity, -.infinity, 1e300, -1e300, 0]
        var items: [DisplayItem] = []
        for value in bad {
            let point = Point(x: value, y: 10)
            items.append(.glyphs(Fixtures.galleyRun(size: 12, origin: point)))
            items.append(.glyphs(Fixtures.galleyRun(size: value, origin: Point(x: 10, y: 10))))
            items.append(
                .fill(
                    Path(rect: Rect(x: value, y: 0, width: value, height: 5)),
                    Color(red: value, green: 0, blue: 0, alpha: value)))
            items.append(.stroke(Path(ellipseIn: Rect(x: 0, y: value, width: 9, height: 9)), .black, lineWidth: value))
            items.append(.image(Fixtures.checkerboard, Rect(x: 0, y: 0, width: value, height: 4), .smooth))
            items.append(
                .group(
                    DisplayGroup(
                        transform: AffineTransform(a: value, b: 0, c: 0, d: value, tx: value, ty: 0),
                        clip: Path(rect: Rect(x: 0, y: 0, width: value, height: 10)), opacity: value,
                        shadow: Shadow(offset: Point(x: value, y: 0), blurRadius: value, color: .black),
                        items: [.fill(Path(rect: Rect(x: 0, y: 0, width: 5, height: 5)), .black)])))
            items.append(.link(Rect(x: value, y: 0, width: 5, height: 5), .url("https://e.com")))
            items.append(.anchor("a\(value)", Point(x: value, y: value)))
        }
        items.append(
            .group(DisplayGroup(clip: Path(), items: [.glyphs(Fixtures.galleyRun(size: 9, origin: Point(x: 5, y: 5)))]))
        )
        let writer = try PDFFileWriter(metadata: PDFTests.metadata)
        try writer.addPage(DisplayPage(size: Size(width: 100, height: 100), items: items))
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("hostile.pdf").path
        try Data(writer.finishData()).write(to: URL(fileURLWithPath: path))
        let check = try PDFTools.qpdfCheck(path)
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
        #expect(try PDFTools.pdftoppm(path).count > 0)
    }

    @Test func identicalDocumentsAreIdenticalFilesAndShareTheirFontSubset() throws {
        func file() throws -> [UInt8] {
            let writer = try PDFFileWriter(metadata: PDFTests.metadata)
            for page in PDFTests.pages() { try writer.addPage(page) }
            return try writer.finishData()
        }
        let first = try file()
        let second = try file()
        #expect(first == second)
        #expect(String(decoding: first, as: UTF8.self).contains("/ID [<"))
    }

    @Test func whatItDoesNotDrawYetIsAnErrorNotAWrongFile() throws {
        let tagged = DisplayItem.structure(.begin(StructureElement(id: 1, role: .paragraph)))
        for item in [tagged] {
            let writer = try PDFFileWriter(metadata: PDFTests.metadata)
            #expect {
                try writer.addPage(DisplayPage(size: Size(width: 50, height: 50), items: [item]))
            } throws: { error in
                guard case RenderError.pdfWriter = error else { return false }
                return true
            }
        }
    }

    @Test func aCancelledPageThrowsAndTheWriterCannotBeFinished() throws {
        let writer = try PDFFileWriter(metadata: PDFTests.metadata)
        #expect(throws: RenderError.self) {
            try writer.addPage(PDFTests.pages()[0], isCancelled: { true })
        }
        // Its objects were numbered and never written: finishing is an error, not a trap.
        #expect(throws: RenderError.self) { try writer.finishData() }
    }

    @Test func anImageAfterATranslucentFillIsOpaque() throws {
        let red = Fixtures.bitmap(width: 2, height: 2, rgba: Array(repeating: (255, 0, 0, 255), count: 4))
        let page = DisplayPage(
            size: Size(width: 100, height: 100),
            items: [
                .fill(
                    Path(rect: Rect(x: 0, y: 0, width: 100, height: 50)), Color(red: 0, green: 0, blue: 1, alpha: 0.1)),
                .image(red, Rect(x: 20, y: 20, width: 60, height: 60), .nearest),
            ],
            background: .white)
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (own, _) = try bothWriters([page], in: directory)
        let pixel = try PDFTools.rasterizedAt72dpi(own, oversampling: 2).pixel(x: 50, y: 60)
        #expect(pixel.r >= 250 && pixel.g <= 5 && pixel.b <= 5, "\(pixel)")
    }

    @Test(arguments: ImageOrientation.allCases)
    func jpegsAreEmbeddedAsTheyCameAndTurnedUpright(orientation: ImageOrientation) throws {
        let directory = try ImageFidelityTests.fixtures(
            ImageFidelityTests.pictureScript + """
                exif = Image.Exif(); exif[0x0112] = \(orientation.rawValue)
                im.save('photo.jpg', quality=95, subsampling=0, exif=exif.tobytes())

                """)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("photo.jpg").path
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let image = try ImageDecoder.decode(bytes)
        let size = Size(width: Double(image.width), height: Double(image.height))
        let writer = try PDFFileWriter(metadata: PDFTests.metadata)
        try writer.addPage(
            DisplayPage(
                size: size, items: [.image(image, Rect(origin: .zero, size: size), .nearest)], background: .white))
        let file = try writer.finishData()
        let output = directory.appendingPathComponent("photo.pdf").path
        try Data(file).write(to: URL(fileURLWithPath: output))
        #expect(Data(file).range(of: Data(bytes)) != nil, "the JPEG's bytes are embedded unchanged")
        let check = try PDFTools.qpdfCheck(output)
        #expect(check.status == 0, "\(check.standardOutput)")
        // The same tolerance as cairo's writer is held to (`ImageFidelityTests`): poppler decodes
        // the JPEG itself; a wrong turn is off everywhere.
        let shown = ImageComparison(
            expected: try Pillow.decode(path, prepare: "ImageOps.exif_transpose(im)"),
            actual: try PDFTools.rasterizedAt72dpi(output))
        #expect(shown.maxDifference <= 32 && shown.channelMean < 1, "\(orientation): \(shown)")
    }

    @Test func destinationsAreSortedByTheirBytesAndURIsAreASCII() throws {
        let page = DisplayPage(
            size: Size(width: 100, height: 100),
            items: [
                .anchor("b", Point(x: 0, y: 10)), .anchor("aé", Point(x: 0, y: 20)), .anchor("a", Point(x: 0, y: 30)),
                .link(Rect(x: 0, y: 0, width: 10, height: 10), .url("https://example.com/ä b")),
            ])
        let writer = try PDFFileWriter(metadata: PDFTests.metadata)
        try writer.addPage(page)
        let text = String(decoding: try writer.finishData(), as: UTF8.self)
        // A hex string's bytes begin FE FF, after every ASCII name.
        let a = text.range(of: "(a) [")
        let b = text.range(of: "(b) [")
        let accented = text.range(of: "<FEFF006100E9> [")
        #expect(a != nil && b != nil && accented != nil)
        if let a, let b, let accented {
            #expect(a.lowerBound < b.lowerBound && b.lowerBound < accented.lowerBound)
        }
        #expect(text.contains("/URI (https://example.com/%C3%A4%20b)"))
    }

    @Test func clustersThatDoNotFitTheTextDoNotBreakTheFile() throws {
        var run = Fixtures.galleyRun(count: 6, size: 12, origin: Point(x: 10, y: 30))
        run.clusters = [
            GlyphRun.Cluster(byteCount: 40, glyphCount: 2), GlyphRun.Cluster(byteCount: -3, glyphCount: -1),
            GlyphRun.Cluster(byteCount: 2, glyphCount: 4),
        ]
        var short = Fixtures.galleyRun(count: 6, size: 12, origin: Point(x: 10, y: 60))
        short.text = "Ga"
        let writer = try PDFFileWriter(metadata: PDFTests.metadata)
        try writer.addPage(DisplayPage(size: Size(width: 200, height: 100), items: [.glyphs(run), .glyphs(short)]))
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("odd.pdf").path
        try Data(writer.finishData()).write(to: URL(fileURLWithPath: path))
        let check = try PDFTools.qpdfCheck(path)
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
    }
}
