import Foundation
import Testing

@Suite("galley text warnings and fonts")
struct TextCommandTests {
    /// A character no installed font has is drawn as .notdef, and the CLI says so on stderr, with
    /// the element's place in the template (the file is still written: exit status 0).
    @Test(arguments: ["pdf", "png"])
    func missingGlyphIsReportedOnStandardError(format: String) throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let template = dir.appendingPathComponent("missing.json")
        // U+10FFFD: the last private-use code point, in no font.
        let text = "Price: 5 \u{10FFFD} each, with a long tail of words after it"
        try "{ galley: 1, size: [240, 60], body: { type: \"text\", text: \"\(text)\" } }"
            .write(to: template, atomically: true, encoding: .utf8)
        let output = dir.appendingPathComponent("missing.\(format)").path
        let command = format == "pdf" ? "render" : "rasterize"
        let result = try CLIRunner.run([command, template.path, "-o", output])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: output))
        let warnings = result.stderr.split(separator: "\n").filter { $0.hasPrefix("galley: warning:") }
        #expect(
            warnings == [
                "galley: warning: \(template.path):1:37: at $.body: no font has U+10FFFD '\u{10FFFD}' "
                    + "(in text \"Price: 5 \u{10FFFD} each, with a long tail of wo…\")"
            ], "\(result.stderr)")
    }

    /// Text every character of which has a font warns about nothing.
    @Test func coveredTextHasNoWarnings() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try CLIRunner.run(
            [
                "render", "Templates/hello.json", "--data", "Templates/hello.data.json", "-o",
                dir.appendingPathComponent("h.pdf").path,
            ])
        #expect(result.status == 0)
        #expect(!result.stderr.contains("warning"), "\(result.stderr)")
    }

    /// `galley fonts` lists the bundled Liberation Sans with its four styles, once each.
    @Test func fontsListsLiberationSansStyles() throws {
        let result = try CLIRunner.run(["fonts"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex(of: "Liberation Sans"), "\(result.stdout)")
        let styles = lines[(start + 1)...].prefix { $0.hasPrefix("  ") }.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(styles == ["400", "400 italic", "700", "700 italic"], "\(styles)")

        let paths = try CLIRunner.run(["fonts", "--paths"]).stdout
        #expect(paths.contains("LiberationSans-Regular.ttf"))
        #expect(paths.contains("LiberationSans-BoldItalic.ttf"))
    }
}
