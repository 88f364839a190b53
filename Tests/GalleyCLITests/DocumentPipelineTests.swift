import Foundation
import GalleyRender
import GalleyTestSupport
import Testing

/// One document pipeline: canvases and paged templates render to PDF and PNG alike, with
/// images, rasterized subtrees and custom nodes on any page, in `render`, `rasterize` and `batch`.
@Suite("one document pipeline: any template to PDF and PNG")
struct DocumentPipelineTests {
    /// Two canvases that used to fail as PDF ("invalid tag name, attributes, or nesting"): a
    /// full-canvas solid box first, and the full-bleed card pattern. Each renders to a PDF that
    /// qpdf passes and that looks like its PNG.
    @Test(arguments: [
        ##"{"galley":1,"size":[300,200],"body":{"type":"box","background":"#f00"}}"##,
        ##"{"galley":1,"size":[300,200],"body":{"type":"background","background":{"type":"box","background":"#1e3a8a"},"##
            + ##""child":{"type":"inset","insets":24,"child":{"type":"text","text":"Full bleed","fontSize":28,"##
            + ##""color":"#ffffff"}}}}"##,
    ])
    func fullBleedCanvasesRenderToPDFAsToPNG(template: String) throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("canvas.json")
        try template.write(to: file, atomically: true, encoding: .utf8)
        let pdf = dir.appendingPathComponent("canvas.pdf").path
        let png = dir.appendingPathComponent("canvas.png").path
        for output in [pdf, png] {
            let result = try CLIRunner.run(["render", file.path, "-o", output])
            #expect(result.status == 0, "\(result.stderr)")
        }
        #expect(try PDFTools.qpdfCheck(pdf).status == 0)
        let pages = try Self.rasterize(pdf, in: dir)
        #expect(pages.count == 1)
        let comparison = try Self.compare(png: png, withPDFPage: pages[0])
        #expect(comparison.meanDifference < 2, "mean difference \(comparison.meanDifference)")
    }

    /// A paged template with a logo in the header, a thumbnail in every table row, a rasterized
    /// card and a chart node: 5+ pages to a valid PDF whose logo is one image object shared by
    /// every page, and to one PNG per page that looks like the PDF's page.
    @Test func pagedTemplateWithImagesRasterizedBoxAndChart() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let data = dir.appendingPathComponent("statement.json")
        try Self.statement(index: 0, rows: 130).write(to: data, atomically: true, encoding: .utf8)
        let pdf = dir.appendingPathComponent("statement.pdf").path
        let rendered = try CLIRunner.run(["render", "Templates/statement.json", "--data", data.path, "-o", pdf])
        #expect(rendered.status == 0, "\(rendered.stderr)")
        #expect(try PDFTools.qpdfCheck(pdf).status == 0)
        let pageImages = try Self.rasterize(pdf, in: dir)
        #expect(pageImages.count >= 5)
        let images = try Self.imagePlacements(pdf)
        let logos = images.filter { $0.width == 240 && $0.height == 80 }
        #expect(logos.count == pageImages.count, "the logo on every page")
        #expect(Set(logos.map(\.object)).count == 1, "one shared image object for the logo")
        let thumbnails = images.filter { $0.width == 256 && $0.height == 256 }
        #expect(thumbnails.count == 130 && Set(thumbnails.map(\.object)).count == 1)

        let png = dir.appendingPathComponent("statement.png").path
        let rasterized = try CLIRunner.run(["rasterize", "Templates/statement.json", "--data", data.path, "-o", png])
        #expect(rasterized.status == 0, "\(rasterized.stderr)")
        #expect(!FileManager.default.fileExists(atPath: png), "a paged template numbers its PNG pages")
        for (index, page) in pageImages.enumerated() {
            // Text antialiasing differs between cairo and poppler; what each page shows must not.
            let file = dir.appendingPathComponent("statement-\(index + 1).png").path
            let image = Self.overWhite(
                try ImageDecoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))))
            #expect(image.width == page.width && image.height == page.height)
            let difference = ImageComparison.maxBlockDifference(image, page, block: 16)
            #expect(difference < 24, "page \(index + 1): 16×16 blocks differ by up to \(difference)")
        }
        let extra = dir.appendingPathComponent("statement-\(pageImages.count + 1).png").path
        #expect(!FileManager.default.fileExists(atPath: extra))
    }

    /// `--pages` picks pages for PDF and PNG; a page the document lacks is an error that names
    /// the page count, and writes nothing.
    @Test func pagesSelectsPagesForPDFAndPNG() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let data = dir.appendingPathComponent("statement.json")
        try Self.statement(index: 1, rows: 60).write(to: data, atomically: true, encoding: .utf8)
        let pdf = dir.appendingPathComponent("two.pdf").path
        let result = try CLIRunner.run(
            ["render", "Templates/statement.json", "--data", data.path, "-o", pdf, "--pages", "2-3"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Self.rasterize(pdf, in: dir).count == 2)
        let png = dir.appendingPathComponent("p.png").path
        let pngs = try CLIRunner.run(
            ["rasterize", "Templates/statement.json", "--data", data.path, "-o", png, "--pages", "1,3"])
        #expect(pngs.status == 0, "\(pngs.stderr)")
        let written = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix("p-") }
        #expect(written.sorted() == ["p-1.png", "p-3.png"])
        let missing = try CLIRunner.run(
            [
                "render", "Templates/statement.json", "--data", data.path, "-o",
                dir.appendingPathComponent("x.pdf").path,
                "--pages", "9",
            ])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("asks for page 9, but the document has 3 pages"), "\(missing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("x.pdf").path))
    }

    /// A `height: "100%"` box in a paged body fills the page's content height, and what follows
    /// it starts the next page.
    @Test func fullHeightInAPagedBodyIsAPage() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("cover.json")
        try """
        {"galley":1,"page":{"size":"A6","margin":20},"body":{"type":"stack","direction":"vertical","children":[
          {"type":"box","id":"cover","height":"100%","background":"#1e3a8a"},
          {"type":"text","id":"after","text":"Chapter one"}]}}
        """.write(to: file, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["layout", file.path, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let pages = try Self.pages(result.stdout)
        #expect(pages.count == 2)
        let cover = try #require(pages.first?.first { $0["id"] as? String == "cover" })
        // A6 is 419.53 pt tall; 20 pt margins leave 379.53, in whole points 379.
        #expect(cover["frame"] as? [Double] == [20, 20, 258, 379])
        #expect(pages.last?.first { $0["id"] as? String == "after" } != nil)
    }

    // MARK: Helpers

    /// A statement record for Templates/statement.json with `rows` transactions.
    static func statement(index: Int, rows: Int) -> String {
        var balance = 1000.0 + Double(index)
        var transactions: [String] = []
        var balances: [String] = []
        for row in 0..<rows {
            let amount = Double((row * 37 + index * 11) % 400) - 180.25
            balance += amount
            transactions.append(
                #"{"date":"2026-11-\#(String(format: "%02d", 1 + row * 29 / max(1, rows)))","#
                    + #""description":"Payee \#(row)","reference":"REF\#(100_000 + row)","#
                    + #""amount":\#(amount),"balance":\#((balance * 100).rounded() / 100)}"#)
            balances.append(String((balance * 100).rounded() / 100))
        }
        return #"{"account":"AC-\#(100_000 + index)","holder":"Customer \#(index)","bank":"Test Bank","#
            + #""email":"help@example.com","period":"November 2026","opening":1000,"closing":\#(balance),"#
            + #""count":\#(rows),"balances":[\#(balances.joined(separator: ","))],"#
            + #""transactions":[\#(transactions.joined(separator: ","))]}"#
    }

    /// The PDF's pages rasterized by poppler at 72 dpi (an independent renderer), in order.
    static func rasterize(_ pdf: String, in dir: URL) throws -> [ImageBuffer] {
        let prefix = dir.appendingPathComponent("poppler-\(UUID().uuidString)").path
        let result = try PDFTools.run("pdftoppm", ["-png", "-r", "72", pdf, prefix], package: "poppler-utils")
        #expect(result.status == 0, "\(result.standardError)")
        let name = URL(fileURLWithPath: prefix).lastPathComponent
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(name) }
        return try files.sorted { Self.pageNumber($0) < Self.pageNumber($1) }.map { file in
            try ImageDecoder.decode([UInt8](try Data(contentsOf: dir.appendingPathComponent(file))))
        }
    }

    private static func pageNumber(_ file: String) -> Int {
        Int(file.split(separator: "-").last?.split(separator: ".").first ?? "") ?? 0
    }

    /// A PNG Galley wrote, laid over white as a PDF viewer shows a page, against a poppler page.
    static func compare(png: String, withPDFPage page: ImageBuffer) throws -> ImageComparison {
        let image = try ImageDecoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: png))))
        #expect(image.width == page.width && image.height == page.height)
        return ImageComparison(expected: page, actual: Self.overWhite(image), tolerance: 32)
    }

    /// Premultiplied ARGB composited over opaque white.
    static func overWhite(_ image: ImageBuffer) -> ImageBuffer {
        var pixels = image.pixels
        for offset in stride(from: 0, to: pixels.count, by: 4) {
            let alpha = Int(pixels[offset + 3])
            for channel in 0..<3 { pixels[offset + channel] = UInt8(Int(pixels[offset + channel]) + 255 - alpha) }
            pixels[offset + 3] = 255
        }
        return ImageBuffer(
            width: image.width, height: image.height, stride: image.stride, pixels: pixels, isOpaque: true)
    }

    /// `pdfimages -list`: each image placement's size and object number.
    static func imagePlacements(_ pdf: String) throws -> [(width: Int, height: Int, object: Int)] {
        let listing = try PDFTools.pdfimagesList(pdf).standardOutput
        return listing.split(separator: "\n").dropFirst(2).compactMap { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count > 10, fields[2] == "image", let width = Int(fields[3]), let height = Int(fields[4]),
                let object = Int(fields[10])
            else { return nil }
            return (width, height, object)
        }
    }

    /// The nodes of each page of a `galley layout --json` dump.
    static func pages(_ json: String) throws -> [[[String: Any]]] {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let pages = object?["pages"] as? [[String: Any]] ?? []
        return pages.map { $0["nodes"] as? [[String: Any]] ?? [] }
    }
}
