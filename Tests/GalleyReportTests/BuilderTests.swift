import Galley
import GalleyLayout
import GalleyReport
import GalleyText
import Testing

/// The result builder: `if`/`else`, optionals, `for … in`, `ForEach`, groups and raw nodes.
@Suite("report DSL: builder")
struct BuilderTests {
    /// The texts of a document's paragraphs, in layout order.
    func texts(_ document: Report) throws -> [String] {
        var result: [String] = []
        func visit(_ layout: Layout) {
            if let text = layout.element as? TextNode { result.append(text.text) }
            layout.sublayouts.forEach(visit)
        }
        visit(try document.makePagedDocument().layout())
        return result
    }

    @Test(arguments: [true, false])
    func conditionalsOptionalsAndLoops(flag: Bool) throws {
        let note: String? = flag ? "note" : nil
        let document = Report {
            if flag { Text("yes") } else { Text("no") }
            if let note { Text(note) }
            for index in 1...2 { Text("for \(index)") }
            ForEach(["a", "b"]) { item in
                Text(item)
                Text(item.uppercased())
            }
            Group {
                Text("g1")
                Text("g2")
            }
            switch flag {
            case true: Text("switch on")
            case false: Text("switch off")
            }
        }
        let expected =
            (flag ? ["yes", "note"] : ["no"]) + ["for 1", "for 2", "a", "A", "b", "B", "g1", "g2"]
            + [flag ? "switch on" : "switch off"]
        #expect(try texts(document) == expected)
    }

    @Test func rawNodesAndConcatenatedText() throws {
        let chart = ChartNode(kind: .bar, values: [1, 2, 3])
        let document = Report {
            chart
            Node { TextNode("made by hand") }
            Text("bold ") + Text("and plain").fontWeight(400)
        }
        let paged = try document.makePagedDocument()
        var nodes: [DisplayNode] = []
        func visit(_ layout: Layout) {
            if let node = layout.element as? DisplayNode { nodes.append(node) }
            layout.sublayouts.forEach(visit)
        }
        visit(paged.layout())
        #expect(nodes.contains { $0 === chart }, "the chart instance is placed as is")
        #expect(try texts(document) == ["made by hand", "bold and plain"])
        let paragraph = try #require(nodes.compactMap { $0 as? TextNode }.last)
        #expect(paragraph.spans.map(\.text) == ["bold ", "and plain"])
    }

    @Test func textStyleIsInheritedAndOverridden() throws {
        let document = Report(textStyle: TextStyle(font: "Liberation Serif", fontSize: 11)) {
            Text("document style")
            VStack {
                Text("scoped")
                Text("own size").fontSize(20)
            }
            .textStyle { $0.fontSize = 8 }
        }
        var styles: [TextStyle] = []
        func visit(_ layout: Layout) {
            if let text = layout.element as? TextNode { styles += text.spans.map(\.style) }
            layout.sublayouts.forEach(visit)
        }
        visit(try document.makePagedDocument().layout())
        #expect(styles.map(\.fontSize) == [11, 8, 20])
        #expect(styles.allSatisfy { $0.font == "Liberation Serif" })
    }

    @Test func nodeModifiersSetLayerAndNavigation() throws {
        let document = Report {
            VStack { Text("inside") }
                .background(.black).border(.white, width: 2).cornerRadius(4).id("card").bookmark("Card", level: 2)
                .keepTogether()
            Text("link").link("https://example.com")
        }
        let paged = try document.makePagedDocument()
        let layout = paged.layout()
        let card = try #require(layout.sublayouts.compactMap { $0.element as? BoxNode }.first)
        #expect(card.layer.backgroundColor == .black)
        #expect(card.layer.borderWidth == 2)
        #expect(card.layer.cornerRadius == 4)
        #expect(card.identifier == "card")
        #expect(card.bookmark?.title == "Card" && card.bookmark?.level == 2)
        #expect(paged.hints.keepTogether.contains(ObjectIdentifier(card)))
        let link = try #require(layout.sublayouts.compactMap { $0.element as? TextNode }.first)
        #expect(link.spans.first?.style.link == "https://example.com")
    }
}
