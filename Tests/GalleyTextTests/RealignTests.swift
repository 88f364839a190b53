import GalleyLayout
import GalleyRender
import GalleyText
import Testing

/// Realignment moves lines instead of typesetting again: it must give what a fresh layout with
/// that alignment width gives (x positions up to rounding), and refuse when it cannot.
@Suite struct RealignTests {
    static let text = "Total due\nwithin thirty days, underlined"

    static func spans() -> [TextSpan] {
        var underlined = TestFonts.style()
        underlined.underline = true
        underlined.link = "https://example.com"
        return [
            TextSpan(text: "Total due\nwithin thirty days, ", style: TestFonts.style()),
            TextSpan(text: "underlined", style: underlined),
        ]
    }

    static func expectClose(_ a: ParagraphLayout, _ b: ParagraphLayout) {
        #expect(a.size == b.size)
        #expect(a.lines.count == b.lines.count)
        for (x, y) in zip(a.lines, b.lines) {
            #expect(x.range == y.range && x.baseline == y.baseline && x.width == y.width)
            #expect(abs(x.x - y.x) < 1e-9)
        }
        #expect(a.items.count == b.items.count)
        for (x, y) in zip(a.items, b.items) {
            switch (x, y) {
            case (.glyphs(let p), .glyphs(let q)):
                #expect(abs(p.origin.x - q.origin.x) < 1e-9 && p.origin.y == q.origin.y)
                #expect(p.glyphs == q.glyphs && p.text == q.text && p.clusters == q.clusters)
            case (.fill(let p, _), .fill(let q, _)):
                #expect(p.elements.count == q.elements.count)
            case (.link(let p, let s), .link(let q, let t)):
                #expect(abs(p.origin.x - q.origin.x) < 1e-9 && p.size == q.size && s == t)
            default:
                Issue.record("items differ in kind: \(x) vs \(y)")
            }
        }
    }

    @Test(arguments: [TextAlignment.end, .center, .start])
    func realignedEqualsAFreshLayout(alignment: TextAlignment) throws {
        let paragraph = ParagraphStyle(alignment: alignment)
        let measured = Typesetter.layout(
            Self.spans(), paragraph: paragraph, width: .infinity, registry: TestFonts.bundled)
        for width in [measured.size.width, 300, 512.5] {
            let realigned = try #require(measured.realigned(within: width))
            let fresh = Typesetter.layout(
                Self.spans(), paragraph: paragraph, width: .infinity, alignmentWidth: width,
                registry: TestFonts.bundled,
                cached: false)
            Self.expectClose(realigned, fresh)
            if alignment == .end {
                #expect(abs(realigned.lines[0].x + realigned.lines[0].width - width) < 1e-9)
            }
        }
    }

    @Test func rightToLeftEndAlignmentMovesToTheLeftEdge() throws {
        let spans = [TextSpan(text: "שלום עולם", style: TestFonts.style())]
        let paragraph = ParagraphStyle(alignment: .start)
        let measured = Typesetter.layout(spans, paragraph: paragraph, width: .infinity, registry: TestFonts.bundled)
        let realigned = try #require(measured.realigned(within: 400))
        let fresh = Typesetter.layout(
            spans, paragraph: paragraph, width: .infinity, alignmentWidth: 400,
            registry: TestFonts.bundled, cached: false)
        Self.expectClose(realigned, fresh)
        #expect(abs(realigned.lines[0].x - (400 - measured.size.width)) < 1e-9)
    }

    @Test func justifiedSoftBrokenLinesAreNotRealigned() {
        let text = "Justified lines are stretched to the width they are set in, so moving them is not enough."
        let layout = Typesetter.layout(
            [TextSpan(text: text, style: TestFonts.style())],
            paragraph: ParagraphStyle(alignment: .justify), width: 120, registry: TestFonts.bundled)
        #expect(layout.lines.count > 2)
        #expect(layout.realigned(within: 200) == nil)
    }
}
