import Galley
import GalleyLayout
import GalleyRender
import GalleyReport
import GalleyText
import Testing

/// The DSL builds the same nodes and specs one would build by hand: identical layout trees
/// (types and frames) and identical display lists.
@Suite("report DSL: same nodes as by hand")
struct EquivalenceTests {
    static let base = TextStyle(font: "Liberation Sans", fontSize: 10)
    static let grey = Color(rgb8: 0xee, 0xee, 0xee)
    static let rows = [("Bolts", 120), ("Nuts", 80), ("Washers", 45)]

    static func dsl() -> Report {
        Report(page: .a5, margins: EdgeInsets(all: 30), spacing: 6, textStyle: base) {
            Text("Title").fontSize(18).bold()
            HStack(spacing: 8, alignment: .center) {
                Box(width: 20, height: 20).background(.black).cornerRadius(10)
                Text("Badge label").flexGrow(1)
                Text("right")
            }
            .padding(6)
            .background(grey)
            VStack(spacing: 2) {
                ForEach(["Alpha", "Beta", "Gamma"]) { Text($0) }
            }
            .frame(width: 200)
            Table(rows) {
                Column("Name") { row in Text(row.0) }
                Column("Qty", width: .points(40), alignment: .end) { row in Text("\(row.1)") }
            }
            .grid(width: 0.5, color: grey)
        }
    }

    static func direct() -> PagedDocument {
        func text(_ string: String, _ edit: (inout TextStyle) -> Void = { _ in }) -> TextNode {
            var style = base
            edit(&style)
            return TextNode(string, style: style)
        }
        let title = text("Title") {
            $0.fontSize = 18
            $0.weight = 700
        }
        let badge = BoxNode(intrinsicSize: Size(width: 20, height: 20))
        badge.layer.backgroundColor = .black
        badge.layer.cornerRadius = 10
        let label = text("Badge label")
        label.style.flexGrow = 1
        let row = StackLayoutSpec(
            direction: .horizontal, spacing: 8, alignItems: .center, children: [badge, label, text("right")])
        let padded = InsetLayoutSpec(insets: EdgeInsets(all: 6), child: row)
        let card = BoxNode()
        card.automaticallyManagesSubnodes = true
        card.layoutSpecBlock = { _ in padded }
        card.layer.backgroundColor = grey
        let list = StackLayoutSpec(
            direction: .vertical, spacing: 2, children: ["Alpha", "Beta", "Gamma"].map { text($0) })
        list.style.width = .points(200)
        func cell(_ content: TextNode) -> TableCellNode {
            let cell = TableCellNode(content: content, padding: EdgeInsets(top: 4, left: 6, bottom: 4, right: 6))
            cell.layer.borderWidth = 0.5
            cell.layer.borderColor = grey
            return cell
        }
        let header = TableRowNode(cells: [
            cell(text("Name") { $0.weight = 700 }), cell(text("Qty") { $0.weight = 700 }),
        ])
        let body = rows.map { TableRowNode(cells: [cell(text($0.0)), cell(text("\($0.1)"))]) }
        let table = TableNode(
            columns: [TableColumn(width: .flex(1)), TableColumn(width: .points(40), alignment: .end)], header: header,
            rows: body)
        let root = StackLayoutSpec(
            direction: .vertical, spacing: 6, alignItems: .stretch, children: [title, card, list, table])
        return PagedDocument(body: root, pageSize: PageSize.a5.size, margins: EdgeInsets(all: 30))
    }

    @Test func layoutFramesMatchTheTreeBuiltByHand() throws {
        let built = ReportTestSupport.dump(try Self.dsl().makePagedDocument().layout())
        let expected = ReportTestSupport.dump(Self.direct().layout())
        #expect(expected.count > 15, "the hand-built tree has its nodes")
        #expect(built == expected)
        if built != expected {
            for (index, pair) in zip(built, expected).enumerated() where pair.0 != pair.1 {
                Issue.record("line \(index): DSL \(pair.0), by hand \(pair.1)")
                break
            }
        }
    }

    @Test func displayListsMatchTheTreeBuiltByHand() throws {
        let dsl = try Self.dsl().makePagedDocument()
        let direct = Self.direct()
        let page = try dsl.displayPage(0)
        let expected = try direct.displayPage(0)
        #expect(page.items.count == expected.items.count)
        // Compared as a Bool: the expansion of two display lists would bury the message.
        let identical = page == expected
        #expect(identical, "the DSL's first page draws differently from the hand-built tree's")
    }

    /// A spec hosted in a box for its background passes its style to the box: the box is half
    /// the width (not stretched), and the stack inside it fills the box.
    @Test func hostedSpecKeepsItsSize() throws {
        let document = Report(page: .a6, margins: EdgeInsets(all: 10), textStyle: Self.base) {
            VStack(alignment: .start) {
                VStack { Box(width: 10, height: 10) }.frame(width: .fraction(0.5), height: .auto).background(.black)
            }
        }
        let frames = ReportTestSupport.dump(try document.makePagedDocument().layout())
        #expect(frames == ["box 0.0,0.0 278.0x10.0", "  box 0.0,0.0 139.0x10.0", "    box 0.0,0.0 139.0x10.0"])
    }

    /// `.padding(8).background(c)` colours the padded frame; the other order only the content.
    @Test func modifierOrderMatters() throws {
        func frames(@ContentBuilder _ content: () -> [any ReportContent]) throws -> [String] {
            let document = Report(page: .a6, margins: EdgeInsets(all: 10), textStyle: Self.base, body: content)
            return ReportTestSupport.dump(try document.makePagedDocument().layout())
        }
        let padThenFill = try frames {
            VStack(alignment: .start) { Box(width: 10, height: 10).padding(8).background(.black) }
        }
        let fillThenPad = try frames {
            VStack(alignment: .start) { Box(width: 10, height: 10).background(.black).padding(8) }
        }
        // Padding first: a 26-point host box (10 + 2 × 8) holds the inset box. Background
        // first: the box itself is coloured and sits inside the inset, no host.
        #expect(padThenFill == ["box 0.0,0.0 278.0x26.0", "  box 0.0,0.0 26.0x26.0", "    box 8.0,8.0 10.0x10.0"])
        #expect(fillThenPad == ["box 0.0,0.0 278.0x26.0", "  box 8.0,8.0 10.0x10.0"])
    }
}
