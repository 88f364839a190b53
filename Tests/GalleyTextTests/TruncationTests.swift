import Testing

@testable import GalleyRender
@testable import GalleyText

/// The last kept line of a truncated paragraph: cut after a whole word by default, after a
/// character when asked, and a single word wider than the line still cut between characters.
@Suite struct TruncationTests {
    static let style = TextStyle(font: "Liberation Sans", fontSize: 10)

    /// The drawn text of each line, the suffix glyph runs included.
    static func lines(_ text: String, width: Double, mode: TruncationMode) -> [String] {
        let layout = Typesetter.layout(
            [TextSpan(text: text, style: style)], paragraph: ParagraphStyle(maxLines: 1, truncationMode: mode),
            width: width, registry: TestFonts.bundled)
        var lines = [String](repeating: "", count: layout.lines.count)
        for (index, item) in layout.items.enumerated() {
            if case .glyphs(let run) = item { lines[layout.itemLines[index]] += run.text }
        }
        return lines
    }

    /// The natural width of `text` on one line.
    static func widthFor(_ text: String) -> Double {
        Typesetter.layout(
            [TextSpan(text: text, style: style)], paragraph: ParagraphStyle(), width: .infinity,
            registry: TestFonts.bundled
        ).size.width
    }

    @Test func wordModeKeepsWholeWords() {
        let text = "the rendering pipeline takes a template"
        // The first line holds "the rendering pipeline takes", but not with the ellipsis after it.
        let width = Self.widthFor("the rendering pipeline takes") + 0.5
        #expect(Self.lines(text, width: width, mode: .word) == ["the rendering pipeline…"])
        let cut = Self.lines(text, width: width, mode: .character)
        #expect(cut.count == 1 && cut[0].hasPrefix("the rendering pipeline ta") && cut[0].hasSuffix("…"), "\(cut)")
    }

    @Test func oneLongWordIsStillCutBetweenCharacters() {
        let width = Self.widthFor("Donaudampf…") + 0.5
        #expect(Self.lines("Donaudampfschifffahrtsgesellschaft", width: width, mode: .word) == ["Donaudampf…"])
    }
}
