import GalleyLayout
import GalleyRender
import Testing

@testable import GalleyText

/// What a thread's paragraphs pass on to the next — code units, glyph and prefix-sum storage
/// (`ParagraphScratch`), a HarfBuzz buffer (`ShapingSession`) — changes no layout: not the one
/// made before, not one whose shaping the cache kept, not one shaped while another session lives.
@Suite("Storage reused from paragraph to paragraph")
struct ParagraphReuseTests {
    static let style = TextStyle(fontSize: 11)

    static func layout(_ text: String) -> ParagraphLayout {
        Typesetter.layout(
            [TextSpan(text: text, style: style)], paragraph: ParagraphStyle(), width: 400, cached: false)
    }

    @Test func paragraphsOfOneLengthLeaveEachOtherAndTheCacheIntact() throws {
        // Equal lengths, so each paragraph gets the storage the one before left.
        let texts = ["Invoice total due", "Payment received.", "Balance 1,234.56$", "Thank you, Sarah!"]
        #expect(Set(texts.map(\.utf16.count)).count == 1)
        let first = texts.map(Self.layout)
        for text in texts {
            #expect(
                Typesetter.takesFastPath(
                    [TextSpan(text: text, style: Self.style)], paragraph: ParagraphStyle(), registry: .shared))
        }
        // Again and again: the shaping cache now holds these runs (keys made of the reused code
        // units); every layout must still be the first one of its text.
        for _ in 0..<3 {
            for (index, text) in texts.enumerated() {
                let again = Self.layout(text)
                #expect(again == first[index], "\(text)")
                #expect(again.items.count == 1)
            }
        }
        // And each as a fresh layout of the general pipeline would give (two spans of one style
        // take that path; the glyphs must be the same ids at the same advances).
        for (index, text) in texts.enumerated() {
            let split = text.index(text.startIndex, offsetBy: 7)
            let general = Typesetter.layout(
                [
                    TextSpan(text: String(text[..<split]), style: Self.style),
                    TextSpan(text: String(text[split...]), style: Self.style),
                ],
                paragraph: ParagraphStyle(), width: 400, cached: false)
            #expect(general.size == first[index].size)
            #expect(general.lines.map(\.range) == first[index].lines.map(\.range))
        }
    }

    @Test func aSessionMadeWhileAnotherLivesShapesOnItsOwnBuffer() throws {
        let face = try #require(
            FontFace(path: FontRegistry.bundledFontsFolder + "/LiberationSans-Regular.ttf", index: 0))
        func key(_ text: String, rtl: Bool, script: String) -> ShapeKey {
            ShapeKey(
                font: face.resource, features: [], text: Array(text.utf16), rtl: rtl, script: script, language: "en")
        }
        let latin = key("Office fluffy AVAT", rtl: false, script: "Latn")
        let hebrew = key("שלום עולם", rtl: true, script: "Hebr")
        // Each alone, in a session of its own made and dropped in turn (the second gets the
        // first one's buffer back, reset).
        let latinAlone = ShapingSession(language: "en").shapeWithHarfBuzz(latin, face: face)
        let hebrewAlone = ShapingSession(language: "en").shapeWithHarfBuzz(hebrew, face: face)
        #expect(!latinAlone.isEmpty && !hebrewAlone.isEmpty)
        // Interleaved in two sessions alive at once.
        let outer = ShapingSession(language: "en")
        let inner = ShapingSession(language: "en")
        #expect(outer.shapeWithHarfBuzz(latin, face: face) == latinAlone)
        #expect(inner.shapeWithHarfBuzz(hebrew, face: face) == hebrewAlone)
        #expect(outer.shapeWithHarfBuzz(hebrew, face: face) == hebrewAlone)
        #expect(inner.shapeWithHarfBuzz(latin, face: face) == latinAlone)
        // Right-to-left glyphs come in visual order: the first glyph is the text's last cluster.
        #expect(hebrewAlone.first.map { Int($0.cluster) } == hebrew.text.count - 1)
    }

    /// A run shaped once waits in a probation slot; the next miss in that slot reuses its two
    /// arrays (`ShapingCache.glyphs`). Thousands of distinct runs pass through every slot, and
    /// each run — shaped, found again in probation, then found in the cache — must have its own
    /// glyphs, never those of a run whose storage it took over.
    @Test func runsThatTakeOverAProbationSlotKeepTheirOwnGlyphs() throws {
        let face = try #require(
            FontFace(path: FontRegistry.bundledFontsFolder + "/LiberationSans-Regular.ttf", index: 0))
        let words = ["Invoice", "Widget", "AVATAR", "office", "fluffy", "Total", "Tax", "Qty"]
        var keys: [ShapeKey] = []
        for index in 0..<3_000 {
            // Lengths vary, so a reused array is sometimes too small and sometimes larger.
            let text = words[index % words.count] + " " + String(index) + String(repeating: "x", count: index % 13)
            keys.append(
                ShapeKey(
                    font: face.resource, features: [], text: Array(text.utf16), rtl: false, script: "Latn",
                    language: "en"))
        }
        let expected = keys.map { ShapingSession(language: "en").shapeWithHarfBuzz($0, face: face) }
        ShapingCache.removeAll(resettingStatistics: false)
        let session = ShapingSession(language: "en")
        for round in 0..<3 {
            for (index, key) in keys.enumerated() {
                let glyphs = ShapingCache.glyphs(for: key) { session.shapeWithHarfBuzz($0, face: face, into: &$1) }
                #expect(glyphs == expected[index], "round \(round), run \(index)")
                // For some, a second lookup right away finds the run in probation (and admits it);
                // the others' slots are taken over by later misses.
                if round == 0, index % 7 == 0 {
                    #expect(ShapingCache.glyphs(for: key) { _, _ in Issue.record("shaped again") } == expected[index])
                }
            }
        }
    }
}
