import GalleyLayout
import GalleyRender

/// A node showing an SVG (the template `image` with an `.svg` source), drawn as vectors: paths and
/// text in a PDF, device pixels in a PNG. Its intrinsic size is the SVG's own (`VectorImage.size` (GalleyRender)),
/// and it fills its bounds as ``ContentMode`` says, like ``ImageNode``.
public final class VectorImageNode: DisplayNode, DrawingNode {
    public struct Parameters: Hashable, Sendable {
        public var image: VectorImage
        public var contentMode: ContentMode
    }

    public var image: VectorImage {
        didSet { if image != oldValue { invalidateCalculatedLayout() } }
    }
    public var contentMode: ContentMode

    public init(image: VectorImage, contentMode: ContentMode = .scaleToFill) {
        self.image = image
        self.contentMode = contentMode
        super.init()
    }

    public override var typeName: String { "image" }

    /// A figure in tagged PDF: it needs `alt` text under PDF/UA.
    public override func defaultStructureRole(inside parent: StructureRole?) -> StructureRole? { .figure }

    public override func calculateSizeThatFits(_ constrainedSize: Size) -> Size { image.size }

    public func drawParameters() -> Parameters { Parameters(image: image, contentMode: contentMode) }

    /// Draws the SVG into the rect its content mode gives, clipped to `bounds` when it overflows them
    /// (`scaleAspectFill`, or a larger SVG placed by `center`).
    public static func draw(
        _ p: Parameters, in context: GraphicsContext, bounds: Rect, isCancelled: CancellationCheck,
        isRasterizing: Bool
    ) throws {
        let rect = p.contentMode.rect(for: p.image.size, in: bounds)
        let overflows =
            rect.minX < bounds.minX - 1e-9 || rect.minY < bounds.minY - 1e-9 || rect.maxX > bounds.maxX + 1e-9
            || rect.maxY > bounds.maxY + 1e-9
        context.withGroup(clip: overflows ? Path(rect: bounds) : nil) { $0.draw(p.image, in: rect) }
    }
}
