import Foundation
import Galley
import GalleyLayout
import GalleyRender
import GalleyTestSupport
import GalleyText
import Testing

/// Right-to-left and mixed-direction paragraphs through the whole pipeline (TextNode in a
/// Canvas → display list → cairo): golden images for visual order and shaping, and PDFs whose
/// extracted text is the source text in logical order.
@Suite("bidi text through the pipeline")
struct BidiTextTests {
    /// The shared registry (bundled fonts first, then fontconfig's, which include
    /// /usr/share/fonts/truetype/noto/). A registry of its own would load every Noto face again,
    /// and tests measuring memory run alongside.
    static let registry = FontRegistry.shared

    static let hebrew = "שלום עולם! זוהי פסקה בעברית הנכתבת מימין לשמאל, עם מספרים 2024 ועם ניקוד: שָׁלוֹם."
    static let arabic = "مرحبا بالعالم، هذه فقرة عربية: الحروف تتصل ببعضها ولا تنفصل."
    static let mixed = "The word שלום means peace and مرحبا means hello."
    static let ligatures = "office fluffy affine Ünïcödé (e\u{301}) naïve"

    static func style(_ font: String, size: Double = 14) -> TextStyle {
        TextStyle(font: font, fontSize: size, color: Color(rgb8: 0x11, 0x18, 0x27))
    }

    /// One canvas per paragraph: each a TextNode 200 pt wide inside 6 pt margins.
    static func canvas(_ text: String, font: String, alignment: TextAlignment = .start) -> Canvas {
        let node = TextNode(
            spans: [TextSpan(text: text, style: style(font))], paragraphStyle: ParagraphStyle(alignment: alignment),
            registry: registry)
        let canvas = Canvas(
            body: InsetLayoutSpec(insets: EdgeInsets(all: 6), child: node), size: Size(width: 212, height: 90))
        canvas.background = .white
        return canvas
    }

    static func render(_ canvas: Canvas, scale: Double = 2) throws -> ImageBuffer {
        let page = try canvas.displayPage(options: DisplayOptions(rasterizationScale: scale, rasterCache: nil))
        return try RasterRenderer.render(page, scale: scale)
    }

    static let cases: [(name: String, text: String, font: String)] = [
        ("rtl-hebrew", hebrew, "Noto Sans Hebrew"),
        ("rtl-arabic", arabic, "Noto Sans Arabic"),
        ("bidi-mixed", mixed, "Liberation Sans"),
    ]

    @Test(arguments: 0..<3)
    func golden(index: Int) throws {
        let c = Self.cases[index]
        let image = try Self.render(Self.canvas(c.text, font: c.font))
        GoldenImage.assertMatches(image, named: c.name, tolerance: 2)
    }

    /// The paragraph direction comes from the first strong character: a Hebrew paragraph's
    /// lines hug the right edge, a mixed one starting in English the left.
    @Test func rtlParagraphIsRightAligned() throws {
        let node = TextNode(
            spans: [TextSpan(text: Self.hebrew, style: Self.style("Noto Sans Hebrew"))], registry: Self.registry)
        let layout = node.paragraphLayout(width: 200)
        #expect(layout.lines.count >= 2)
        for line in layout.lines { #expect(abs(line.x + line.width - 200) < 0.01, "\(line)") }
        #expect(layout.missingCharacters.isEmpty)
    }

    /// The canvas written as a PDF; `inspect` gets its path before it is deleted.
    static func withPDF<T>(_ canvas: Canvas, _ inspect: (String) throws -> T) throws -> T {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("galley-bidi-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("out.pdf").path
        try DocumentWriter.write(canvas, to: path, options: OutputOptions(format: .pdf, rasterCache: nil))
        return try inspect(path)
    }

    static func extractedText(_ canvas: Canvas) throws -> String {
        try withPDF(canvas) { path in
            let output = try PDFTools.pdftotext(path)
            #expect(output.status == 0, "\(output.standardError)")
            return output.standardOutput
        }
    }

    /// Drops the bidi embedding controls pdftotext wraps right-to-left words in (U+202A–U+202E),
    /// then removes whitespace (`removingSpaces`) or collapses it to single spaces.
    static func normalised(_ text: String, removingSpaces: Bool = false) -> String {
        let scalars = text.unicodeScalars.filter { !(0x202A...0x202E).contains($0.value) }
        let words = String(String.UnicodeScalarView(scalars)).split(whereSeparator: \.isWhitespace)
        return words.joined(separator: removingSpaces ? "" : " ")
    }

    /// Texts for extraction: every right-to-left cluster is one glyph. (pdftotext 22.12 reverses
    /// the characters of a multi-glyph cluster's ActualText inside right-to-left words, e.g.
    /// lam-alef or a letter with niqqud, although the PDF has them in logical order — checked by
    /// `pdfMultiGlyphRTLClustersCarryLogicalActualText`.)
    static let extractionCases: [(text: String, font: String)] = [
        ("שלום עולם! זוהי פסקה בעברית הנכתבת מימין לשמאל, עם מספרים 2024 ועם סימני פיסוק.", "Noto Sans Hebrew"),
        ("مرحبا بالعالم، هذه فقرة عربية: الحروف تتصل ببعضها في الكتابة العربية.", "Noto Sans Arabic"),
        (mixed, "Liberation Sans"),
    ]

    /// pdftotext gives every character in logical order. Whitespace is compared loosely: poppler
    /// moves the space between a right-to-left word and the following left-to-right one to the
    /// other side of the word (`שלום means` comes out as ` שלוםmeans`), so it is removed.
    @Test(arguments: 0..<3)
    func pdfTextIsInLogicalOrder(index: Int) throws {
        let c = Self.extractionCases[index]
        let text = try Self.extractedText(Self.canvas(c.text, font: c.font))
        let got = Self.normalised(text, removingSpaces: true)
        let expected = Self.normalised(c.text, removingSpaces: true)
        #expect(got.unicodeScalars.elementsEqual(expected.unicodeScalars), "\(text)")
    }

    /// Clusters of several glyphs (lam-alef, a letter with niqqud) carry their characters in
    /// logical order as ActualText, and the page's whole Arabic and Hebrew text is otherwise
    /// extracted in order.
    @Test func pdfMultiGlyphRTLClustersCarryLogicalActualText() throws {
        func actualText(_ s: String) -> String {
            "/ActualText <feff" + s.utf16.map { String(format: "%04x", $0) }.joined() + ">"
        }
        let arabic = try Self.withPDF(Self.canvas(Self.arabic, font: "Noto Sans Arabic")) {
            try PDFTools.uncompressed($0)
        }
        #expect(arabic.contains(actualText("لا")))
        let hebrew = try Self.withPDF(Self.canvas(Self.hebrew, font: "Noto Sans Hebrew")) {
            try PDFTools.uncompressed($0)
        }
        #expect(hebrew.contains(actualText("שָׁ")))
        #expect(hebrew.contains(actualText("וֹ")))
    }

    /// Ligature glyphs (fi, ffl) and combining marks map back to exactly their characters.
    @Test func pdfLigaturesAndCombiningMarksExtractExactly() throws {
        let text = try Self.extractedText(Self.canvas(Self.ligatures, font: "Liberation Sans"))
        #expect(Self.normalised(text).unicodeScalars.elementsEqual(Self.ligatures.unicodeScalars), "\(text)")
    }
}
