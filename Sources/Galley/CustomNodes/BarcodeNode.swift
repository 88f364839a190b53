import GalleyLayout
import GalleyRender
import GalleyText

/// A barcode (the template `barcode` element): an encoded `BarcodeSymbol` (GalleyRender) drawn as module shapes —
/// exact in a PDF, on whole device pixels in a PNG — with its human-readable text typeset in the
/// document's font.
///
/// A matrix symbol (QR, Data Matrix, Aztec, PDF417) is scaled to fit the bounds, square modules kept,
/// and centred. A linear one fills the width; its bars grow to fill the height (it is encoded again
/// with that bar height, so guard bars, bearer bars and text keep their proportions). Text sits where
/// zint places it, at zint's size for the module width, in `textStyle`'s family.
public final class BarcodeNode: DisplayNode, DrawingNode {
    /// A typeset text piece placed in the node.
    public struct Label: Hashable, Sendable {
        public var items: [DisplayItem]
    }

    public struct Parameters: Hashable, Sendable {
        public var shapes: ModuleShapes
        public var rect: Rect
        public var color: Color
        public var labels: [Label]
    }

    /// The symbol as first encoded (its data and options re-encode it for another bar height).
    public let symbol: BarcodeSymbol
    public let data: String
    public let options: BarcodeOptions
    public var color: Color
    /// The family, weight and colour of the human-readable text (its size comes from the module width).
    public var textStyle: TextStyle
    public let registry: FontRegistry
    /// The default size of one module, in points, for the intrinsic size.
    public var moduleSize: Double

    /// A barcode of `data` encoded as `symbology`.
    /// - Throws: `BarcodeError` (GalleyRender) with zint's reason when the data cannot be encoded.
    public init(
        data: String, symbology: BarcodeSymbology, options: BarcodeOptions = BarcodeOptions(), color: Color = .black,
        textStyle: TextStyle = TextStyle(), registry: FontRegistry = .shared
    ) throws(BarcodeError) {
        self.symbol = try BarcodeEncoder.encode(data, as: symbology, options: options)
        self.data = data
        self.options = options
        self.color = color
        self.textStyle = textStyle
        self.registry = registry
        moduleSize = symbology.isMatrix ? 2 : 1
        super.init()
    }

    public override var typeName: String { "barcode" }

    /// A figure in tagged PDF: it needs `alt` text under PDF/UA.
    public override func defaultStructureRole(inside parent: StructureRole?) -> StructureRole? { .figure }

    /// The symbol at `moduleSize` points a module, shrunk (proportions kept) to fit `constrainedSize`.
    public override func calculateSizeThatFits(_ constrainedSize: Size) -> Size {
        let natural = Size(width: symbol.shapes.size.width * moduleSize, height: symbol.shapes.size.height * moduleSize)
        var scale = 1.0
        if constrainedSize.width.isFinite, natural.width > constrainedSize.width {
            scale = min(scale, constrainedSize.width / natural.width)
        }
        if constrainedSize.height.isFinite, natural.height > constrainedSize.height {
            scale = min(scale, constrainedSize.height / natural.height)
        }
        return Size(width: natural.width * scale, height: natural.height * scale)
    }

    public func drawParameters() -> Parameters {
        let size = bounds.size
        var drawn = symbol
        var scale = min(size.width / symbol.shapes.size.width, size.height / symbol.shapes.size.height)
        if !symbol.symbology.isMatrix, size.width > 0 {
            // Fill the width; the bars take whatever height the text and quiet zones leave.
            scale = size.width / symbol.shapes.size.width
            let fixed = symbol.shapes.size.height - symbol.barHeight
            var taller = options
            taller.barHeight = max(1, (size.height / scale - fixed).rounded(.down))
            if taller.barHeight != symbol.barHeight,
                let again = try? BarcodeEncoder.encode(
                    data, as: symbol.symbology, options: taller)
            {
                drawn = again
            }
        }
        let width = drawn.shapes.size.width * scale
        let height = drawn.shapes.size.height * scale
        let rect = Rect(x: (size.width - width) / 2, y: (size.height - height) / 2, width: width, height: height)
        let labels = drawn.texts.map { label($0, scale: scale, in: rect) }
        return Parameters(shapes: drawn.shapes, rect: rect, color: color, labels: labels)
    }

    /// One text piece typeset in `textStyle` at zint's size and placed on zint's baseline.
    private func label(_ text: BarcodeSymbol.Text, scale: Double, in rect: Rect) -> Label {
        var style = textStyle
        style.fontSize = max(1, text.fontSize * scale)
        let layout = Typesetter.layout(
            [TextSpan(text: text.text, style: style)], paragraph: ParagraphStyle(), width: .infinity,
            registry: registry)
        let anchorX = rect.minX + text.x * scale
        let x: Double =
            switch text.anchor {
            case .center: anchorX - layout.size.width / 2
            case .start: anchorX
            case .end: anchorX - layout.size.width
            }
        let y = rect.minY + text.y * scale - layout.firstBaseline
        let context = GraphicsContext()
        context.translated(x: x, y: y) { $0.append(contentsOf: layout.items) }
        return Label(items: context.takeItems())
    }

    /// Draws the modules and the labels from `p` alone.
    public static func draw(
        _ p: Parameters, in context: GraphicsContext, bounds: Rect, isCancelled: CancellationCheck,
        isRasterizing: Bool
    ) throws {
        context.draw(p.shapes, in: p.rect, color: p.color)
        for label in p.labels { context.append(contentsOf: label.items) }
    }
}
