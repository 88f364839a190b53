import Foundation
import Galley
import GalleyLayout
import GalleyRender
import GalleyTestSupport
import GalleyText
import Testing

/// Golden images of every chart kind, per-corner radii and table cells' vertical alignment (references in
/// References/, recorded with GALLEY_RECORD=1 and looked at).
@Suite("content goldens")
struct ContentGoldenTests {
    static let style = TextStyle(font: "Liberation Sans", fontSize: 7, color: Color(rgb8: 0x37, 0x41, 0x51))

    static func render(_ body: any LayoutElement, size: Size, scale: Double = 2) throws -> ImageBuffer {
        let canvas = Canvas(body: body, size: size)
        canvas.background = .white
        let page = try canvas.displayPage(
            options: DisplayOptions(rasterizationScale: scale, rasterCache: nil, maxConcurrentLayers: 1))
        return try RasterRenderer.render(page, scale: scale)
    }

    static let months = ["Jan", "Feb", "Mar", "Apr", "May"]
    static let twoSeries = [
        ChartNode.Series(name: "North", values: [12, 19, 14, 22, 17]),
        ChartNode.Series(name: "South", values: [8, 11, 16, 9, 13]),
    ]

    static func chart(_ name: String) -> ChartNode {
        let node: ChartNode
        switch name {
        case "bar-grouped": node = ChartNode(kind: .bar, series: twoSeries, labels: months, textStyle: style)
        case "bar-stacked":
            node = ChartNode(kind: .bar, series: twoSeries, labels: months, textStyle: style)
            node.stacked = true
        case "bar-horizontal":
            node = ChartNode(kind: .bar, series: twoSeries, labels: months, textStyle: style)
            node.horizontal = true
            node.xTitle = "Units"
        case "bar-negative":
            node = ChartNode(
                kind: .bar, series: [ChartNode.Series(name: "Net", values: [5, -3, 8, -6, 2])], labels: months,
                textStyle: style)
        case "line":
            node = ChartNode(kind: .line, series: twoSeries, labels: months, textStyle: style)
            node.yTitle = "Orders"
            node.xTitle = "Month"
        case "area-stacked":
            node = ChartNode(kind: .area, series: twoSeries, labels: months, textStyle: style)
            node.stacked = true
            node.legend = .top
        case "pie":
            node = ChartNode(
                kind: .pie, series: [ChartNode.Series(values: [45, 25, 18, 12])],
                labels: ["Web", "Shop", "Phone", "Other"], textStyle: style)
        case "donut":
            node = ChartNode(
                kind: .donut, series: [ChartNode.Series(values: [45, 25, 18, 12])],
                labels: ["Web", "Shop", "Phone", "Other"], textStyle: style)
            node.legend = .right
        default:
            node = ChartNode(
                kind: .scatter,
                series: [
                    ChartNode.Series(
                        name: "2024",
                        points: [Point(x: 1, y: 3), Point(x: 2.5, y: 7), Point(x: 4, y: 5), Point(x: 6, y: 9)]),
                    ChartNode.Series(
                        name: "2025", points: [Point(x: 1.5, y: 6), Point(x: 3, y: 2), Point(x: 5, y: 8)]),
                ], textStyle: style)
            node.xTitle = "Price"
            node.yTitle = "Sales"
        }
        node.style.preferredSize = Size(width: 200, height: 120)
        return node
    }

    static let chartNames = [
        "bar-grouped", "bar-stacked", "bar-horizontal", "bar-negative", "line", "area-stacked", "pie", "donut",
        "scatter",
    ]

    @Test(arguments: chartNames) func chartKind(_ name: String) throws {
        let image = try Self.render(
            InsetLayoutSpec(insets: EdgeInsets(all: 6), child: Self.chart(name)), size: Size(width: 212, height: 132))
        GoldenImage.assertMatches(image, named: "chart-\(name)@2x", tolerance: 2)
    }

    @Test func aPieChartsSlicesAreItsShares() throws {
        let image = try Self.render(
            InsetLayoutSpec(insets: EdgeInsets(all: 6), child: Self.chart("pie")), size: Size(width: 212, height: 132))
        // The first slice (45%, the palette's blue) runs clockwise from the top: right of the centre, above it.
        let blue = image.pixel(x: 2 * 120, y: 2 * 40)
        #expect(blue.b > 200 && blue.r < 80)
    }

    static func box(_ radii: CornerRadii, color: Color, border: Bool = false) -> BoxNode {
        let box = BoxNode()
        box.style.preferredSize = Size(width: 60, height: 44)
        box.layer.backgroundColor = color
        box.layer.cornerRadii = radii
        if border {
            box.layer.borderWidth = 3
            box.layer.borderColor = Color(rgb8: 0x0f, 0x17, 0x2a)
        }
        return box
    }

    @Test func perCornerRadii() throws {
        let blue = Color(rgb8: 0x25, 0x63, 0xeb)
        let photo = RainbowNode()
        photo.style.preferredSize = Size(width: 60, height: 44)
        photo.layer.cornerRadii = CornerRadii(topLeft: 16, topRight: 0, bottomRight: 0, bottomLeft: 16)
        photo.layer.clipsToBounds = true
        let row = StackLayoutSpec(
            direction: .horizontal, spacing: 8,
            children: [
                Self.box(CornerRadii(topLeft: 20, topRight: 0, bottomRight: 20, bottomLeft: 0), color: blue),
                Self.box(
                    CornerRadii(topLeft: 0, topRight: 14, bottomRight: 4, bottomLeft: 30), color: blue, border: true),
                // Radii too large for the sides shrink together (CSS): 40 + 40 on a 44-point side.
                Self.box(CornerRadii(topLeft: 40, topRight: 40, bottomRight: 0, bottomLeft: 0), color: blue),
                photo,
            ])
        let image = try Self.render(
            InsetLayoutSpec(insets: EdgeInsets(all: 6), child: row), size: Size(width: 276, height: 56))
        GoldenImage.assertMatches(image, named: "corner-radii@2x", tolerance: 2)
        // The first box's top-left corner is cut away, its top-right is square.
        #expect(image.pixel(x: 2 * 7, y: 2 * 7).b == 255 && image.pixel(x: 2 * 7, y: 2 * 7).r == 255)
        #expect(image.pixel(x: 2 * 65, y: 2 * 7).r == 0x25)
    }

    static func table(_ alignment: VerticalAlignment) -> TableNode {
        func text(_ string: String, _ size: Double) -> TextNode {
            TextNode(spans: [TextSpan(text: string, style: TextStyle(font: "Liberation Sans", fontSize: size))])
        }
        let cells = [
            TableCellNode(content: text("Widget, large", 14)), TableCellNode(content: text("SKU-4711", 7)),
            TableCellNode(content: text("two\nlines", 9)),
        ]
        for cell in cells {
            cell.verticalAlignment = alignment
            cell.layer.borderWidth = 0.5
            cell.layer.borderColor = Color(rgb8: 0x94, 0xa3, 0xb8)
        }
        return TableNode(
            columns: [TableColumn(), TableColumn(), TableColumn()], header: nil, rows: [TableRowNode(cells: cells)])
    }

    @Test func cellVerticalAlignment() throws {
        let tables = VerticalAlignment.allCases.map { Self.table($0) }
        let column = StackLayoutSpec(direction: .vertical, spacing: 6, alignItems: .stretch, children: tables)
        let image = try Self.render(
            InsetLayoutSpec(insets: EdgeInsets(all: 6), child: column), size: Size(width: 240, height: 200))
        GoldenImage.assertMatches(image, named: "cell-vertical-align@2x", tolerance: 2)
    }

    @Test func baselineCellsShareTheirFirstBaseline() throws {
        let table = Self.table(.baseline)
        let canvas = Canvas(body: table, size: Size(width: 240, height: 60))
        let frames = canvas.nodeFrames().filter { $0.node is TextNode }.map(\.frame)
        let texts = canvas.nodeFrames().compactMap { $0.node as? TextNode }
        #expect(texts.count == 3)
        let baselines = zip(texts, frames).map { $0.1.minY + $0.0.style.ascender }
        // Layout places frames on whole points (Texture's pixel rounding), so a shifted cell's baseline can land
        // up to a point below the row's; unaligned, the SKU's would be 6.6 points above the name's.
        #expect(baselines.allSatisfy { $0 >= baselines[0] && $0 < baselines[0] + 1 }, "\(baselines)")
    }
}
