import Testing

@testable import GalleyRender
@testable import GalleyText

/// A justified German column with hyphenation (the Donaudampfschifffahrtsgesellschaft
/// paragraph): every line ends at a break opportunity or a dictionary hyphenation point (no
/// emergency cut), and no word gap is wider than three normal spaces.
@Suite struct GermanJustificationTests {
    static let style = TextStyle(font: "Liberation Serif", fontSize: 10)

    static func column(_ breaking: LineBreaking, width: Double) throws -> (ParagraphLayout, String) {
        let text = try Fixtures.lines("paragraphs/german.txt").joined(separator: " ")
        let layout = Typesetter.layout(
            [TextSpan(text: text, style: style)],
            paragraph: ParagraphStyle(alignment: .justify, lineBreaking: breaking, hyphenate: true, language: "de-DE"),
            width: width)
        return (layout, text)
    }

    /// Total fit (Knuth–Plass) in 22 and 24 em columns: no emergency cut, no gap over 3 spaces.
    /// First fit gets the same line ends without emergency cuts, but its gaps are only checked
    /// against the cut (it may leave one line looser: 7.54 pt against 7.5 in the 22 em column).
    @Test(arguments: [(LineBreaking.optimal, 220.0), (.optimal, 240), (.greedy, 220)])
    func noEmergencyCutAndNoWideGaps(_ breaking: LineBreaking, _ width: Double) throws {
        let (layout, text) = try Self.column(breaking, width: width)
        let units = Array(text.utf16)
        let paragraphText = ParagraphText([TextSpan(text: text, style: Self.style)])
        let points = Set(Hyphenation.points(paragraphText, in: 0..<units.count, language: "de-DE"))
        let opportunities = Set(BreakOpportunities.lineBreaks(units, language: "de-DE").map(\.position))
        #expect(layout.lines.count > 10)
        for line in layout.lines.dropLast() {
            let end = line.range.upperBound
            #expect(
                opportunities.contains(end) || (line.isHyphenated && points.contains(end)),
                "line ends inside a word without a dictionary point: …\(String(decoding: units[max(0, end - 12)..<end], as: UTF16.self))|"
            )
        }
        // The space glyph's own advance, then every gap of every justified line.
        let space = try #require(Self.spaceAdvance())
        var widest = 0.0
        for (index, item) in layout.items.enumerated() {
            guard case .glyphs(let run) = item, layout.itemLines[index] < layout.lines.count - 1 else { continue }
            for i in run.glyphs.indices.dropLast() where run.glyphs[i].id == 3 {
                widest = max(widest, run.glyphs[i + 1].x - run.glyphs[i].x)
            }
        }
        #expect(widest > space, "the lines are justified")
        if breaking == .optimal {
            #expect(widest <= 3 * space, "widest gap \(widest) pt, a space is \(space) pt")
        }
    }

    static func spaceAdvance() -> Double? {
        let layout = Typesetter.layout([TextSpan(text: "a b", style: style)], paragraph: ParagraphStyle(), width: 500)
        guard case .glyphs(let run)? = layout.items.first, run.glyphs.count == 3 else { return nil }
        return run.glyphs[2].x - run.glyphs[1].x
    }
}
