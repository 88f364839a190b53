import Galley
import GalleyRender
import Testing

@testable import GalleyTemplates

/// `minFontSize`: the largest size (quarter points down from `fontSize`) at which the text fits its
/// frame and `maxLines`, never below the minimum.
@Suite struct ShrinkToFitTests {
    /// The font size and text of every glyph run drawn for the canvas's text.
    static func drawnRuns(_ source: String) throws -> [(size: Double, text: String)] {
        let document = try Template(text: source).bind(.object(JSONObject()))
        let page = try document.displayPage(0, options: DisplayOptions())
        var sizes: [(size: Double, text: String)] = []
        func walk(_ items: [DisplayItem]) {
            for item in items {
                switch item {
                case .glyphs(let run): sizes.append((run.fontSize, run.text))
                case .group(let group): walk(group.items)
                default: break
                }
            }
        }
        walk(page.items)
        return sizes
    }

    static func label(_ text: String, fontSize: Double = 24, extra: String) -> String {
        """
        {"galley": 1, "size": [120, 40], "body": {"type": "text", "text": "\(text)",
          "font": "Liberation Sans", "fontSize": \(fontSize), \(extra)}}
        """
    }

    @Test func shrinksUntilTheTextFitsItsLines() throws {
        // At 24 pt "Quarterly revenue" needs two lines; with maxLines 1 it shrinks until one holds it.
        let runs = try Self.drawnRuns(Self.label("Quarterly revenue", extra: #""maxLines": 1, "minFontSize": 6"#))
        let size = try #require(runs.first?.size)
        #expect(size < 24 && size >= 6)
        #expect(size.truncatingRemainder(dividingBy: 0.25) == 0)
        #expect(runs.map(\.text).joined() == "Quarterly revenue")
        // A quarter point more no longer fits one line: unshrunk, that size truncates.
        let larger = try Self.drawnRuns(
            Self.label("Quarterly revenue", fontSize: size + 0.25, extra: #""maxLines": 1"#))
        #expect(larger.map(\.text).joined().hasSuffix("…"))
    }

    @Test func textThatFitsKeepsItsSizeAndTheMinimumIsAFloor() throws {
        #expect(try Self.drawnRuns(Self.label("Hi", extra: #""minFontSize": 6"#)).map(\.size) == [24])
        let floor = try Self.drawnRuns(
            Self.label("An extraordinarily long caption for a tiny label", extra: #""maxLines": 1, "minFontSize": 12"#))
        #expect(floor.first?.size == 12)
        #expect(floor.map(\.text).joined().hasSuffix("…"))
    }
}
