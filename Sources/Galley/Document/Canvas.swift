import GalleyLayout
import GalleyRender

/// A single-surface document (a social card, a label, one invoice page): a body laid out in a
/// size range, drawn as one page.
public final class Canvas {
    /// How the surface is sized.
    public enum Fit: String, Sendable {
        /// The surface is `size`, whatever the body's laid-out size.
        case size
        /// The surface is the body's laid-out size.
        case content
    }

    /// The host node: Texture's root, whose layout spec is the body.
    public let root: BoxNode
    public let size: Size
    public let constrainedSize: SizeRange
    public let fit: Fit
    public var background: Color?
    public var metadata = DocumentMetadata()

    /// - Parameters:
    ///   - body: a node or a layout spec.
    ///   - constrainedSize: the range the body is laid out in; default exactly `size`.
    public init(body: any LayoutElement, size: Size, constrainedSize: SizeRange? = nil, fit: Fit = .size) {
        self.size = size
        self.constrainedSize = constrainedSize ?? SizeRange(exactly: size)
        self.fit = fit
        root = BoxNode()
        root.automaticallyManagesSubnodes = true
        root.layoutSpecBlock = { _ in body }
    }

    /// Lays the body out (cached until a node is invalidated).
    public func layout() -> Layout {
        root.layoutThatFits(constrainedSize)
    }

    /// The surface size for a layout.
    public func surfaceSize(for layout: Layout) -> Size {
        fit == .size ? size : layout.size
    }

    /// The laid-out, snapshotted page, ready for any writer on any thread.
    public func displayPage(options: DisplayOptions = DisplayOptions()) throws -> DisplayPage {
        let layout = layout()
        let items = try DisplayListBuilder(options: options).items(for: layout)
        return DisplayPage(size: surfaceSize(for: layout), items: items, background: background)
    }

    /// Every drawn node with its frame in surface coordinates, in drawing order (the layout
    /// dump of TEMPLATE-FORMAT.md).
    public func nodeFrames() -> [(node: DisplayNode, frame: Rect)] {
        layout().flattenedNodeFrames().compactMap { entry in
            (entry.node as? DisplayNode).map { ($0, entry.frame) }
        }
    }
}
