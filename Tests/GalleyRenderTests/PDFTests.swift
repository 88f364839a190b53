import Foundation
import GalleyLayout
import GalleyRender
import GalleyTestSupport
import Testing

@Suite("PDF output")
struct PDFTests {
    static let metadata = DocumentMetadata(
        title: "Galley Test", author: "Render Tests", creationDate: "D:20260102030405")

    /// Two pages: text with a URL link (inside an opacity group) and an internal link inside a
    /// translated group on page 1; the anchor it targets and more text on page 2.
    static func pages() -> [DisplayPage] {
        let first = DisplayPage(
            size: Size(width: 300, height: 200),
            items: [
                .glyphs(Fixtures.galleyRun(count: 10, size: 18, origin: Point(x: 40, y: 60))),
                .group(
                    DisplayGroup(
                        opacity: 0.8,
                        items: [
                            .fill(Path(rect: Rect(x: 40, y: 70, width: 60, height: 4)), Color(rgb8: 0x1d, 0x35, 0x57)),
                            .link(
                                Rect(x: 40, y: 44, width: 100, height: 20), .url("https://example.com/galley?a=1&b='2'")
                            ),
                        ])),
                .group(
                    DisplayGroup(
                        transform: .translation(x: 10, y: 100),
                        items: [
                            .link(Rect(x: 30, y: 0, width: 50, height: 20), .destination("chapter"))
                        ])),
            ],
            background: .white)
        let second = DisplayPage(
            size: Size(width: 300, height: 200),
            items: [
                .anchor("chapter", Point(x: 0, y: 50)),
                .glyphs(Fixtures.galleyRun(count: 6, size: 12, origin: Point(x: 40, y: 60))),
            ])
        return [first, second]
    }

    static let outline = [
        OutlineEntry(title: "Chapter", level: 1, destination: "chapter"),
        OutlineEntry(title: "Section", level: 2, destination: "chapter"),
        OutlineEntry(title: "Missing", level: 1, destination: "nowhere"),
    ]

    func writeDocument(to path: String) throws {
        let writer = try PDFWriter(path: path, metadata: Self.metadata)
        for page in Self.pages() { try writer.addPage(page) }
        writer.setOutline(Self.outline)
        try writer.finish()
    }

    @Test func textFontsLinksOutlineAndMetadata() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("doc.pdf").path
        try writeDocument(to: path)

        let text = try PDFTools.pdftotext(path)
        #expect(text.status == 0)
        let pageTexts = text.standardOutput.split(separator: "\u{0C}", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(pageTexts == ["Galley ffi", "Galley", ""])

        let check = try PDFTools.qpdfCheck(path)
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")

        let fonts = try PDFTools.pdffonts(path).standardOutput.split(separator: "\n")
        let sans = fonts.filter { $0.contains("+LiberationSans") }
        #expect(sans.count == 1, "\(fonts)")
        #expect(
            sans.first.map { $0.split(separator: " ").suffix(5).prefix(3) == ["yes", "yes", "yes"] } == true, "\(fonts)"
        )

        let raw = try PDFTools.uncompressed(path)
        #expect(raw.contains("/URI (https://example.com/galley?a=1&b='2')"))
        #expect(raw.contains("/Dest (chapter)"))
        #expect(raw.contains("/Dests"))
        #expect(raw.contains("/Outlines"))
        #expect(raw.contains("/Title (Chapter)") && raw.contains("/Title (Section)"))
        #expect(!raw.contains("(Missing)"))
        #expect(raw.contains("/Title (Galley Test)") && raw.contains("/Author (Render Tests)"))
        // cairo 1.16 writes the date without PDF's optional "D:" prefix.
        #expect(raw.contains("/CreationDate (20260102030405Z)"))
        // The internal link sits in a group translated by (10, 100): x 40...90, y 100...120
        // from the top, i.e. PDF y 80...100 on a 200 pt page.
        // (cairo writes annotations uncompressed, one line each.)
        let original = String(data: try Data(contentsOf: URL(fileURLWithPath: path)), encoding: .isoLatin1) ?? ""
        let rects = original.components(separatedBy: "\n").filter { $0.contains("/Rect") }
        #expect(rects.contains { $0.contains("/Rect [ 40 80 90 100 ]") }, "\(rects)")
    }

    @Test func linksAndAnchorsInClippedAwayContentDoNotFailThePage() throws {
        // Nested clips that do not meet (a fragment of clipped content cut away by a page):
        // cairo 1.16 failed the whole page with "invalid tag name, attributes, or nesting".
        func clippedAway(_ item: DisplayItem) -> DisplayItem {
            .group(
                DisplayGroup(
                    clip: Path(rect: Rect(x: 60, y: 90, width: 130, height: 100)),
                    items: [
                        .group(
                            DisplayGroup(clip: Path(rect: Rect(x: 170, y: 40, width: 100, height: 20)), items: [item]))
                    ]))
        }
        let page = DisplayPage(
            size: Size(width: 300, height: 200),
            items: [
                .glyphs(Fixtures.galleyRun(size: 9, origin: Point(x: 40, y: 30))),
                clippedAway(.link(Rect(x: 200, y: 40, width: 60, height: 20), .url("https://example.com/hidden"))),
                clippedAway(.anchor("hidden", Point(x: 200, y: 45))),
                .link(Rect(x: 40, y: 20, width: 60, height: 12), .destination("hidden")),
            ])
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("clipped.pdf").path
        let writer = try PDFWriter(path: path, metadata: Self.metadata)
        try writer.addPage(page)
        writer.setOutline([OutlineEntry(title: "Hidden", level: 1, destination: "hidden")])
        try writer.finish()
        let check = try PDFTools.qpdfCheck(path)
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
        // The link over content nobody sees is left out; the anchor stays for the link and
        // outline entry that open it.
        let links = try PDFLinks.links(path)
        #expect(links.count == 1)
        #expect(links.first?.destination == "hidden" && links.first?.destinationPage == 1)
        let raw = try PDFTools.uncompressed(path)
        #expect(!raw.contains("example.com/hidden"))
        #expect(raw.contains("/Title (Hidden)"))
    }

    /// Structure markers, artifacts, links and layers inside clipped-away content, on a page with
    /// other content: cairo 1.16 unbalanced the marked content written there and failed the page.
    static let clippedAwayContent: [(name: String, items: [DisplayItem])] = {
        func clippedAway(_ items: [DisplayItem]) -> DisplayItem {
            .group(
                DisplayGroup(
                    clip: Path(rect: Rect(x: 60, y: 90, width: 130, height: 100)),
                    items: [
                        .group(
                            DisplayGroup(clip: Path(rect: Rect(x: 170, y: 40, width: 100, height: 20)), items: items))
                    ]))
        }
        let hidden = DisplayItem.glyphs(Fixtures.galleyRun(count: 10, size: 9, origin: Point(x: 200, y: 50)))
        let visible: [DisplayItem] = [
            .structure(.begin(StructureElement(id: 1, role: .paragraph))),
            .glyphs(Fixtures.galleyRun(size: 9, origin: Point(x: 40, y: 30))), .structure(.end),
        ]
        let second = StructureElement(id: 2, role: .paragraph)
        return [
            (
                "an element around clipped content",
                visible + [.structure(.begin(second)), clippedAway([hidden]), .structure(.end)]
            ),
            (
                "an element inside the clip",
                visible + [clippedAway([.structure(.begin(second)), hidden, .structure(.end)])]
            ),
            (
                "an artifact inside the clip",
                visible + [
                    clippedAway([
                        .structure(.beginArtifact(.layout)),
                        .fill(Path(rect: Rect(x: 170, y: 40, width: 9, height: 9)), .black),
                        .structure(.endArtifact),
                    ])
                ]
            ),
            (
                "a link in an element inside the clip",
                visible + [
                    clippedAway([
                        .structure(.begin(second)), hidden,
                        .link(Rect(x: 180, y: 40, width: 20, height: 9), .url("https://e.com")),
                        .structure(.end),
                    ])
                ]
            ),
            (
                "an opacity layer inside the clip",
                visible + [
                    clippedAway([
                        .group(
                            DisplayGroup(opacity: 0.5, items: [.structure(.begin(second)), hidden, .structure(.end)]))
                    ])
                ]
            ),
        ]
    }()

    @Test(arguments: clippedAwayContent.indices)
    func taggedPagesWithClippedAwayContentAreValid(_ index: Int) throws {
        let (name, items) = Self.clippedAwayContent[index]
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let metadata = DocumentMetadata(title: "Clipped", creationDate: "D:20260102030405", language: "en")
        for tagged in [true, false] {
            let path = directory.appendingPathComponent("clipped-\(tagged).pdf").path
            let writer = try PDFWriter(path: path, metadata: metadata, settings: PDFSettings(tagged: tagged))
            try writer.addPage(DisplayPage(size: Size(width: 300, height: 200), items: items))
            try writer.finish()
            let check = try PDFTools.qpdfCheck(path)
            #expect(check.status == 0, "\(name), tagged \(tagged): \(check.standardOutput)\(check.standardError)")
            // Only the visible run's text; every marked-content sequence closed.
            let text = try PDFTools.pdftotext(path).standardOutput
            #expect(text.trimmingCharacters(in: .whitespacesAndNewlines) == "Galley", "\(name), tagged \(tagged)")
            let raw = try PDFTools.uncompressed(path)
            let opened = raw.components(separatedBy: " BDC").count - 1
            let closed = raw.components(separatedBy: "EMC").count - 1
            #expect(opened == closed && opened > 0, "\(name), tagged \(tagged): \(opened) BDC, \(closed) EMC")
            if tagged { #expect(raw.contains("/StructTreeRoot"), "\(name)") }
        }
    }

    @Test func identicalInputGivesIdenticalBytes() throws {
        func render() throws -> [UInt8] {
            let writer = try PDFWriter(metadata: Self.metadata)
            for page in Self.pages() { try writer.addPage(page) }
            writer.setOutline(Self.outline)
            return try writer.finishData()
        }
        let first = try render()
        let second = try render()
        #expect(first.count > 1000)
        #expect(first == second)
    }

    @Test func jpegPassesThroughAndImagesEmbedOnce() throws {
        let jpeg = try ImageDecoder.decode(Fixtures.jpeg)
        let palette = try ImageDecoder.decode(Fixtures.palettePNG)
        let page = DisplayPage(
            size: Size(width: 100, height: 100),
            items: [
                .image(jpeg, Rect(x: 10, y: 10, width: 32, height: 16), .smooth),
                .image(palette, Rect(x: 10, y: 50, width: 40, height: 20), .nearest),
            ])
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("images.pdf").path
        let writer = try PDFWriter(path: path, metadata: Self.metadata)
        try writer.addPage(page)
        try writer.addPage(page)
        try writer.finish()
        let list = try PDFTools.pdfimagesList(path).standardOutput.split(separator: "\n").dropFirst(2)
        let jpegRows = list.filter { $0.contains(" jpeg ") }
        #expect(jpegRows.count == 2, "\(list)")
        // Columns: page num type width height color comp bpc enc interp object ID ...
        let objects = Set(jpegRows.map { $0.split(separator: " ")[10] })
        #expect(objects.count == 1, "the JPEG is embedded once: \(list)")
        let stored = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(stored.range(of: Data(Fixtures.jpeg)) != nil, "the JPEG bytes are embedded unchanged")
    }

    /// cairo drops what was recorded before a paint that hides it; the page's structure tag
    /// used to be among it, and every such page failed ("invalid tag ... nesting").
    @Test(arguments: ["image", "fill"])
    func pageWhoseFirstDrawingCoversItIsValid(kind: String) throws {
        let page = Rect(x: 0, y: 0, width: 24, height: 40)
        let image = Fixtures.bitmap(width: 2, height: 2, rgba: Array(repeating: (200, 30, 40, 255), count: 4))
        let cover: DisplayItem = kind == "image" ? .image(image, page, .smooth) : .fill(Path(rect: page), .black)
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("cover.pdf").path
        let writer = try PDFWriter(path: path, metadata: Self.metadata)
        try writer.addPage(
            DisplayPage(
                size: page.size,
                items: [cover, .link(Rect(x: 2, y: 2, width: 10, height: 10), .url("https://example.com"))]))
        try writer.addPage(
            DisplayPage(
                size: page.size, items: [.fill(Path(rect: Rect(x: 1, y: 1, width: 4, height: 4)), .black), cover]))
        try writer.finish()
        let check = try PDFTools.qpdfCheck(path)
        #expect(check.status == 0, "\(check.standardOutput)")
    }

    @Test func shadowBecomesImageContentStaysVector() throws {
        let page = DisplayPage(
            size: Size(width: 100, height: 100),
            items: [
                .group(
                    DisplayGroup(
                        shadow: Shadow(
                            offset: Point(x: 3, y: 3), blurRadius: 5,
                            color: Color(red: 0, green: 0, blue: 0, alpha: 0.5)),
                        items: [.glyphs(Fixtures.galleyRun(size: 20, origin: Point(x: 10, y: 50)))]))
            ])
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("shadow.pdf").path
        let writer = try PDFWriter(path: path, metadata: Self.metadata)
        try writer.addPage(page)
        try writer.finish()
        #expect(try PDFTools.pdftotext(path).standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "Galley")
        #expect(try PDFTools.pdfimagesList(path).standardOutput.split(separator: "\n").count >= 3)
        #expect(try PDFTools.qpdfCheck(path).status == 0)
    }

    @Test func successfulWritesLeaveOnlyTheFile() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try writeDocument(to: directory.appendingPathComponent("doc.pdf").path)
        try FileOutput.writeAtomically([1, 2, 3], to: directory.appendingPathComponent("bytes.bin").path)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(names == ["bytes.bin", "doc.pdf"])
        #expect(
            FileManager.default.contents(atPath: directory.appendingPathComponent("bytes.bin").path) == Data([1, 2, 3]))
    }

    @Test func failedWritesLeaveNothing() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("doc.pdf").path
        do {
            let writer = try PDFWriter(path: path, metadata: Self.metadata)
            try writer.addPage(Self.pages()[0])
            #expect(throws: RenderError.self) { try writer.addPage(Self.pages()[1], isCancelled: { true }) }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
        #expect(throws: RenderError.self) {
            try FileOutput.writeAtomically([1], to: directory.appendingPathComponent("missing/x.png").path)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test func rasterRenderHonoursCancellation() {
        #expect {
            try RasterRenderer.render(Self.pages()[0], scale: 1, isCancelled: { true })
        } throws: { error in
            if case RenderError.cancelled = error { return true }
            return false
        }
    }

    @Test func rasterizeItemsIntoTransparentBitmap() throws {
        let image = try RasterRenderer.render(
            items: [.fill(Path(rect: Rect(x: 0, y: 0, width: 2, height: 2)), .black)],
            size: Size(width: 4.2, height: 3), scale: 2)
        #expect(image.width == 9 && image.height == 6 && !image.isOpaque)
        #expect(image.pixel(x: 0, y: 0) == (255, 0, 0, 0) && image.pixel(x: 8, y: 5) == (0, 0, 0, 0))
    }
}

@Suite("Concurrency")
struct ConcurrencyTests {
    /// Pages render on several tasks at once (shared font faces) with identical results.
    @Test func concurrentRastersMatchSerialOne() async throws {
        let page = PDFTests.pages()[0]
        let reference = try RasterRenderer.render(page, scale: 1)
        let results = try await withThrowingTaskGroup(of: [UInt8].self) { group in
            for _ in 0..<8 { group.addTask { try RasterRenderer.render(page, scale: 1).pixels } }
            return try await group.reduce(into: [[UInt8]]()) { $0.append($1) }
        }
        #expect(results.count == 8)
        #expect(results.allSatisfy { $0 == reference.pixels })
    }
}
