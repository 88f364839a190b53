import Foundation
import GalleyLayout
import GalleyTestSupport
import Testing

@testable import GalleyRender

/// Glyph runs of one style drawn with nothing else between them go to cairo in one call in a
/// PDF (`GlyphBatch`), and a group that only translates moves cairo's matrix instead of saving
/// and restoring its state; the PDF is byte for byte the one painted without these shortcuts
/// (run by run, every group saved): cairo's text operators join consecutive calls anyway. Runs
/// cairo would leave out on their own — outside the page or a clip, or with no ink — are not
/// gathered, or their text would appear.
@Suite("PDF paint shortcuts: glyph runs gathered, translated groups unsaved")
struct GlyphBatchTests {
    static let metadata = DocumentMetadata(title: "runs", creationDate: "D:20260101000000")
    static let red = Color(red: 0.8, green: 0.1, blue: 0.1)

    /// The PDF of `pages`, and how many runs joined another in one call.
    static func pdf(_ pages: [DisplayPage], shortcuts: Bool) throws -> (bytes: [UInt8], gathered: Int) {
        try PDFWriter.$takesShortcuts.withValue(shortcuts) {
            let writer = try PDFWriter(metadata: metadata)
            for page in pages { try writer.addPage(page) }
            let count = writer.gatheredRunCount
            return (try writer.finishData(), count)
        }
    }

    /// A run of spaces (glyph 3 of Liberation Sans): no ink.
    static func spaces(_ count: Int, size: Double, origin: Point) -> GlyphRun {
        GlyphRun(
            font: Fixtures.sans, fontSize: size, color: .black, origin: origin,
            glyphs: (0..<count).map { GlyphRun.Glyph(id: 3, x: Double($0) * size * 0.28, y: 0) },
            text: String(repeating: " ", count: count),
            clusters: Array(repeating: GlyphRun.Cluster(byteCount: 1, glyphCount: 1), count: count))
    }

    static func random(_ range: ClosedRange<Double>, _ rng: inout SplitMix64) -> Double {
        Double.random(in: range, using: &rng).rounded()
    }

    /// Items of every kind the painter treats differently around glyph runs and translated
    /// groups, nested up to three groups deep.
    static func randomItems(depth: Int, _ rng: inout SplitMix64) -> [DisplayItem] {
        (0..<Int.random(in: 1...10, using: &rng)).map { _ in
            let kind = Int.random(in: 0...(depth < 3 ? 19 : 12), using: &rng)
            let origin = Point(x: random(-60...620, &rng), y: random(-30...420, &rng))
            // Mostly one size and colour, as in a document, so runs often share a style.
            let size: Double =
                Int.random(in: 0..<10, using: &rng) < 7 ? 9 : [6.0, 12, 24][Int.random(in: 0..<3, using: &rng)]
            func nested() -> [DisplayItem] { randomItems(depth: depth + 1, &rng) }
            func rect() -> Rect {
                let x: Double = random(-20...500, &rng)
                let y: Double = random(-20...350, &rng)
                let width: Double = random(0...300, &rng)
                let height: Double = random(0...250, &rng)
                return Rect(x: x, y: y, width: width, height: height)
            }
            switch kind {
            case 0...9:
                let color = Int.random(in: 0..<10, using: &rng) > 0 ? Color.black : red
                let slant: Double = Int.random(in: 0..<8, using: &rng) == 0 ? 0.2 : 0
                let run = Fixtures.galleyRun(
                    count: Int.random(in: 1...10, using: &rng), size: size, origin: origin, color: color, slant: slant)
                return .glyphs(run)
            case 10: return .glyphs(spaces(Int.random(in: 1...4, using: &rng), size: size, origin: origin))
            case 11:
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: return .stroke(Path(rect: rect()), red, lineWidth: 1.5)
                case 1: return .image(Fixtures.checkerboard, rect(), .nearest)
                default: return .fill(Path(rect: rect()), Color(red: 0.9, green: 0.9, blue: 0.95))
                }
            case 12: return .link(rect(), .url("https://example.com/\(Int.random(in: 0...9, using: &rng))"))
            case 13, 14, 15:
                return .group(DisplayGroup(transform: .translation(x: origin.x / 4, y: origin.y / 4), items: nested()))
            case 16: return .group(DisplayGroup(clip: Path(rect: rect()), items: nested()))
            case 17: return .group(DisplayGroup(clip: Path(roundedRect: rect(), cornerRadius: 8), items: nested()))
            case 18: return .group(DisplayGroup(opacity: 0.5, items: nested()))
            default: return .group(DisplayGroup(transform: .scale(x: 1.5, y: 1.5), items: nested()))
            }
        }
    }

    @Test func generatedPagesAreByteIdenticalWithoutShortcuts() throws {
        var rng = SplitMix64(state: 21)
        var gathered = 0
        for index in 0..<400 {
            let page = DisplayPage(size: Size(width: 600, height: 400), items: Self.randomItems(depth: 0, &rng))
            let single: (bytes: [UInt8], gathered: Int)
            do { single = try Self.pdf([page], shortcuts: false) } catch {
                Issue.record("page \(index) unbatched: \(error) \(page)")
                continue
            }
            let batched = try Self.pdf([page], shortcuts: true)
            #expect(single.gathered == 0)
            let identical = batched.bytes == single.bytes
            #expect(identical, "generated page \(index)")
            gathered += batched.gathered
        }
        // The comparison means something only if runs were gathered (measured: 287).
        #expect(gathered > 150)
    }

    @Test func runsOutsideARectangularClipKeepTheirTextOut() throws {
        // A paragraph cut by a clip, as a page break cuts one: lines 1-2 inside, 3-4 outside.
        let lines = [50.0, 80, 180, 210].map { y in
            DisplayItem.glyphs(Fixtures.galleyRun(count: 6, size: 10, origin: Point(x: 40, y: y)))
        }
        let page = DisplayPage(
            size: Size(width: 300, height: 300),
            items: [.group(DisplayGroup(clip: Path(rect: Rect(x: 20, y: 20, width: 200, height: 120)), items: lines))])
        let batched = try Self.pdf([page], shortcuts: true)
        #expect(batched.gathered == 1)
        let identical = batched.bytes == (try Self.pdf([page], shortcuts: false)).bytes
        #expect(identical)
        let text = try Self.text(of: batched.bytes)
        #expect(text.components(separatedBy: "Galley").count - 1 == 2, "extracted: \(text)")
    }

    @Test func aRunOfSpacesBetweenRunsChangesNothing() throws {
        func page(withSpaces: Bool) -> DisplayPage {
            var items: [DisplayItem] = [.glyphs(Fixtures.galleyRun(size: 12, origin: Point(x: 40, y: 60)))]
            if withSpaces { items.append(.glyphs(Self.spaces(3, size: 12, origin: Point(x: 120, y: 60)))) }
            items.append(.glyphs(Fixtures.galleyRun(size: 12, origin: Point(x: 160, y: 60))))
            return DisplayPage(size: Size(width: 300, height: 200), items: items)
        }
        // cairo leaves out the spaces, which have no ink, and their text with them; gathered
        // with the runs around them, the text would stay.
        let with = try Self.pdf([page(withSpaces: true)], shortcuts: true)
        let without = try Self.pdf([page(withSpaces: false)], shortcuts: true)
        #expect(with.gathered == 0 && without.gathered == 1)
        let identical = with.bytes == without.bytes
        #expect(identical)
    }

    @Test func runsAcrossTranslatedGroupsShareOneCall() throws {
        // Table cells: each a group moved to its place, one run each, the same style.
        let cells = (0..<12).map { (index: Int) -> DisplayItem in
            let x = 30 + Double(index % 3) * 80
            let y = 40 + Double(index / 3) * 20
            let run = Fixtures.galleyRun(size: 9, origin: Point(x: 0, y: 10))
            return .group(DisplayGroup(transform: .translation(x: x, y: y), items: [.glyphs(run)]))
        }
        let page = DisplayPage(size: Size(width: 300, height: 200), items: cells)
        let batched = try Self.pdf([page], shortcuts: true)
        #expect(batched.gathered == 11)
        let identical = batched.bytes == (try Self.pdf([page], shortcuts: false)).bytes
        #expect(identical)
        #expect(try Self.text(of: batched.bytes).components(separatedBy: "Galley").count - 1 == 12)
    }

    @Test func aRectangleClipIsRecognised() {
        let rect = Rect(x: 10, y: 20, width: 30, height: 40)
        #expect(Path(rect: rect).axisAlignedRectangle == rect)
        #expect(Path(roundedRect: rect, cornerRadius: 4).axisAlignedRectangle == nil)
        #expect(Path(ellipseIn: rect).axisAlignedRectangle == nil)
        var skewed = Path()
        skewed.move(to: Point(x: 0, y: 0))
        skewed.line(to: Point(x: 10, y: 0))
        skewed.line(to: Point(x: 12, y: 10))
        skewed.line(to: Point(x: 0, y: 10))
        skewed.close()
        #expect(skewed.axisAlignedRectangle == nil)
    }

    static func text(of pdf: [UInt8]) throws -> String {
        let url = try Fixtures.temporaryDirectory().appendingPathComponent("runs.pdf")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        try Data(pdf).write(to: url)
        return try PDFTools.pdftotext(url.path).standardOutput
    }
}
