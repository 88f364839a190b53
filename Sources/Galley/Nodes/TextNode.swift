import GalleyLayout
import GalleyRender
import GalleyText

/// A paragraph of (rich) text. Its size is the paragraph laid out at the constrained width;
/// its baselines feed stack baseline alignment (Texture's ascender/descender).
public final class TextNode: DisplayNode, DrawingNode {
    public struct Parameters: Hashable, Sendable {
        public var items: [DisplayItem]
    }

    public var spans: [TextSpan] {
        didSet { if spans != oldValue { contentChanged() } }
    }
    public var paragraphStyle: ParagraphStyle {
        didSet { if paragraphStyle != oldValue { contentChanged() } }
    }
    public let registry: FontRegistry

    /// Whether text nodes keep the display items (glyph runs) of what they typeset. `PagedDocument`
    /// binds it to false while it measures and draws its body: measuring then keeps only each
    /// paragraph's metrics (size, lines, baselines), and drawing typesets the paragraph again,
    /// its shaping from the shaping cache, without keeping the result. A long document's glyph
    /// runs are otherwise all alive at once between measuring and drawing.
    static let cachesDisplayItems = TaskLocal(wrappedValue: true)

    /// A cached paragraph layout; `hasItems` is false when it was typeset for its metrics only.
    private struct Typeset {
        var layout: ParagraphLayout
        var hasItems: Bool
    }

    /// Paragraph layouts by width: measuring and drawing at one width shapes the text once.
    private var layouts: [Double: Typeset] = [:]
    /// Widths measured at, most recent last (drawing prefers the latest measurement's breaks).
    private var measuredWidths: [Double] = []
    /// Layouts broken at a measured width and aligned in the drawn frame's width.
    private var drawLayouts: [DrawKey: ParagraphLayout] = [:]

    private struct DrawKey: Hashable {
        let breakWidth: Double
        let alignmentWidth: Double
    }

    public init(spans: [TextSpan], paragraphStyle: ParagraphStyle = ParagraphStyle(), registry: FontRegistry = .shared) {
        self.spans = spans
        self.paragraphStyle = paragraphStyle
        self.registry = registry
        super.init()
    }

    public convenience init(_ text: String, style: TextStyle = TextStyle(), registry: FontRegistry = .shared) {
        self.init(spans: [TextSpan(text: text, style: style)], registry: registry)
    }

    public override var typeName: String { "text" }

    /// The plain text of all spans.
    public var text: String { spans.map(\.text).joined() }

    /// The paragraph laid out at `width`, with its display items (cached unless
    /// `cachesDisplayItems` is off).
    public func paragraphLayout(width: Double) -> ParagraphLayout {
        if let cached = layouts[width], cached.hasItems { return cached.layout }
        let layout = Typesetter.layout(spans, paragraph: paragraphStyle, width: width, registry: registry)
        if Self.cachesDisplayItems.get() { cache(Typeset(layout: layout, hasItems: true), width: width) }
        return layout
    }

    /// The paragraph's layout at `width` for measuring: cached, and without display items while
    /// `cachesDisplayItems` is off.
    private func measuredLayout(width: Double) -> ParagraphLayout {
        if let cached = layouts[width] { return cached.layout }
        let hasItems = Self.cachesDisplayItems.get()
        let layout = Typesetter.layout(spans, paragraph: paragraphStyle, width: width, registry: registry, includingItems: hasItems)
        cache(Typeset(layout: layout, hasItems: hasItems), width: width)
        return layout
    }

    private func cache(_ typeset: Typeset, width: Double) {
        if layouts.count > 8 { layouts.removeAll(keepingCapacity: true) }
        layouts[width] = typeset
    }

    public override func calculateSizeThatFits(_ constrainedSize: Size) -> Size {
        let layout = measuredLayout(width: constrainedSize.width)
        measuredWidths.removeAll { $0 == constrainedSize.width }
        measuredWidths.append(constrainedSize.width)
        if measuredWidths.count > 8 { measuredWidths.removeFirst() }
        // Texture: BaselineFirst aligns on `ascender`, BaselineLast on `height + descender`.
        style.ascender = layout.firstBaseline
        style.descender = layout.lastBaseline - layout.size.height
        return layout.size
    }

    public func drawParameters() -> Parameters {
        Parameters(items: drawingLayout(width: bounds.width).items)
    }

    /// The latest measurement whose lines all fit a frame `width` wide.
    private func fittingMeasurement(width: Double) -> (width: Double, typeset: Typeset)? {
        for measured in measuredWidths.reversed() {
            if let typeset = layouts[measured], typeset.layout.lines.allSatisfy({ $0.width <= width + 1e-6 }) {
                return (measured, typeset)
            }
        }
        return nil
    }

    /// The layout drawn in a frame `width` wide: the line breaks of the latest measurement whose
    /// lines all fit the frame (so the text keeps the size it was measured with — the frame is
    /// usually that size ceiled to the pixel grid, or wider when stretched), aligned and justified
    /// within the frame — reused as is when alignment cannot move or stretch its lines. Only when
    /// no measurement fits is the paragraph broken again at `width`. A measurement kept without
    /// display items is typeset again (and not kept).
    public func drawingLayout(width: Double) -> ParagraphLayout {
        guard let (measured, typeset) = fittingMeasurement(width: width) else { return paragraphLayout(width: width) }
        if measured == width || typeset.layout.isAlignmentIndependent {
            return typeset.hasItems
                ? typeset.layout : Typesetter.layout(spans, paragraph: paragraphStyle, width: measured, registry: registry)
        }
        let key = DrawKey(breakWidth: measured, alignmentWidth: width)
        if let cached = drawLayouts[key] { return cached }
        let aligned = Typesetter.layout(
            spans, paragraph: paragraphStyle, width: measured, alignmentWidth: width, registry: registry)
        guard typeset.hasItems, Self.cachesDisplayItems.get() else { return aligned }
        if drawLayouts.count > 8 { drawLayouts.removeAll(keepingCapacity: true) }
        drawLayouts[key] = aligned
        return aligned
    }

    /// The lines `drawingLayout(width:)` draws, without typesetting when a measurement fits
    /// (pagination needs only their vertical extents).
    func drawnLines(width: Double) -> [LineInfo] {
        fittingMeasurement(width: width)?.typeset.layout.lines ?? drawingLayout(width: width).lines
    }

    public static func draw(
        _ parameters: Parameters, in context: GraphicsContext, bounds: Rect, isCancelled: CancellationCheck,
        isRasterizing: Bool
    ) throws {
        context.append(contentsOf: parameters.items)
    }

    /// At most `limit` characters of `text` on one line, with "…" when cut.
    static func excerpt(_ text: String, limit: Int = 40) -> String {
        let flat = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return flat.count <= limit ? flat : String(flat.prefix(limit - 1)) + "…"
    }

    private func contentChanged() {
        layouts.removeAll()
        drawLayouts.removeAll()
        measuredWidths.removeAll()
        invalidateCalculatedLayout()
    }
}
