import Foundation
import Galley
import GalleyRender
import Testing

@testable import GalleyTemplates

/// Inputs `make fuzz` found that trapped, hung or ran out of memory (docs/security.md, "Fuzzing"):
/// the exact bytes libFuzzer wrote are kept in `Findings/` and replayed through what
/// `galley-fuzz templates` runs (parse, compile, bind the template's `sampleData`, lay out,
/// paginate, draw the first page's display list); each is also reduced to a small input whose
/// output is checked.
@Suite struct TemplateFuzzFindingsTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Findings")
    static let templates = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Templates")
    static let findings = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()

    /// The first page's display list of `bytes`, bound to its `sampleData`, in `Templates/`
    /// (where the fuzzer's templates are); `pages` is how many pages it has.
    static func firstPage(_ bytes: [UInt8], pages: Int? = 1) throws -> DisplayPage {
        let template = try Template(utf8: bytes, file: "fuzz.json", directory: templates.path)
        let document = try template.bind(template.sampleData ?? .object(JSONObject()), recordIndex: 0)
        let count = try document.pageCount(isCancelled: .never)
        if let pages { #expect(count == pages) }
        return try document.displayPage(0, options: DisplayOptions(rasterCache: nil, maxConcurrentLayers: 1))
    }

    static func firstPage(_ text: String, pages: Int? = 1) throws -> DisplayPage {
        try firstPage(Array(text.utf8), pages: pages)
    }

    @Test func findingsAreKept() {
        #expect(Self.findings.count >= 3, "\(Self.folder.path)")
    }

    /// Each input as libFuzzer found it now renders its first page (or is a template error) at once.
    @Test(arguments: findings)
    func everyFindingRenders(name: String) throws {
        let bytes = [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent(name)))
        do {
            let page = try Self.firstPage(bytes, pages: nil)
            #expect(!page.items.isEmpty, "\(name)")
        } catch let error as TemplateError {
            #expect(error.description.hasPrefix("fuzz.json"), "\(name): \(error)")
        }
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
        // The same as libFuzzer first wrote it: Findings/pie-without-labels.json (the dashboard, its pie's
        // `labels` key mangled).
        // Three slices and two labels: the third slice takes the palette's third colour.
        let pie = try Self.firstPage(
            #"{galley: 1, size: [200, 200], body: {type: "node", class: "chart", params: {kind: "pie", "#
                + #"values: [1, 2, 3], labels: ["a", "b"], legend: "none"}}}"#)
        let colors = Self.fills(pie.items)
        #expect(ChartNode.defaultPalette.prefix(3).allSatisfy(colors.contains), "\(colors)")
    }

    /// A table of contents whose text is 0 pt (`Findings/toc-leader-font-size-0.json`: the handbook with
    /// its body style at `fontSize: 0`): its dot leaders stepped by the size rounded, 0, so the loop
    /// laying them out never ended and filled memory. There are no dots at 0 pt now, and below 1 pt
    /// they are a point apart.
    @Test func aZeroPointTableOfContentsHasNoLeaderDots() throws {
        func tocPage(fontSize: Double) throws -> [Color] {
            let page = try Self.firstPage(
                #"{galley: 1, page: {size: "A5"}, body: {type: "stack", direction: "vertical", children: ["#
                    + ##"{type: "toc", fontSize: \##(fontSize), color: "#ff0000"}, "##
                    + #"{type: "text", text: "Chapter", bookmark: "Chapter"}]}}"#)
            return Self.fills(page.items)
        }
        let red = try #require(ColorParser.parse("#ff0000"))
        #expect(try !tocPage(fontSize: 0).contains(red))
        #expect(try tocPage(fontSize: 0.5).contains(red))
        #expect(try tocPage(fontSize: 10).contains(red))
    }

    /// Text of 3e81 pt (`Findings/overflow-warning-huge-font.json`: the transition example with its body
    /// style at that size): the warning that it overflows its frame wrote the height as an `Int` (a
    /// trap past 9.2e18). It is written as a `Double` now.
    @Test func anAstronomicFontSizeIsAWarningNotATrap() throws {
        let template = try Template(
            text: #"{galley: 1, size: [100, 50], body: {type: "text", text: "x", fontSize: 1e20}}"#, file: "t.json")
        let document = try template.bind(.object(JSONObject()))
        _ = try document.pageCount(isCancelled: .never)
        let warnings = document.warnings().map(\.description)
        #expect(
            warnings.contains { $0.contains("text needs 1.") && $0.contains("e+20 pt but its frame is 50 pt high") },
            "\(warnings)")
    }

    /// An empty palette set in Swift is the default palette, not a division by zero when drawing.
    @Test func anEmptyPaletteIsTheDefault() {
        let chart = ChartNode(kind: .bar, values: [1, 2])
        chart.palette = []
        #expect(chart.palette == ChartNode.defaultPalette)
    }
}
