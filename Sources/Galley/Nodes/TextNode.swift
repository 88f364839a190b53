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

    /// Paragraph layouts by width: measuring and drawing at one width shapes the text once.
    private var layouts: [Double: ParagraphLayout] = [:]
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

    /// The paragraph laid out at `width` (cached).
    public func paragraphLayout(width: Double) -> ParagraphLayout {
        if let cached = layouts[width] { return cached }
        let layout = reusedLayout(width: width)
            ?? Typesetter.layout(spans, paragraph: paragraphStyle, width: width, registry: registry)
        if layouts.count > 8 { layouts.removeAll(keepingCapacity: true) }
        layouts[width] = layout
        return layout
    }

    public override func calculateSizeThatFits(_ constrainedSize: Size) -> Size {
        let layout = paragraphLayout(width: constrainedSize.width)
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

    /// The layout drawn in a frame `width` wide: the line breaks of the latest measurement whose
    /// lines all fit the frame (so the text keeps the size it was measured with — the frame is
    /// usually that size ceiled to the pixel grid, or wider when stretched), aligned and justified
    /// within the frame — reused as is when alignment cannot move or stretch its lines. Only when
    /// no measurement fits is the paragraph broken again at `width`.
    public func drawingLayout(width: Double) -> ParagraphLayout {
        for measured in measuredWidths.reversed() {
            guard let layout = layouts[measured],
                layout.lines.allSatisfy({ $0.width <= width + 1e-6 })
            else { continue }
            if measured == width || layout.isAlignmentIndependent { return layout }
            let key = DrawKey(breakWidth: measured, alignmentWidth: width)
            if let cached = drawLayouts[key] { return cached }
            let aligned = layout.realigned(within: width)
                ?? Typesetter.layout(spans, paragraph: paragraphStyle, width: measured, alignmentWidth: width, registry: registry)
            if drawLayouts.count > 8 { drawLayouts.removeAll(keepingCapacity: true) }
            drawLayouts[key] = aligned
            return aligned
        }
        return paragraphLayout(width: width)
    }

    /// A layout already made at another width that breaks the same way at `width` (no line was
    /// broken or truncated by its width, and the widest fits), realigned — stacks measure a
    /// cell at its natural width and again at its final one, which then needs no typesetting.
    private func reusedLayout(width: Double) -> ParagraphLayout? {
        for measured in measuredWidths.reversed() {
            guard let layout = layouts[measured], layout.isWidthIndependent, layout.size.width <= width else { continue }
            if let realigned = layout.realigned(within: width) { return realigned }
        }
        return nil
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
