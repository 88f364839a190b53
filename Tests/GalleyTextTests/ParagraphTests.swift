import GalleyLayout
import GalleyRender
import GalleyText
import Testing

@Suite struct ParagraphTests {
    @Test func singleLineHasOneRunAndBaseline() {
        let layout = Typesetter.layout([TextSpan(text: "Hello, world", style: TestFonts.style())],
                                       paragraph: ParagraphStyle(), width: .infinity, registry: TestFonts.bundled)
        #expect(layout.lines.count == 1)
        #expect(layout.size.width > 50 && layout.size.width < 80)
        #expect(abs(layout.size.height - 14.4) < 1e-9)
        guard case .glyphs(let run)? = layout.items.first else {
            Issue.record("no glyph run")
            return
        }
        #expect(run.text == "Hello, world")
        #expect(run.glyphs.count == 12)
        #expect(run.clusters.reduce(0) { $0 + $1.byteCount } == 12)
        #expect(layout.firstBaseline > 9 && layout.firstBaseline < 13)
    }

    @Test func wrapsAtSpaces() {
        let text = "The quick brown fox jumps over the lazy dog and keeps running far away."
        let layout = Typesetter.layout([TextSpan(text: text, style: TestFonts.style())],
                                       paragraph: ParagraphStyle(), width: 100, registry: TestFonts.bundled)
        #expect(layout.lines.count > 3)
        for line in layout.lines { #expect(line.width <= 100) }
        #expect(layout.lines.first?.range.lowerBound == 0)
        #expect(layout.lines.last?.range.upperBound == text.utf16.count)
    }
}
