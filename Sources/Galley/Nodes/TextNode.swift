import GalleyLayout
import GalleyRender
import GalleyText

/// A paragraph of (rich) text. Its size is the paragraph laid out at the constrained width;
/// its baselines feed stack baseline alignment (Texture's ascender/descender).
public final class TextNode: DisplayNode, DrawingNode {
    public struct Parameters: Hashable, Sendable {
        /// The layout's items: one reference, so the snapshot stays in a drawing operation's
        /// inline storage, and the group the node draws into adopts the array (no copy).
        public var items: [DisplayItem]
    }

    public var spans: [TextSpan] {
        didSet { if spans != oldValue { contentChanged() } }
    }
    public var paragraphStyle: ParagraphStyle {
        didSet { if paragraphStyle != oldValue { contentChanged() } }
    }
    public let registry: FontRegistry

    /// A cached paragraph layout: the width it was broken at, whether the node was measured at
    /// that width, and whether it has display items (not when typeset for its metrics only).
    private struct Typeset {
        let width: Double
        var layout: ParagraphLayout
        var hasItems: Bool
        var isMeasured: Bool
    }

    /// Paragraph layouts by width, at most 8: measuring and drawing at one width shapes the text
    /// once. Layouts the node was measured with come last, the latest measurement last (drawing
    /// prefers its breaks). One small list rather than a dictionary and a list, its first layout
    /// inline (`InlineFirstList`): a paged body can hold tens of thousands of text nodes.
    ///
    /// Unchecked exclusivity (also `drawLayouts`): private, touched only by this node's
    /// measuring and drawing on the task that owns the node, and no access calls out to code
    /// that could reach the node while it lasts (the typesetter runs between accesses).
    @exclusivity(unchecked) private var typesets = InlineFirstList<Typeset>()
    /// Layouts broken at a measured width and aligned in the drawn frame's width, at most 8, the
    /// first inline: a table cell drawn once (most of them) keeps its one without a dictionary.
    @exclusivity(unchecked) private var drawLayouts = InlineFirstList<(key: DrawKey, layout: ParagraphLayout)>()

    private struct DrawKey: Hashable {
        let breakWidth: Double
        let alignmentWidth: Double
    }

    public init(spans: [TextSpan], paragraphStyle: ParagraphStyle = ParagraphStyle(), registry: FontRegistry = .shared)
    {
        self.spans = spans
        self.paragraphStyle = paragraphStyle
        self.registry = registry
        super.init()
    }

    public convenience init(_ text: String, style: TextStyle = TextStyle(), registry: FontRegistry = .shared) {
        self.init(spans: [TextSpan(text: text, style: style)], registry: registry)
    }

    public override var typeName: String { "text" }

    /// A paragraph, a heading at its bookmark's level, or (nil) the content of the cell, list
    /// item or heading it is in.
    public override func defaultStructureRole(inside parent: StructureRole?) -> StructureRole? {
        if let bookmark { return .heading(level: bookmark.level) }
        return parent?.holdsText == true ? nil : .paragraph
    }

    /// The plain text of all spans.
    public var text: String { spans.map(\.text).joined() }

    /// The paragraph laid out at `width`, with its display items (cached unless
    /// `LayoutNode.keepsMeasurementDetails` is off).
    public func paragraphLayout(width: Double) -> ParagraphLayout {
        let index = typesets.firstIndex { $0.width == width }
        if let index, typesets[index].hasItems { return typesets[index].layout }
        let layout = Typesetter.layout(layoutSpans, paragraph: paragraphStyle, width: width, registry: registry)
        guard LayoutNode.keepsMeasurementDetails.get() else { return layout }
        if let index {
            typesets[index].layout = layout
            typesets[index].hasItems = true
        } else {
            // Not a measurement: first in line to be dropped.
            typesets.insert(Typeset(width: width, layout: layout, hasItems: true, isMeasured: false), at: 0)
            trimTypesets()
        }
        return layout
    }

    public override func calculateSizeThatFits(_ constrainedSize: Size) -> Size {
        if let minimum = paragraphStyle.minimumFontSize { shrinkToFit(constrainedSize, minimum: minimum) }
        let width = constrainedSize.width
        var typeset: Typeset
        if let index = typesets.firstIndex(where: { $0.width == width }) {
            typeset = typesets.remove(at: index)
        } else {
            if let reused = reusedTypeset(width: width) {
                typeset = reused
            } else {
                // Without display items while `LayoutNode.keepsMeasurementDetails` is off.
                let hasItems = LayoutNode.keepsMeasurementDetails.get()
                let layout = Typesetter.layout(
                    layoutSpans, paragraph: paragraphStyle, width: width, registry: registry, includingItems: hasItems)
                typeset = Typeset(width: width, layout: layout, hasItems: hasItems, isMeasured: true)
            }
        }
        typeset.isMeasured = true
        typesets.append(typeset)
        trimTypesets()
        let layout = typeset.layout
        // Texture: BaselineFirst aligns on `ascender`, BaselineLast on `height + descender`.
        style.ascender = layout.firstBaseline
        style.descender = layout.lastBaseline - layout.size.height
        return layout.size
    }

    /// A measurement at another width that breaks the same way at `width` (no line was broken
    /// or truncated by its width, and the widest fits), realigned — stacks measure a cell at its
    /// natural width and again at its final one, which then needs no typesetting.
    private func reusedTypeset(width: Double) -> Typeset? {
        for typeset in typesets.reversed() where typeset.isMeasured {
            let layout = typeset.layout
            guard layout.isWidthIndependent, layout.size.width <= width,
                let realigned = layout.realigned(within: width)
            else { continue }
            return Typeset(width: width, layout: realigned, hasItems: typeset.hasItems, isMeasured: true)
        }
        return nil
    }

    /// The scale the spans are set at: 1, or less when `minimumFontSize` shrinks the text to fit
    /// the size it was last measured in. Unchecked exclusivity as for `typesets`.
    @exclusivity(unchecked) private var fitScale = 1.0

    /// The spans as they are typeset: at `fitScale`.
    private var layoutSpans: [TextSpan] { fitScale == 1 ? spans : TextFitting.scaled(spans, by: fitScale) }

    /// Shrink to fit (`ParagraphStyle.minimumFontSize`): the largest size, in steps of a quarter
    /// point down from the largest span's, at which the text fits `size` — no line truncated by
    /// `maxLines`, no line wider than the width, not taller than the height — but not below `minimum`.
    private func shrinkToFit(_ size: Size, minimum: Double) {
        let scale = TextFitting.scale(
            spans, paragraph: paragraphStyle, within: size, minimumFontSize: minimum, registry: registry)
        guard scale != fitScale else { return }
        fitScale = scale
        typesets.removeAll()
        drawLayouts.removeAll()
    }

    private func trimTypesets() {
        if typesets.count > 8 { typesets.removeFirst(typesets.count - 8) }
    }

    public func drawParameters() -> Parameters {
        Parameters(items: drawingLayout(width: bounds.width).items)
    }

    /// The latest measurement whose lines all fit a frame `width` wide.
    private func fittingMeasurement(width: Double) -> Typeset? {
        typesets.last { $0.isMeasured && $0.layout.lines.allSatisfy({ $0.width <= width + 1e-6 }) }
    }

    /// The layout drawn in a frame `width` wide: the line breaks of the latest measurement whose
    /// lines all fit the frame (so the text keeps the size it was measured with — the frame is
    /// usually that size ceiled to the pixel grid, or wider when stretched), aligned and justified
    /// within the frame — reused as is when alignment cannot move or stretch its lines. Only when
    /// no measurement fits is the paragraph broken again at `width`. A measurement kept without
    /// display items is typeset again (and not kept).
    public func drawingLayout(width: Double) -> ParagraphLayout {
        guard let typeset = fittingMeasurement(width: width) else { return paragraphLayout(width: width) }
        let measured = typeset.width
        if measured == width || typeset.layout.isAlignmentIndependent {
            guard !typeset.hasItems else { return typeset.layout }
            return Typesetter.layout(layoutSpans, paragraph: paragraphStyle, width: measured, registry: registry)
        }
        let key = DrawKey(breakWidth: measured, alignmentWidth: width)
        if let cached = drawLayouts.first(where: { $0.key == key }) { return cached.layout }
        // Moving the measured lines is enough unless they are justified (or have no items yet).
        let aligned =
            (typeset.hasItems ? typeset.layout.realigned(within: width) : nil)
            ?? Typesetter.layout(
                layoutSpans, paragraph: paragraphStyle, width: measured, alignmentWidth: width, registry: registry)
        guard typeset.hasItems, LayoutNode.keepsMeasurementDetails.get() else { return aligned }
        if drawLayouts.count >= 8 { drawLayouts.removeAll(keepingCapacity: true) }
        drawLayouts.append((key, aligned))
        return aligned
    }

    /// The characters no font has, as `drawingLayout(width:).missingCharacters` reports them:
    /// they depend on the text and its fonts, not on the width, so any layout kept from
    /// measuring answers without laying the paragraph out for the frame.
    func missingCharacters(width: Double) -> [Unicode.Scalar] {
        typesets.last?.layout.missingCharacters ?? drawingLayout(width: width).missingCharacters
    }

    /// The lines `drawingLayout(width:)` draws, without typesetting when a measurement fits
    /// (pagination needs only their vertical extents).
    func drawnLines(width: Double) -> InlineFirstList<LineInfo> {
        fittingMeasurement(width: width)?.layout.lines ?? drawingLayout(width: width).lines
    }

    /// Characters no font has (one line naming them all), families the registry does not have
    /// (one line each, naming the substitute) and text taller than its frame.
    public override func layoutWarnings(size: Size) -> [String] {
        var warnings: [String] = []
        let excerpt = "in text \"\(Self.excerpt(text))\""
        let missing = missingCharacters(width: size.width)
        if !missing.isEmpty {
            var seen = Set<UInt32>()
            let names = missing.filter { seen.insert($0.value).inserted }.map { scalar in
                let code = String(scalar.value, radix: 16, uppercase: true)
                return "U+" + String(repeating: "0", count: max(0, 4 - code.count)) + code + " '\(Character(scalar))'"
            }
            warnings.append("no font has \(names.joined(separator: ", ")) (\(excerpt))")
        }
        var families: [String] = []
        for span in spans {
            guard let family = span.style.font, !registry.hasFamily(family), !families.contains(family) else {
                continue
            }
            families.append(family)
            let substitute = registry.substituteFamily.map { "\"\($0)\"" } ?? "another font"
            warnings.append(
                "font family \"\(family)\" is not installed; \(substitute) is used instead (\(excerpt))")
        }
        let needed = drawingLayout(width: size.width).size.height
        if needed > size.height + 0.5 {
            warnings.append(
                "text needs \(Self.points(needed)) pt but its frame is \(Self.points(size.height)) pt high, so it "
                    + "overflows (\(excerpt)); give it more room, or set maxLines")
        }
        return warnings
    }

    private static func points(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        // A whole number without ".0"; past 10^15 points (a huge font or line height) as Double writes it.
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : String(rounded)
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
        typesets.removeAll()
        drawLayouts.removeAll()
        invalidateCalculatedLayout()
    }
}

/// A text node without a layout spec is a leaf sized by its text, clamped into its range: a
/// stack may put off measuring it at an exact flex basis (`ClampedLayoutElement`).
extension TextNode: ClampedLayoutElement {
    package var measuresClamped: Bool { layoutSpecBlock == nil }
}
