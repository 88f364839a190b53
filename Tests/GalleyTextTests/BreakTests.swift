import Foundation
import GalleyRender
import Testing

@testable import GalleyText

/// The break phase: ICU's UAX #14 opportunities against Unicode's LineBreakTest.txt, and the
/// greedy and optimal breakers on fixture paragraphs.
@Suite struct BreakTests {
    static let lineBreakTest = "/usr/share/unicode/auxiliary/LineBreakTest.txt"

    /// Parses "× 0023 ÷ 0020 ÷ # comment" into UTF-16 units and expected break offsets (> 0).
    static func parse(_ line: Substring) -> (units: [UInt16], breaks: [Int])? {
        let body = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        var units: [UInt16] = []
        var breaks: [Int] = []
        for token in body.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
            if token == "÷" {
                if !units.isEmpty { breaks.append(units.count) }
            } else if token != "×" {
                guard let value = UInt32(token, radix: 16), let scalar = Unicode.Scalar(value) else { return nil }
                units.append(contentsOf: String(scalar).utf16)
            }
        }
        return units.isEmpty ? nil : (units, breaks)
    }

    @Test func agreesWithLineBreakTest() throws {
        guard FileManager.default.fileExists(atPath: BreakTests.lineBreakTest) else {
            print("skipped: \(BreakTests.lineBreakTest) missing (apt-get install unicode-data)")
            return
        }
        let content = try String(contentsOfFile: BreakTests.lineBreakTest, encoding: .utf8)
        var total = 0
        var agreeing = 0
        var disagreements: [String] = []
        for line in content.split(separator: "\n") where !line.hasPrefix("#") {
            guard let (units, expected) = BreakTests.parse(line) else { continue }
            total += 1
            let actual = BreakOpportunities.lineBreaks(units, language: "en").map(\.position)
            if actual == expected {
                agreeing += 1
            } else {
                disagreements.append("\(line.split(separator: "#").first ?? "")→ ICU \(actual)")
            }
        }
        let percentage = Double(agreeing) / Double(max(total, 1)) * 100
        print("LineBreakTest.txt: \(agreeing)/\(total) lines agree (\(String(format: "%.2f", percentage))%)")
        for line in disagreements.prefix(40) { print("  disagree: \(line)") }
        #expect(total > 7000)
        #expect(percentage >= 99.5)
    }

    @Test func mandatoryBreaksOnNewlines() {
        let opportunities = BreakOpportunities.lineBreaks(Array("one\ntwo three".utf16), language: "en-US")
        #expect(opportunities.first == .init(position: 4, mandatory: true))
        #expect(opportunities.contains(.init(position: 8, mandatory: false)))
    }
}

extension BreakTests {
    static func darwin() throws -> String {
        try Fixtures.lines("paragraphs/darwin.txt").joined(separator: " ")
    }

    /// Σ (width − line width)² over every line but the last.
    static func slack(_ layout: ParagraphLayout, width: Double) -> Double {
        layout.lines.dropLast().reduce(0) { $0 + ($1.width - width) * ($1.width - width) }
    }

    @Test func optimalHasLessSlackThanGreedy() throws {
        let spans = [TextSpan(text: try BreakTests.darwin(), style: TextStyle(fontSize: 11))]
        let width = 220.0
        let greedy = Typesetter.layout(
            spans, paragraph: ParagraphStyle(lineBreaking: .greedy), width: width,
            registry: TestFonts.bundled)
        let optimal = Typesetter.layout(
            spans, paragraph: ParagraphStyle(lineBreaking: .optimal), width: width,
            registry: TestFonts.bundled)
        let g = BreakTests.slack(greedy, width: width)
        let o = BreakTests.slack(optimal, width: width)
        print(
            "slack² greedy \(String(format: "%.1f", g)) (\(greedy.lines.count) lines), optimal \(String(format: "%.1f", o)) (\(optimal.lines.count) lines)"
        )
        print(
            "greedy widths", greedy.lines.map { Int($0.width) }, "optimal widths", optimal.lines.map { Int($0.width) })
        #expect(o < g)
        for line in greedy.lines + optimal.lines { #expect(line.width <= width + 1e-9) }
    }

    @Test func longWordBreaksAtGraphemes() {
        let word = String(repeating: "abcdefghij", count: 8) + "e\u{301}"
        let layout = Typesetter.layout(
            [TextSpan(text: "a " + word + " b", style: TextStyle())],
            paragraph: ParagraphStyle(), width: 100, registry: TestFonts.bundled)
        #expect(layout.lines.count >= 5)
        for line in layout.lines { #expect(line.width <= 100 + 1e-9) }
        #expect(layout.size.width <= 100 + 1e-9)
        // No line ends between "e" and its combining accent.
        let units = Array(("a " + word + " b").utf16)
        for line in layout.lines where line.range.upperBound < units.count {
            #expect(units[line.range.upperBound] != 0x301)
        }
    }

    static func hyphenationCases() throws -> [[String]] {
        try Fixtures.lines("breaks/hyphenation.txt").map { $0.split(separator: ";").map(String.init) }
    }

    @Test(arguments: try hyphenationCases())
    func hyphenationPoints(_ fields: [String]) {
        let text = ParagraphText([TextSpan(text: fields[0], style: TextStyle())])
        let points = Hyphenation.points(text, in: 0..<text.count, language: "en-US")
        var result = ""
        for (i, ch) in fields[0].utf16.enumerated() {
            if points.contains(i) { result += "-" }
            result += String(decoding: [ch], as: UTF16.self)
        }
        #expect(result == fields[1])
    }

    @Test func hyphenatedLinesEndWithHyphenGlyph() throws {
        let spans = [TextSpan(text: try BreakTests.darwin(), style: TextStyle(fontSize: 11))]
        let layout = Typesetter.layout(
            spans, paragraph: ParagraphStyle(hyphenate: true, language: "en-US"), width: 150,
            registry: TestFonts.bundled)
        let hyphenated = layout.lines.filter(\.isHyphenated)
        #expect(!hyphenated.isEmpty)
        let runs = layout.items.compactMap { item -> GlyphRun? in
            if case .glyphs(let run) = item { return run } else { return nil }
        }
        let face = try #require(TestFonts.bundled.face(family: nil, weight: 400, italic: false))
        let hyphenGlyph = try #require(face.glyph(for: "\u{2010}"))
        for line in hyphenated {
            // The rightmost run on the line's baseline is the hyphen.
            let onLine = runs.filter { abs($0.origin.y - line.baseline) < 1e-9 }
            let last = try #require(onLine.max { $0.origin.x < $1.origin.x })
            #expect(last.text == "\u{2010}")
            #expect(last.glyphs.map(\.id) == [hyphenGlyph])
            #expect(line.width <= 150 + 1e-9)
        }
    }
}
