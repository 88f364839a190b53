import GalleyLayout
import GalleyRender
import GalleyText
import Testing

@Suite struct ParagraphTests {
    @Test func singleLineHasOneRunAndBaseline() {
        let layout = Typesetter.layout(
            [TextSpan(text: "Hello, world", style: TestFonts.style())],
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
        let layout = Typesetter.layout(
            [TextSpan(text: text, style: TestFonts.style())],
            paragraph: ParagraphStyle(), width: 100, registry: TestFonts.bundled)
        #expect(layout.lines.count > 3)
        for line in layout.lines { #expect(line.width <= 100) }
        #expect(layout.lines.first?.range.lowerBound == 0)
        #expect(layout.lines.last?.range.upperBound == text.utf16.count)
    }
}

extension ParagraphTests {
    static func runs(_ layout: ParagraphLayout) -> [GlyphRun] {
        layout.items.compactMap { item -> GlyphRun? in
            if case .glyphs(let run) = item { return run } else { return nil }
        }
    }

    @Test func truncationNeverExceedsWidth() throws {
        let text = try BreakTests.darwin()
        for width in stride(from: 30.0, through: 330, by: 17) {
            for maxLines in [1, 2, 3] {
                let layout = Typesetter.layout(
                    [TextSpan(text: text, style: TextStyle(fontSize: 11))],
                    paragraph: ParagraphStyle(maxLines: maxLines), width: width,
                    registry: TestFonts.bundled)
                #expect(layout.lines.count == maxLines)
                #expect(layout.lines.last?.isTruncated == true)
                #expect(layout.size.width <= width + 1e-9)
                for line in layout.lines { #expect(line.x >= -1e-9 && line.x + line.width <= width + 1e-9) }
                let last = try #require(ParagraphTests.runs(layout).last)
                #expect(last.text == "…")
            }
        }
        // Text that fits is not truncated.
        let short = Typesetter.layout(
            [TextSpan(text: "short", style: TextStyle())],
            paragraph: ParagraphStyle(maxLines: 1), width: 200, registry: TestFonts.bundled)
        #expect(short.lines.map(\.isTruncated) == [false])
    }

    @Test func rtlParagraphIsRightAlignedAndBackward() throws {
        let text = "שלום עולם"
        let layout = Typesetter.layout(
            [TextSpan(text: text, style: TextStyle())], paragraph: ParagraphStyle(),
            width: 200, registry: TestFonts.bundled)
        let line = try #require(layout.lines.first)
        #expect(abs(line.x + line.width - 200) < 1e-9)
        let runs = ParagraphTests.runs(layout)
        #expect(runs.count == 1)
        let run = try #require(runs.first)
        #expect(run.clustersBackward)
        #expect(run.text == text)
        #expect(run.clusters.reduce(0) { $0 + $1.byteCount } == text.utf8.count)
        #expect(run.clusters.reduce(0) { $0 + $1.glyphCount } == run.glyphs.count)
        // Visual order: the first glyph drawn (leftmost) is the last letter, final mem "ם".
        let face = try #require(TestFonts.bundled.face(family: nil, weight: 400, italic: false))
        #expect(run.glyphs.first?.id == face.glyph(for: "ם"))
    }

    @Test func mixedDirectionRunsAreInVisualOrder() {
        let layout = Typesetter.layout(
            [TextSpan(text: "אבג abc def דהו", style: TextStyle())],
            paragraph: ParagraphStyle(), width: .infinity, registry: TestFonts.bundled)
        let texts = ParagraphTests.runs(layout).sorted { $0.origin.x < $1.origin.x }.map(\.text)
        #expect(texts == [" דהו", "abc def", "אבג "])
        let ltr = Typesetter.layout(
            [TextSpan(text: "one אבג דהו two", style: TextStyle())],
            paragraph: ParagraphStyle(), width: .infinity, registry: TestFonts.bundled)
        let ltrTexts = ParagraphTests.runs(ltr).sorted { $0.origin.x < $1.origin.x }.map(\.text)
        #expect(ltrTexts == ["one ", "אבג דהו", " two"])
    }

    @Test func richSpansShareOneBaselinePerLine() {
        let spans = [
            TextSpan(text: "Small text then ", style: TextStyle(fontSize: 10)),
            TextSpan(text: "BIG bold words ", style: TextStyle(weight: 700, fontSize: 20)),
            TextSpan(
                text: "and italic small text that wraps onto more lines.", style: TextStyle(italic: true, fontSize: 10)),
        ]
        let layout = Typesetter.layout(spans, paragraph: ParagraphStyle(), width: 150, registry: TestFonts.bundled)
        #expect(layout.lines.count >= 2)
        let runs = ParagraphTests.runs(layout)
        let baselines = Set(layout.lines.map(\.baseline))
        for run in runs { #expect(baselines.contains(run.origin.y)) }
        // The line holding the 20 pt span is taller than a 10 pt-only line.
        #expect(abs(layout.lines[0].height - 24) < 1e-9)
        #expect(abs((layout.lines.last?.height ?? 0) - 12) < 1e-9)
        #expect(abs(layout.size.height - layout.lines.reduce(0) { $0 + $1.height }) < 1e-9)
        #expect(Set(runs.map(\.font.path)).count == 3)
    }

    @Test func alignmentAndJustification() throws {
        let text = try BreakTests.darwin()
        let style = TextStyle(fontSize: 11)
        let justified = Typesetter.layout(
            [TextSpan(text: text, style: style)],
            paragraph: ParagraphStyle(alignment: .justify), width: 200, registry: TestFonts.bundled)
        for line in justified.lines.dropLast() { #expect(abs(line.width - 200) < 1e-6) }
        #expect((justified.lines.last?.width ?? 200) < 200)
        let centered = Typesetter.layout(
            [TextSpan(text: "centre", style: style)],
            paragraph: ParagraphStyle(alignment: .center), width: 200, registry: TestFonts.bundled)
        let line = try #require(centered.lines.first)
        #expect(abs(line.x - (200 - line.width) / 2) < 1e-9)
    }

    @Test func decorationsAndLinks() {
        let spans = [
            TextSpan(text: "link", style: TextStyle(underline: true, strikethrough: true, link: "https://example.com"))
        ]
        let layout = Typesetter.layout(
            spans, paragraph: ParagraphStyle(), width: .infinity, registry: TestFonts.bundled)
        var fills = 0
        var links: [LinkTarget] = []
        for item in layout.items {
            if case .fill = item { fills += 1 }
            if case .link(_, let target) = item { links.append(target) }
        }
        #expect(fills == 2)
        #expect(links == [.url("https://example.com")])
    }

    @Test func mandatoryBreaksMakeLines() {
        let layout = Typesetter.layout(
            [TextSpan(text: "one\ntwo\n\nfour", style: TextStyle())],
            paragraph: ParagraphStyle(), width: .infinity, registry: TestFonts.bundled)
        #expect(layout.lines.map(\.range) == [0..<4, 4..<8, 8..<9, 9..<13])
        #expect(abs(layout.size.height - 4 * 14.4) < 1e-9)
    }
}
