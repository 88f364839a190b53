import GalleyRender
import Testing

@testable import GalleyTemplates

@Suite struct ColorParserTests {
    @Test func forms() {
        #expect(ColorParser.parse("#1e293b") == Color(rgb8: 0x1e, 0x29, 0x3b))
        #expect(ColorParser.parse("#1E293B") == Color(rgb8: 0x1e, 0x29, 0x3b))
        #expect(ColorParser.parse(" #1e293b ") == Color(rgb8: 0x1e, 0x29, 0x3b))
        #expect(ColorParser.parse("#fff") == Color(rgb8: 255, 255, 255))
        #expect(ColorParser.parse("#ff000080") == Color(rgb8: 255, 0, 0, alpha: 128.0 / 255))
        #expect(ColorParser.parse("rgba(0, 0, 255, 0.5)") == Color(red: 0, green: 0, blue: 1, alpha: 0.5))
        #expect(ColorParser.parse("rgb(255,0,0)") == Color(rgb8: 255, 0, 0))
        #expect(ColorParser.parse("Navy") == Color(rgb8: 0, 0, 128))
        #expect(ColorParser.parse("transparent") == .clear)
    }

    @Test(arguments: ["#12345g", "#12", "red-ish", "rgba(1,2,3,4)", "rgb(300,0,0)", "", "#"])
    func rejects(_ text: String) {
        #expect(ColorParser.parse(text) == nil)
    }
}
