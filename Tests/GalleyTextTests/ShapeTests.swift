import Foundation
import Testing

@testable import GalleyText

/// The shape phase against hb-shape's output (Fixtures/shape/cases.tests, made by generate.sh).
@Suite struct ShapeTests {
    struct Case: CustomTestStringConvertible {
        let font: String
        let index: Int
        let language: String
        let rtl: Bool
        let features: [String]
        let text: String
        let expected: String
        var testDescription: String { "\(font.split(separator: "/").last ?? "") \(text)" }
    }

    static func cases() throws -> [Case] {
        try Fixtures.lines("shape/cases.tests").map { line in
            let f = line.split(separator: ";", maxSplits: 6, omittingEmptySubsequences: false).map(String.init)
            let font = f[0].hasPrefix("/") ? f[0] : Fixtures.url("shape/" + f[0]).standardized.path
            return Case(
                font: font, index: Int(f[1]) ?? 0, language: f[2], rtl: f[3] == "rtl",
                features: f[4].split(separator: ",").map(String.init), text: f[5], expected: f[6])
        }
    }

    /// Serialises glyphs as hb-shape does: gid=cluster@x,y+advance, clusters as code point indices.
    static func serialise(_ glyphs: [ShapedGlyph], text: String) -> String {
        var scalarIndex: [Int: Int] = [:]
        var unit = 0
        for (i, scalar) in text.unicodeScalars.enumerated() {
            scalarIndex[unit] = i
            unit += UTF16.width(scalar)
        }
        let parts = glyphs.map { g -> String in
            let offset =
                g.xOffset != 0 || g.yOffset != 0 ? "@\(Int(g.xOffset.rounded())),\(Int(g.yOffset.rounded()))" : ""
            return "\(g.id)=\(scalarIndex[g.cluster] ?? -1)\(offset)+\(Int(g.advance.rounded()))"
        }
        return "[" + parts.joined(separator: "|") + "]"
    }

    @Test(arguments: try cases())
    func matchesHarfBuzz(_ c: Case) throws {
        guard FileManager.default.fileExists(atPath: c.font) else {
            print("skipped: \(c.font) is not installed")
            return
        }
        let face = try #require(FontFace(path: c.font, index: c.index))
        let session = ShapingSession(language: c.language)
        let style = TextStyle(fontSize: Double(face.unitsPerEm), features: c.features)
        let glyphs = session.shapeStandalone(c.text, face: face, style: style, rtl: c.rtl)
        #expect(ShapeTests.serialise(glyphs, text: c.text) == c.expected)
    }

    @Test func kerningAppliesInLayout() {
        let style = TextStyle(fontSize: 100)
        let kerned = Typesetter.layout(
            [TextSpan(text: "AV", style: style)], paragraph: ParagraphStyle(),
            width: .infinity, registry: TestFonts.bundled)
        let plain = Typesetter.layout(
            [TextSpan(text: "AV", style: TextStyle(fontSize: 100, features: ["-kern"]))],
            paragraph: ParagraphStyle(), width: .infinity, registry: TestFonts.bundled)
        #expect(kerned.size.width < plain.size.width)
    }

    @Test func shapingCacheCountsHits() {
        let before = Typesetter.shapingCacheStatistics
        let span = TextSpan(text: "cache me \(UUID().uuidString)", style: TextStyle())
        _ = Typesetter.layout(
            [span], paragraph: ParagraphStyle(), width: .infinity, registry: TestFonts.bundled, cached: false)
        _ = Typesetter.layout(
            [span], paragraph: ParagraphStyle(), width: .infinity, registry: TestFonts.bundled, cached: false)
        let after = Typesetter.shapingCacheStatistics
        #expect(after.misses >= before.misses + 1)
        #expect(after.hits >= before.hits + 1)
    }

    /// A run measured for a layout that is dropped (a paged body) goes into the shaping cache at
    /// once: drawing its page, many pages later, finds it.
    @Test func measuredRunsSkipProbation() {
        let span = TextSpan(text: "measured \(UUID().uuidString)", style: TextStyle())
        _ = Typesetter.layout(
            [span], paragraph: ParagraphStyle(), width: .infinity, registry: TestFonts.bundled, cached: false,
            includingItems: false)
        // Push it out of probation, were it there: 2,000 other runs fill every slot.
        for index in 0..<2000 {
            _ = Typesetter.layout(
                [TextSpan(text: "filler \(index) \(UUID().uuidString)", style: TextStyle())],
                paragraph: ParagraphStyle(), width: .infinity, registry: TestFonts.bundled, cached: false)
        }
        let before = Typesetter.shapingCacheStatistics
        _ = Typesetter.layout(
            [span], paragraph: ParagraphStyle(), width: .infinity, registry: TestFonts.bundled, cached: false)
        #expect(Typesetter.shapingCacheStatistics.hits >= before.hits + 1)
    }

    @Test func paragraphCacheReturnsTheSameLayoutAndCountsHits() {
        let before = Typesetter.paragraphCacheStatistics
        let span = TextSpan(text: "a whole paragraph \(UUID().uuidString) long enough to be cached", style: TextStyle())
        let first = Typesetter.layout([span], paragraph: ParagraphStyle(), width: 120, registry: TestFonts.bundled)
        // The second miss inserts the layout (Doorkeeper); the third lookup hits.
        _ = Typesetter.layout([span], paragraph: ParagraphStyle(), width: 120, registry: TestFonts.bundled)
        let second = Typesetter.layout([span], paragraph: ParagraphStyle(), width: 120, registry: TestFonts.bundled)
        let fresh = Typesetter.layout(
            [span], paragraph: ParagraphStyle(), width: 120, registry: TestFonts.bundled, cached: false)
        let after = Typesetter.paragraphCacheStatistics
        #expect(first == second && second == fresh)
        #expect(first.lines.count > 1)
        #expect(after.misses >= before.misses + 1)
        #expect(after.hits >= before.hits + 1)
        // Another width or style is another entry, not a stale hit.
        let narrower = Typesetter.layout([span], paragraph: ParagraphStyle(), width: 60, registry: TestFonts.bundled)
        #expect(narrower.lines.count > first.lines.count)
        let centred = Typesetter.layout(
            [span], paragraph: ParagraphStyle(alignment: .center), width: 120, registry: TestFonts.bundled)
        #expect(centred.lines.map(\.x) != first.lines.map(\.x))
    }

    /// A short paragraph typesets faster than the paragraph cache can look it up: only
    /// paragraphs of `cachedLength` UTF-8 bytes or more (all spans together) go through it.
    @Test func onlyLongParagraphsGoThroughTheParagraphCache() {
        let style = TextStyle()
        let limit = Typesetter.cachedLength
        #expect(!Typesetter.worthCaching([TextSpan(text: "Qty", style: style)]))
        #expect(!Typesetter.worthCaching([TextSpan(text: String(repeating: "x", count: limit - 1), style: style)]))
        #expect(Typesetter.worthCaching([TextSpan(text: String(repeating: "x", count: limit), style: style)]))
        let halves = [String(repeating: "a", count: limit / 2), String(repeating: "é", count: limit / 4)]
        #expect(Typesetter.worthCaching(halves.map { TextSpan(text: $0, style: style) }))
    }

    /// A long document's runs cycle through the cache rather than accumulate: ~9 MB of distinct
    /// runs leave it within its byte budget.
    @Test func shapingCacheStaysWithinItsBudget() {
        let words = String(repeating: "budget words shaped once ", count: 16)
        for index in 0..<1000 {
            let span = TextSpan(text: "\(index) \(words)", style: TextStyle())
            _ = Typesetter.layout([span], paragraph: ParagraphStyle(), width: .infinity, registry: TestFonts.bundled)
        }
        #expect(ShapingCache.bytes <= ShapingCache.budget)
        #expect(ShapingCache.bytes > 0)
    }
}
