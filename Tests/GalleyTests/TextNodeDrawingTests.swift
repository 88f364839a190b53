import Galley
import GalleyLayout
import GalleyRender
import GalleyText
import Testing

/// TextNode draws the lines it was measured with, aligned within the frame it is given.
@Suite("text node drawing layout")
struct TextNodeDrawingTests {
    static let words = """
        Galley lays out documents with Texture's layout specs and typesets their text with HarfBuzz, \
        breaking paragraphs first-fit or with the Knuth and Plass total-fit algorithm, which weighs \
        every line of the paragraph together before it chooses where any single line should end.
        """

    static func node(_ alignment: TextAlignment, breaking: LineBreaking = .greedy, text: String = words) -> TextNode {
        TextNode(
            spans: [TextSpan(text: text, style: TextStyle(font: "Liberation Sans", fontSize: 11))],
            paragraphStyle: ParagraphStyle(alignment: alignment, lineBreaking: breaking))
    }

    /// Measures at `width` (as a parent with that much room would) and returns the layout size.
    static func measure(_ node: TextNode, width: Double) -> Size {
        node.layoutThatFits(SizeRange(min: .zero, max: Size(width: width, height: .infinity))).size
    }

    static func ranges(_ layout: ParagraphLayout) -> [Range<Int>] { layout.lines.map(\.range) }

    @Test(arguments: [TextAlignment.center, .end, .justify])
    func alignsWithinAFrameWiderThanTheText(alignment: TextAlignment) {
        let node = Self.node(alignment)
        _ = Self.measure(node, width: 200)
        let measured = node.paragraphLayout(width: 200)
        let drawn = node.drawingLayout(width: 320)
        #expect(Self.ranges(drawn) == Self.ranges(measured), "no reflow into the wider frame")
        #expect(drawn.lines.count > 2)
        for (index, line) in drawn.lines.enumerated() {
            let isLast = index == drawn.lines.count - 1
            switch alignment {
            case .center: #expect(abs(line.x + line.width / 2 - 160) < 1e-6)
            case .end: #expect(abs(line.x + line.width - 320) < 1e-6)
            default:
                #expect(line.x == 0)
                if !isLast { #expect(abs(line.width - 320) < 1e-6, "justified to the frame") }
            }
        }
    }

    /// The usual case: the frame is the measured size ceiled to the pixel grid, narrower than
    /// the width measured at. Optimal breaking at the narrower width could choose other breaks;
    /// drawing keeps the measured ones (and so the measured height).
    @Test(arguments: [TextAlignment.start, .center, .end, .justify])
    func keepsMeasuredBreaksInTheCeiledFrame(alignment: TextAlignment) {
        var reflowsNaively = 0
        for width in stride(from: 120.0, through: 300, by: 6) {
            let node = Self.node(alignment, breaking: .optimal)
            let size = Self.measure(node, width: width)
            let measured = node.paragraphLayout(width: width)
            #expect(size.width > measured.size.width - 1e-6 && size.width < measured.size.width + 1)
            let drawn = node.drawingLayout(width: size.width)
            #expect(Self.ranges(drawn) == Self.ranges(measured), "width \(width)")
            #expect(drawn.size.height == measured.size.height)
            for line in drawn.lines {
                #expect(line.x >= -1e-9 && line.x + line.width <= size.width + 1e-6, "width \(width): \(line)")
            }
            let naive = Typesetter.layout(node.spans, paragraph: node.paragraphStyle, width: size.width)
            if Self.ranges(naive) != Self.ranges(measured) { reflowsNaively += 1 }
        }
        // Breaking again at the ceiled frame width would have changed one of these paragraphs
        // (justified lines fill the measured width, so their frame is that width).
        if alignment != .justify { #expect(reflowsNaively > 0) }
    }

    /// Start-aligned text in its ceiled frame draws exactly the measured layout.
    @Test func startAlignedFrameOfMeasuredWidthIsTheMeasuredLayout() {
        let node = Self.node(.start, breaking: .optimal)
        let size = Self.measure(node, width: 230)
        let measured = node.paragraphLayout(width: 230)
        #expect(node.drawingLayout(width: size.width).items == measured.items)
        #expect(node.drawingLayout(width: 230) == measured)
    }

    /// A frame narrower than a measured line breaks the paragraph again rather than overflow.
    @Test func narrowerFrameReflows() {
        let node = Self.node(.start)
        _ = Self.measure(node, width: 300)
        let drawn = node.drawingLayout(width: 150)
        #expect(drawn == Typesetter.layout(node.spans, paragraph: node.paragraphStyle, width: 150))
        #expect(drawn.lines.allSatisfy { $0.width <= 150 })
    }

    /// Through a canvas: centred text in a start-aligned stack gets a frame of its own (ceiled)
    /// width, and its lines are centred in that frame.
    @Test func centredTextInACanvas() throws {
        let node = Self.node(.center, text: "A short line\nand a considerably longer second line")
        let body = StackLayoutSpec(direction: .vertical, alignItems: .start, children: [node])
        let canvas = Canvas(body: body, size: Size(width: 300, height: 80))
        _ = try canvas.displayPage()
        let frame = try #require(canvas.nodeFrames().first { $0.node === node }?.frame)
        #expect(frame.width < 300)
        let layout = node.drawingLayout(width: frame.width)
        #expect(layout.lines.count == 2)
        for line in layout.lines { #expect(abs(line.x + line.width / 2 - frame.width / 2) < 1e-6) }
        let origins = node.drawParameters().items.compactMap { item -> Double? in
            if case .glyphs(let run) = item { return run.origin.x } else { return nil }
        }
        #expect(origins.count == 2 && origins[0] > origins[1] && origins[1] >= 0)
    }

    /// A cell measured at its natural width and then at its column's is not typeset again: the
    /// second layout is the first realigned, and equals a fresh typesetting at that width.
    @Test(arguments: [TextAlignment.start, .end, .center, .justify])
    func measuringWiderAgainReusesTheNaturalLayout(alignment: TextAlignment) {
        let node = Self.node(alignment, text: "356.04 EUR\nnet")
        let natural = node.paragraphLayout(width: .infinity)
        _ = Self.measure(node, width: .infinity)
        let column = natural.size.width + 37.25
        _ = Self.measure(node, width: column)
        let reused = node.paragraphLayout(width: column)
        let fresh = Typesetter.layout(node.spans, paragraph: node.paragraphStyle, width: column, cached: false)
        #expect(reused.lines.map(\.range) == fresh.lines.map(\.range))
        #expect(reused.size == fresh.size)
        for (a, b) in zip(reused.lines, fresh.lines) { #expect(abs(a.x - b.x) < 1e-9) }
        #expect(reused.items.count == fresh.items.count)
        // Narrower than the text: typeset again, and the lines wrap.
        let narrow = node.paragraphLayout(width: natural.size.width / 2)
        #expect(narrow.lines.count > natural.lines.count)
    }

    /// A paged body measures text for its metrics only and typesets it again to draw: the same
    /// size, and the same drawn layout, as measuring with display items.
    @Test(arguments: [TextAlignment.start, .center, .end, .justify])
    func metricsOnlyMeasurementDrawsTheSameLayout(alignment: TextAlignment) {
        let kept = Self.node(alignment, breaking: .optimal)
        let compact = Self.node(alignment, breaking: .optimal)
        let keptSize = Self.measure(kept, width: 230)
        let (compactSize, drawn) = LayoutNode.keepsMeasurementDetails.withValue(false) {
            let size = Self.measure(compact, width: 230)
            return (size, compact.drawingLayout(width: size.width))
        }
        #expect(compactSize == keptSize)
        #expect(drawn == kept.drawingLayout(width: keptSize.width))
        #expect(!drawn.items.isEmpty)
        #expect(compact.paragraphLayout(width: 230) == kept.paragraphLayout(width: 230), "items typeset on request")
    }
}
