import GalleyLayout
import Testing

@testable import Galley
@testable import GalleyTemplates

/// `page.orientation` and a canvas's `orientation` turn a size only when they are written: a page of
/// `[300, 200]` is 300 wide (it was stood up to 200 × 300 by a default of `portrait`).
@Suite struct PageOrientationTests {
    static func pageSize(_ page: String) throws -> Size {
        let template = try Template(text: #"{"galley": 1, "page": \#(page), "body": {"type": "text", "text": "x"}}"#)
        return try #require(template.bind(.object(JSONObject())) as? PagedDocument).pageSize
    }

    static func canvasSize(_ keys: String) throws -> Size {
        let template = try Template(text: #"{"galley": 1, \#(keys), "body": {"type": "box"}}"#)
        return try #require(template.bind(.object(JSONObject())) as? Canvas).size
    }

    @Test func aSizeIsAsGivenWithoutOrientation() throws {
        #expect(try Self.pageSize(#"{"size": [300, 200]}"#) == Size(width: 300, height: 200))
        #expect(try Self.pageSize(#"{"size": [200, 300]}"#) == Size(width: 200, height: 300))
        #expect(try Self.canvasSize(#""size": [300, 200]"#) == Size(width: 300, height: 200))
    }

    @Test func orientationTurnsWhenWritten() throws {
        #expect(try Self.pageSize(#"{"size": [300, 200], "orientation": "portrait"}"#) == Size(width: 200, height: 300))
        #expect(
            try Self.pageSize(#"{"size": "A4", "orientation": "landscape"}"#) == Size(width: 841.89, height: 595.28))
        #expect(try Self.pageSize(#"{"size": "A4"}"#) == Size(width: 595.28, height: 841.89))
        #expect(try Self.canvasSize(#""size": "A5", "orientation": "landscape""#).width > 500)
    }
}
