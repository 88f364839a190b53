import Galley
import GalleyRender
import Testing

@testable import GalleyTemplates

/// Inputs `make fuzz` found that trapped or misbehaved (docs/security.md, "Fuzzing"), each the exact
/// bytes libFuzzer minimized, run through what `galley-fuzz templates` runs: parse, compile, bind the
/// template's `sampleData`, lay out, and draw the first page's display list.
@Suite struct TemplateFuzzFindingsTests {
    /// The first page's display list of `text`, bound to its `sampleData`.
    static func firstPage(_ text: String) throws -> DisplayPage {
        let template = try Template(text: text, file: "fuzz.json")
        let document = try template.bind(template.sampleData ?? .object(JSONObject()), recordIndex: 0)
        #expect(try document.pageCount(isCancelled: .never) == 1)
        return try document.displayPage(0, options: DisplayOptions(rasterCache: nil, maxConcurrentLayers: 1))
    }

    /// Every fill in `items` and the groups inside them, with its colour.
    static func fills(_ items: [DisplayItem]) -> [Color] {
        items.flatMap { item -> [Color] in
            switch item {
            case .fill(_, let color): [color]
            case .group(let group): fills(group.items)
            default: []
            }
        }
    }

    /// A donut (or pie) without `labels`: its slice colours were taken from the labels, so there were
    /// none and drawing the first slice indexed an empty array (index out of range). Slices now take
    /// the palette's colours by position, labelled or not.
    @Test func aPieWithoutLabelsDrawsItsSlicesInThePalette() throws {
        let input = """
            {
             galley: 1,
            size: [84, 5], sampleData:{ revenue:[4]},body: {type: "inset", child: {type:"stack", alignItems: "stretch", \
            children: [   {type:"stack", flexGrow: 1,children: [{type: "node", class:"chart",flexGrow:1, params: \
            {kind: "donut",  values: "{{revenue}}",t:"a"}} ]}]}},}
            """
        let page = try Self.firstPage(input)
        #expect(Self.fills(page.items).contains(ChartNode.defaultPalette[0]), "\(page.items)")
        // Three slices and two labels: the third slice takes the palette's third colour.
        let pie = try Self.firstPage(
            #"{galley: 1, size: [200, 200], body: {type: "node", class: "chart", params: {kind: "pie", "#
                + #"values: [1, 2, 3], labels: ["a", "b"], legend: "none"}}}"#)
        let colors = Self.fills(pie.items)
        #expect(ChartNode.defaultPalette.prefix(3).allSatisfy(colors.contains), "\(colors)")
    }

    /// An empty palette set in Swift is the default palette, not a division by zero when drawing.
    @Test func anEmptyPaletteIsTheDefault() {
        let chart = ChartNode(kind: .bar, values: [1, 2])
        chart.palette = []
        #expect(chart.palette == ChartNode.defaultPalette)
    }
}
