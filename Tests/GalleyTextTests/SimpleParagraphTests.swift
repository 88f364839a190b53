import GalleyLayout
import GalleyRender
import GalleyTestSupport
import Testing

@testable import GalleyText

/// The typesetter's simple-paragraph fast path gives exactly the general pipeline's layout.
@Suite struct SimpleParagraphTests {
    typealias Generator = SplitMix64

    static let pieces = [
        "Invoice", "Total", "Qty", "Description", "Amount", "consulting", "hours", "Straße", "café", "naïve",
        "Ærø", "Œuvre", "ﬁ", "office", "fluffy", "AVAT", "Ty", "1,234.56", "$99.00", "12%", "(net)", "a/b",
        "state-of-the-art", "—", "-", "--", "«quoted»", "©2026", "x×y", "e-mail:", "#42", "[x]", "{y}", "50 %",
        "i", "W", "supercalifragilisticexpialidocious", "Wwwwwwwwwwwwwwwwwwww", "résumé", "ǅ", "ʼn", "e\u{301}",
        "\u{A0}", "ß", "!", "?", "…", "Ελλάδα", "Москва", "tab\there", "a\u{AD}b", "$", "€", "1/2", "3.14",
        // Typographic punctuation, currency and Latin letters past U+0590 (`extendedRanges`).
        "don’t", "“quoted”", "‘a’", "–", "‒", "†", "•", "‰", "′″", "‹a›", "‽", "⁄", "₹12", "£5", "₫", "₿",
        "Việt", "Ḁḁ", "ﬀ", "ﬂ", "ﬆ", "€1,234.56",
    ]

    /// Neighbours of those ranges the fast path must leave to the general pipeline (line and
    /// paragraph separators, bidi marks and isolates, invisible operators, combining marks for
    /// symbols, Hebrew), added to one paragraph in eight.
    static let outsiders = [
        "a\u{2028}b", "a\u{2029}b", "a\u{200F}b", "a\u{200E}b", "\u{2066}x\u{2069}", "a\u{2060}b", "\u{20DD}",
        "א", "a\u{200B}b", "a\u{202F}b",
    ]

    static func paragraph(_ g: inout Generator) -> String {
        var text = ""
        for _ in 0..<Int.random(in: 1...14, using: &g) {
            let piece = pieces.randomElement(using: &g) ?? "x"
            switch Int.random(in: 0..<20, using: &g) {
            case 0: text += piece + "  "
            case 1: text += piece + "\n"
            case 2: text += piece
            case 3: text += " " + piece + " "
            default: text += piece + " "
            }
        }
        if Int.random(in: 0..<8, using: &g) == 0 { text += outsiders.randomElement(using: &g) ?? "" }
        return Bool.random(using: &g) ? text : String(text.drop { $0 == " " })
    }

    static func style(_ g: inout Generator) -> TextStyle {
        let fonts: [String?] = [nil, "Liberation Serif", "Liberation Mono", "Liberation Sans"]
        let heights: [LineHeight] = [
            .multiple(1.2), .multiple(Double.random(in: 0.6...2.5, using: &g)),
            .points(Double.random(in: 4...40, using: &g)),
        ]
        let features: [[String]] = [[], [], ["tnum"], ["-liga"], ["kern=0"]]
        return TextStyle(
            font: fonts.randomElement(using: &g) ?? nil, weight: Bool.random(using: &g) ? 400 : 700,
            italic: Int.random(in: 0..<4, using: &g) == 0,
            fontSize: [12, 9, 10.5, Double.random(in: 4...40, using: &g)].randomElement(using: &g) ?? 12,
            color: Bool.random(using: &g) ? .black : Color(red: 0.2, green: 0.4, blue: 0.6),
            lineHeight: heights.randomElement(using: &g) ?? .multiple(1.2),
            features: features.randomElement(using: &g) ?? [],
            baselineOffset: Int.random(in: 0..<6, using: &g) == 0 ? Double.random(in: -4...4, using: &g) : 0)
    }

    /// Widths at and around the interesting ones: the natural width, a word's, zero, infinity.
    static func width(_ g: inout Generator, natural: Double) -> Double {
        switch Int.random(in: 0..<9, using: &g) {
        case 0: return .infinity
        case 1: return natural
        case 2: return natural.nextDown
        case 3: return natural * Double.random(in: 0.3...0.95, using: &g)
        case 4: return Double.random(in: 0...12, using: &g)
        case 5: return 0
        case 6: return natural / Double(Int.random(in: 2...4, using: &g))
        default: return Double.random(in: 10...400, using: &g)
        }
    }

    @Test func fastPathEqualsGeneralPipeline() {
        var g = Generator(state: 0x6761_6C6C_6579)
        let registry = TestFonts.bundled
        var simple = 0
        let total = 8000
        for _ in 0..<total {
            let text = Self.paragraph(&g)
            let style = Self.style(&g)
            var spans = [TextSpan(text: text, style: style)]
            if Int.random(in: 0..<10, using: &g) == 0 {
                spans.insert(TextSpan(text: "", style: TextStyle(fontSize: 30)), at: 0)
            }
            let paragraph = ParagraphStyle(
                alignment: [.start, .start, .center, .end].randomElement(using: &g) ?? .start,
                lineBreaking: Int.random(in: 0..<5, using: &g) == 0 ? .optimal : .greedy,
                language: [nil, "en-US", "de"].randomElement(using: &g) ?? nil)
            let natural = Typesetter.generalLayout(spans, paragraph: paragraph, width: .infinity, registry: registry)
                .size.width
            let width = Self.width(&g, natural: natural)
            let alignmentWidth: Double? =
                Bool.random(using: &g) ? nil : Double.random(in: 0...500, using: &g)
            if Typesetter.takesFastPath(spans, paragraph: paragraph, registry: registry) { simple += 1 }
            for includingItems in [true, false] {
                let fast = Typesetter.layout(
                    spans, paragraph: paragraph, width: width, alignmentWidth: alignmentWidth, registry: registry,
                    cached: false, includingItems: includingItems)
                let general = Typesetter.generalLayout(
                    spans, paragraph: paragraph, width: width, alignmentWidth: alignmentWidth, registry: registry,
                    includingItems: includingItems)
                #expect(fast == general, "\(text.debugDescription) \(style) \(paragraph) width \(width)")
            }
        }
        // Most generated paragraphs are simple (the rest check the fallback).
        #expect(simple > total / 3)
    }

    /// The same with the machine's fonts: other metrics, and faces without some characters.
    @Test func fastPathEqualsGeneralPipelineWithSystemFonts() {
        var g = Generator(state: 0x5359_5354_454D)
        let registry = FontRegistry.shared
        let families = Array(Set(registry.faces.map(\.family))).sorted()
        for _ in 0..<1500 {
            var style = Self.style(&g)
            style.font = families.randomElement(using: &g)
            let spans = [TextSpan(text: Self.paragraph(&g), style: style)]
            let paragraph = ParagraphStyle(alignment: [.start, .center, .end].randomElement(using: &g) ?? .start)
            let width = Double.random(in: 0...300, using: &g)
            let fast = Typesetter.layout(spans, paragraph: paragraph, width: width, registry: registry, cached: false)
            let general = Typesetter.generalLayout(spans, paragraph: paragraph, width: width, registry: registry)
            #expect(fast == general, "\(spans) width \(width)")
        }
    }

    @Test func typicalCellsTakeTheFastPath() {
        let registry = TestFonts.bundled
        let cells = [
            "Invoice #1042", "Qty", "12", "$1,234.56", "Consulting hours (March)", "Total", "20 %", "€1,234.56",
            "Customer’s copy", "Page 1 — summary…",
        ]
        let bold = TextStyle(weight: 700, fontSize: 10)
        for cell in cells {
            for paragraph in [ParagraphStyle(), ParagraphStyle(alignment: .end)] {
                let spans = [TextSpan(text: cell, style: bold)]
                #expect(Typesetter.takesFastPath(spans, paragraph: paragraph, registry: registry))
                let before = Typesetter.simpleParagraphCount
                _ = Typesetter.layout(spans, paragraph: paragraph, width: 80, registry: registry, cached: false)
                #expect(Typesetter.simpleParagraphCount > before)
            }
        }
        // Not simple: justified, two styles, decorations, right-to-left text.
        let plain = [TextSpan(text: "a b", style: TextStyle())]
        #expect(!Typesetter.takesFastPath(plain, paragraph: ParagraphStyle(alignment: .justify), registry: registry))
        #expect(!Typesetter.takesFastPath(plain + plain, paragraph: ParagraphStyle(), registry: registry))
        #expect(
            !Typesetter.takesFastPath(
                [TextSpan(text: "a", style: TextStyle(underline: true))], paragraph: ParagraphStyle(),
                registry: registry))
        #expect(
            !Typesetter.takesFastPath([TextSpan(text: "שלום")], paragraph: ParagraphStyle(), registry: registry))
    }

    @Test func asciiGlyphMaskAgreesWithTheCmap() {
        for face in FontRegistry.shared.faces.prefix(40) {
            let mask = face.asciiGlyphMask()
            for c in UInt8(0)..<128 {
                let bit = c < 64 ? mask.0 >> c & 1 : mask.1 >> (c - 64) & 1
                #expect((bit == 1) == face.hasGlyph(for: Unicode.Scalar(c)), "\(face) U+\(c)")
            }
        }
    }
}
