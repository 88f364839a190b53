import Foundation
import GalleyRender
import GalleyTestSupport
import Testing

/// `page.background` (an element under every page, laid out at the page's size) and
/// `page.watermark` (a text or image, centred, turned, faded, behind or above the content) of
/// paged templates, in PNG and PDF alike.
@Suite("page backgrounds and watermarks")
struct PageDecorationTests {
    static func template(watermark: String) -> String {
        """
        {"galley": 1,
         "page": {"size": [200, 200], "margin": 20,
                  "background": {"type": "box", "background": "#0000ff"},
                  "watermark": \(watermark)},
         "body": {"type": "stack", "direction": "vertical", "children": [
           {"type": "box", "height": 150, "background": "#ffffff"},
           {"type": "box", "height": 150, "background": "#ffffff"}]}}
        """
    }

    static func render(_ template: String, in dir: URL, format: String) throws -> [ImageBuffer] {
        let file = dir.appendingPathComponent("t.json")
        try template.write(to: file, atomically: true, encoding: .utf8)
        let output = dir.appendingPathComponent("out.\(format)").path
        let result = try CLIRunner.run(["render", file.path, "-o", output])
        #expect(result.status == 0, "\(result.stderr)")
        if format == "pdf" {
            #expect(try PDFTools.qpdfCheck(output).status == 0)
            return try DocumentPipelineTests.rasterize(output, in: dir)
        }
        return try (1...2).map { page in
            try ImageDecoder.decode(
                [UInt8](try Data(contentsOf: dir.appendingPathComponent("out-\(page).png"))))
        }
    }

    @Test(arguments: ["png", "pdf"])
    func backgroundUnderEveryPageAndWatermarkAboveTheContent(format: String) throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let watermark =
            ##"{"text": "X", "fontSize": 120, "color": "#ff0000", "opacity": 1, "rotation": 0, "layer": "above"}"##
        let pages = try Self.render(Self.template(watermark: watermark), in: dir, format: format)
        #expect(pages.count == 2)
        for (index, page) in pages.enumerated() {
            // The margin shows the page background; the body's white boxes cover it inside.
            let margin = page.pixel(x: 5, y: 100)
            #expect(margin.b > 200 && margin.r < 40, "page \(index + 1) margin: \(margin)")
            // A red "X" is drawn over the white body, centred on the page.
            var red = 0
            for y in 60..<140 {
                for x in 60..<140 {
                    let p = page.pixel(x: x, y: y)
                    if p.r > 200 && p.g < 80 && p.b < 80 { red += 1 }
                }
            }
            #expect(red > 300, "page \(index + 1): \(red) red pixels of the watermark over the content")
        }
    }

    /// Behind the content, the watermark shows where the content is transparent and not under
    /// the body's opaque boxes.
    @Test func watermarkBehindTheContentIsCoveredByIt() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let watermark = ##"{"text": "X", "fontSize": 120, "color": "#ff0000", "opacity": 1, "rotation": 0}"##
        let pages = try Self.render(Self.template(watermark: watermark), in: dir, format: "png")
        var red = 0
        for y in 60..<140 {
            for x in 60..<140 {
                let p = pages[0].pixel(x: x, y: y)
                if p.r > 200 && p.g < 80 && p.b < 80 { red += 1 }
            }
        }
        #expect(red == 0, "the white body covers a watermark behind it")
    }

    @Test func aWatermarkIsATextOrAnImage() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("t.json")
        try Self.template(watermark: #"{"opacity": 0.2}"#).write(to: file, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["render", file.path, "-o", dir.appendingPathComponent("x.pdf").path])
        #expect(result.status == 2)
        #expect(
            result.stderr.contains("at $.page.watermark: a watermark is a \"text\" or an \"image\""), "\(result.stderr)"
        )
    }
}
