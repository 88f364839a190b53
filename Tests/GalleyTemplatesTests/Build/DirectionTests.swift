import GalleyLayout
import GalleyRender
import GalleyText
import Testing

@testable import Galley
@testable import GalleyTemplates

/// `dir` on documents and elements: text's base direction, rows that run from the right, and
/// table-of-contents entries mirrored for right-to-left titles.
@Suite struct DirectionTests {
    static func frames(_ source: String) throws -> [(node: DisplayNode, frame: Rect)] {
        let document = try Template(text: source).bind(.object(JSONObject()))
        return try #require(document as? Canvas).nodeFrames()
    }

    @Test func rightToLeftRowsRunFromTheRight() throws {
        let row = """
            {"type": "stack", "direction": "horizontal", "children": [
              {"type": "box", "id": "a", "size": [10, 10]}, {"type": "box", "id": "b", "size": [20, 10]},
              {"type": "box", "id": "c", "size": [30, 10]}]}
            """
        func xs(_ dir: String) throws -> [Double] {
            let found = try Self.frames(#"{"galley": 1, "size": [200, 50], "dir": "\#(dir)", "body": \#(row)}"#)
            return ["a", "b", "c"].compactMap { id in found.first { $0.node.identifier == id }?.frame.origin.x }
        }
        #expect(try xs("ltr") == [0, 10, 30])
        // The first child at the right edge, the next to its left.
        #expect(try xs("rtl") == [190, 170, 140])
    }

    /// A wrapping row in RTL fills its lines in order from the right: the first line holds the first
    /// children, the first of them at the right edge; a line that does not fill the row ends at its left.
    @Test func rightToLeftWrappedRowsFillLinesFromTheRight() throws {
        func frames(_ dir: String) throws -> [String: Rect] {
            let found = try Self.frames(
                #"{"galley": 1, "size": [100, 60], "dir": "\#(dir)", "body": {"type": "stack", "#
                    + #""direction": "horizontal", "flexWrap": "wrap", "alignItems": "start", "children": ["#
                    + ["a", "b", "c", "d"].map { #"{"type": "box", "id": "\#($0)", "size": [40, 10]}"# }
                    .joined(separator: ", ") + "]}}")
            var byID: [String: Rect] = [:]
            for (node, frame) in found { if let id = node.identifier { byID[id] = frame } }
            return byID
        }
        let ltr = try frames("ltr")
        #expect(
            [ltr["a"], ltr["b"], ltr["c"], ltr["d"]].map { $0?.origin } == [
                Point(x: 0, y: 0), Point(x: 40, y: 0), Point(x: 0, y: 10), Point(x: 40, y: 10),
            ])
        let rtl = try frames("rtl")
        #expect(
            [rtl["a"], rtl["b"], rtl["c"], rtl["d"]].map { $0?.origin } == [
                Point(x: 60, y: 0), Point(x: 20, y: 0), Point(x: 60, y: 10), Point(x: 20, y: 10),
            ])
    }

    /// In an RTL column, `alignItems` and each child's `alignSelf` start/end hang from the mirrored
    /// edge; center and stretch are unchanged.
    @Test func rightToLeftColumnsMirrorAlignSelf() throws {
        func xs(_ dir: String) throws -> [Double] {
            let found = try Self.frames(
                #"{"galley": 1, "size": [100, 60], "dir": "\#(dir)", "body": {"type": "stack", "#
                    + #""direction": "vertical", "alignItems": "start", "children": ["#
                    + #"{"type": "box", "id": "a", "size": [10, 10]}, "#
                    + #"{"type": "box", "id": "b", "size": [20, 10], "alignSelf": "end"}, "#
                    + #"{"type": "box", "id": "c", "size": [30, 10], "alignSelf": "center"}]}}"#)
            return ["a", "b", "c"].compactMap { id in found.first { $0.node.identifier == id }?.frame.origin.x }
        }
        #expect(try xs("ltr") == [0, 80, 35])
        #expect(try xs("rtl") == [90, 0, 35])
    }

    @Test func textTakesTheDirectionAroundIt() throws {
        let found = try Self.frames(
            """
            {"galley": 1, "size": [200, 80], "dir": "rtl", "body": {"type": "stack", "direction": "vertical", "alignItems": "stretch", "children": [
              {"type": "text", "text": "Invoice 42"},
              {"type": "text", "dir": "ltr", "text": "Invoice 42"},
              {"type": "text", "dir": "auto", "text": "فاتورة 42"}]}}
            """)
        let texts = found.compactMap { $0.node as? TextNode }
        #expect(texts.map(\.paragraphStyle.direction) == [.rtl, .ltr, .auto])
        // `start` is the right in a right-to-left paragraph, even of Latin text.
        let rtlLine = try #require(texts[0].drawingLayout(width: 200).lines.first)
        let ltrLine = try #require(texts[1].drawingLayout(width: 200).lines.first)
        #expect(ltrLine.x == 0)
        #expect(abs(rtlLine.x + rtlLine.width - 200) < 0.01)
    }

    @Test func arabicTableOfContentsEntryKeepsIndentAndLeader() throws {
        let entry = TableOfContentsEntryNode(
            entry: TableOfContentsEntry(title: "المقدمة", level: 2, destination: "intro"),
            textStyle: TextStyle(font: "Noto Naskh Arabic", fontSize: 10), indent: 12)
        entry.bounds = Rect(x: 0, y: 0, width: 300, height: 20)
        let items = entry.drawParameters().items
        guard case .group(let title)? = items.first, case .fill(let dots, _)? = items.last else {
            Issue.record("expected the title and a leader")
            return
        }
        // The title sits right of the leader and ends at the indent from the right edge.
        let glyphXs = title.items.flatMap { item -> [Double] in
            guard case .glyphs(let run) = item else { return [] }
            return run.glyphs.map { title.transform.tx + run.origin.x + $0.x }
        }
        let dotXs = dots.elements.compactMap { element -> Double? in
            if case .move(let point) = element { return point.x }
            return nil
        }
        let titleLeft = try #require(glyphXs.min())
        #expect(try #require(glyphXs.max()) < 300 - 12)
        #expect(!dotXs.isEmpty)
        #expect(
            dotXs.allSatisfy { $0 > 0 && $0 < titleLeft },
            "dots \(dotXs.min() ?? 0)…\(dotXs.max() ?? 0), title from \(titleLeft)")
    }
}
