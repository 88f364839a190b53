import Foundation
import Testing

@Suite("galley render / rasterize")
struct RenderCommandTests {
    let hello = ["Templates/hello.json", "--data", "Templates/hello.data.json"]

    @Test func helloPDFHasExactTextEmbeddedSubsetFontsAndPassesQPDF() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let pdf = dir.appendingPathComponent("hello.pdf").path
        let result = try CLIRunner.run(["render"] + hello + ["-o", pdf])
        #expect(result.status == 0, "\(result.stderr)")

        let check = try CLIRunner.tool("qpdf", ["--check", pdf])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")

        let fonts = try CLIRunner.tool("pdffonts", [pdf]).stdout.split(separator: "\n").dropFirst(2)
        #expect(!fonts.isEmpty)
        for line in fonts {
            // NAME+Subset, … emb yes sub yes uni yes
            let columns = line.split(separator: " ", omittingEmptySubsequences: true)
            #expect(columns.first?.contains("+") == true, "subset tag in \(line)")
            #expect(columns.suffix(5).prefix(3) == ["yes", "yes", "yes"], "embedded subset with unicode map: \(line)")
        }

        let text = try CLIRunner.tool("pdftotext", [pdf, "-"]).stdout
        let words = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let expected = """
            Hello, Galley! This page was laid out with Texture's layout specs and typeset with HarfBuzz: \
            office, fluffy and affine words, “curly quotes”, the € sign and Ünïcödé, wrapped to the column \
            without overflowing it. — THE GALLEY TEAM offscreen PDF PNG Swift 6
            """
        #expect(words == expected)
    }

    @Test func rasterizeAtScale2DoublesThePixelSize() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let one = dir.appendingPathComponent("one.png")
        let two = dir.appendingPathComponent("two.png")
        let dpi = dir.appendingPathComponent("dpi.png")
        #expect(try CLIRunner.run(["rasterize"] + hello + ["-o", one.path]).status == 0)
        #expect(try CLIRunner.run(["rasterize"] + hello + ["-o", two.path, "--scale", "2"]).status == 0)
        #expect(try CLIRunner.run(["rasterize"] + hello + ["-o", dpi.path, "--dpi", "144"]).status == 0)
        let size1 = try CLIRunner.pngSize(one)
        let size2 = try CLIRunner.pngSize(two)
        #expect(size1.width == 612 && size1.height == 360)
        #expect(size2.width == 2 * size1.width && size2.height == 2 * size1.height)
        #expect(try Data(contentsOf: dpi) == Data(contentsOf: two))
    }

    @Test func pngGoesToStandardOutputWithDash() throws {
        let result = try CLIRunner.run(["render"] + hello + ["-o", "-", "--format", "png"])
        #expect(result.status == 0)
        #expect(result.stdout.utf8.starts(with: [0x89, 0x50, 0x4e, 0x47]) || result.stdout.contains("PNG"))
    }
}
