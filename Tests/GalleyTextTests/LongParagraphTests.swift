import Foundation
import GalleyLayout
import GalleyRender
import GalleyTestSupport
import Testing

@testable import GalleyText

/// Issue 14: one text node of 0.5 MB took 20 s and 1 MB 108 s — each line filtered the whole
/// paragraph's glyphs. Long paragraphs are now near-linear (times are measured by `make bench`,
/// group `longtext`, not here); these tests pin what the faster paths must keep: the same
/// output, every line, and prompt, uncached cancellation.
@Suite struct LongParagraphTests {
    static let words = ["lorem", "ipsum", "dolor", "sit", "amet,", "AVATAR", "Type", "office", "fluffy", "To."]

    static func text(words count: Int, seed: UInt64 = 7) -> String {
        var random = SplitMix64(state: seed)
        return (0..<count).map { _ in words.randomElement(using: &random) ?? "" }.joined(separator: " ")
    }

    /// A run longer than `LongRunShaping.chunkLength` is shaped in pieces; the pieces join into
    /// exactly the glyphs of shaping it whole, in Latin (kerning across spaces, ligatures),
    /// Arabic (joining, right to left), Hebrew and Devanagari (reordering, conjuncts).
    @Test(arguments: [
        ("LiberationSans-Regular.ttf", "latin", "Latn"),
        (
            "/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf",
            "السلام عليكم ورحمة الله وبركاته، مرحبا بالعالم", "Arab"
        ),
        (
            "/usr/share/fonts/truetype/noto/NotoSansHebrew-Regular.ttf", "שָׁלוֹם עוֹלָם, זה טקסט בעברית עם מילים רבות",
            "Hebr"
        ),
        ("/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf", "नमस्ते दुनिया क्षत्रिय श्रीमान् हिन्दी", "Deva"),
    ])
    func piecesJoinIntoTheWholeRun(font: String, sample: String, script: String) throws {
        let rtl = script == "Arab" || script == "Hebr"
        let path = font.hasPrefix("/") ? font : FontRegistry.bundledFontsFolder + "/" + font
        guard FileManager.default.fileExists(atPath: path) else {
            print("skipped: \(path) is not installed")
            return
        }
        let face = try #require(FontFace(path: path, index: 0))
        let base =
            sample == "latin" ? Self.text(words: 20_000) : Array(repeating: sample, count: 2_000).joined(separator: " ")
        let units = Array(base.utf16)
        #expect(units.count > 4 * LongRunShaping.chunkLength)
        let key = ShapeKey(
            font: face.resource, features: [], text: units, rtl: rtl, script: script, language: "en")
        let session = ShapingSession(language: "en")
        let whole = session.shapeWithHarfBuzz(key, face: face, range: 0..<units.count)
        let pieces = LongRunShaping.shape(key, face: face, session: session)
        #expect(pieces.count == whole.count)
        #expect(pieces == whole)
    }

    /// The fast per-line slicing gives the lines and items of the general pipeline (whose
    /// slicing is checked against filtering here too) on a paragraph of thousands of lines.
    @Test func longParagraphLayoutsAgree() {
        let spans = [TextSpan(text: Self.text(words: 30_000), style: TextStyle(fontSize: 10))]
        let simple = Typesetter.layout(
            spans, paragraph: ParagraphStyle(), width: 300, registry: TestFonts.bundled, cached: false)
        let general = Typesetter.generalLayout(
            spans, paragraph: ParagraphStyle(), width: 300, registry: TestFonts.bundled)
        #expect(simple.lines.count > 1_000)
        #expect(simple == general)
        // Every character is on a line, in order.
        var next = 0
        for line in general.lines {
            #expect(line.range.lowerBound == next)
            next = line.range.upperBound
        }
        #expect(next == spans[0].text.utf16.count)
    }

    @Test func sliceByClustersEqualsFilter() {
        var random = SplitMix64(state: 3)
        for _ in 0..<200 {
            var cluster = 0
            let ascending = (0..<Int.random(in: 0...40, using: &random)).map { _ -> ShapedGlyph in
                cluster += Int.random(in: 0...2, using: &random)
                return ShapedGlyph(id: 1, cluster: cluster, advance: 1, xOffset: 0, yOffset: 0)
            }
            let descending = Array(ascending.reversed())
            let shuffled = ascending.shuffled(using: &random)
            let a = Int.random(in: -1...45, using: &random)
            let range = a..<(a + Int.random(in: 0...20, using: &random))
            for glyphs in [ascending, descending, shuffled] {
                let order = ClusterOrder(glyphs)
                let expected = glyphs.filter { range.contains($0.cluster) }.map(\.cluster)
                #expect(glyphs.glyphs(inClusters: range, order: order).map(\.cluster) == expected)
            }
        }
    }

    /// A render cancelled while a long paragraph is typeset stops it (an empty layout, which no
    /// other render finds in the paragraph cache); the loops ask the check as they go.
    @Test(arguments: [ParagraphStyle(), ParagraphStyle(alignment: .justify, lineBreaking: .optimal, hyphenate: true)])
    func cancellationStopsTypesettingAndIsNotCached(paragraph: ParagraphStyle) {
        let spans = [TextSpan(text: Self.text(words: 40_000, seed: 11), style: TextStyle(fontSize: 10))]
        let asked = Counter()
        let afterThreeReads: @Sendable () -> Bool = { asked.increment() > 3 }
        let stopped = LayoutCancellation.measuring(cancelledBy: afterThreeReads) {
            Typesetter.layout(spans, paragraph: paragraph, width: 300, registry: TestFonts.bundled)
        }
        #expect(stopped.lines.isEmpty)
        // A few reads, not one per character: the loops ask every 256 iterations.
        #expect(asked.value >= 4 && asked.value < 1_000)
        let full = Typesetter.layout(spans, paragraph: paragraph, width: 300, registry: TestFonts.bundled)
        #expect(full.lines.count > 1_000)
        // A short paragraph never asks.
        let none = Counter()
        let counted: @Sendable () -> Bool = { none.increment() > 0 }
        _ = LayoutCancellation.measuring(cancelledBy: counted) {
            Typesetter.layout(
                [TextSpan(text: "short", style: TextStyle())], paragraph: paragraph, width: 300,
                registry: TestFonts.bundled, cached: false)
        }
        #expect(none.value == 0)
    }
}

/// A thread-safe count of calls.
final class Counter: Sendable {
    private let count = Locked(0)
    var value: Int { count.withLock { $0 } }
    /// Adds one and returns the new count.
    func increment() -> Int {
        count.withLock { value in
            value += 1
            return value
        }
    }
}
