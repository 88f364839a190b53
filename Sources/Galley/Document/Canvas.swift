import GalleyLayout
import GalleyRender

/// A document of exactly one page (a social card, a label, one invoice page): a body laid out
/// in a size range and drawn as one surface.
public final class Canvas: Document {
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
    public var pdf = PDFSettings()
    public private(set) var outline: [OutlineEntry] = []
    /// Warnings found while laying out (links to missing ids).
    private var layoutWarnings: [DocumentWarning] = []
    private var isLaidOut = false

    /// - Parameters:
    ///   - body: a node or a layout spec.
    ///   - size: the surface size in points (the page size when `fit` is `.size`).
    ///   - constrainedSize: the range the body is laid out in; default exactly `size`.
    ///   - fit: whether the surface is `size` or the body's laid-out size.
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

    public var pageNaming: PageNaming { .single }
    public var paper: Color? { nil }

    public func pageCount(isCancelled: CancellationCheck) throws -> Int {
        _ = try laidOut(isCancelled: isCancelled)
        return 1
    }

    /// The laid-out, snapshotted page, ready for any writer on any thread.
    public func displayPage(_ index: Int = 0, options: DisplayOptions = DisplayOptions()) throws -> DisplayPage {
        guard index == 0 else { throw DocumentError.noSuchPage(index: index, count: 1) }
        let layout = try laidOut(isCancelled: options.isCancelled)
        let items = try DisplayListBuilder(options: options).items(for: layout)
        return DisplayPage(size: surfaceSize(for: layout), items: items, background: background)
    }

    public func pageFrames(_ index: Int) throws -> PageFrames {
        guard index == 0 else { throw DocumentError.noSuchPage(index: index, count: 1) }
        let layout = try laidOut(isCancelled: .never)
        let size = surfaceSize(for: layout)
        return PageFrames(
            page: 1, size: size, header: nil, repeatedHeader: nil, body: Rect(origin: .zero, size: size), slice: nil,
            footer: nil,
            nodes: nodeFrames().map { PageFrames.NodeFrame(node: $0.node, frame: $0.frame, isClipped: false) })
    }

    public func pageLayout(_ index: Int) throws -> Layout {
        guard index == 0 else { throw DocumentError.noSuchPage(index: index, count: 1) }
        return try laidOut(isCancelled: .never)
    }

    public func debugLayout() -> Layout { layout() }

    public func warnings() -> [DocumentWarning] {
        var warnings = layoutWarnings
        var seen = Set(warnings)
        for entry in layout().flattenedNodeFrames() {
            guard let node = entry.node as? DisplayNode else { continue }
            for message in node.layoutWarnings(size: entry.frame.size) {
                let warning = DocumentWarning(message: message, origin: node.origin?.originDescription)
                if seen.insert(warning).inserted { warnings.append(warning) }
            }
        }
        return warnings
    }

    /// Every drawn node with its frame in surface coordinates, in drawing order (the layout
    /// dump of `galley layout`).
    public func nodeFrames() -> [(node: DisplayNode, frame: Rect)] {
        layout().flattenedNodeFrames().compactMap { entry in
            (entry.node as? DisplayNode).map { ($0, entry.frame) }
        }
    }

    /// The layout, measured under `isCancelled` (a huge table stops measuring when it turns
    /// true); the first layout also resolves the document's anchors and outline.
    private func laidOut(isCancelled: CancellationCheck) throws -> Layout {
        let layout = isCancelled.whileMeasuring { self.layout() }
        try isCancelled.throwIfCancelled()
        if !isLaidOut {
            isLaidOut = true
            let anchors = DocumentAnchors.of(layout)
            layoutWarnings = anchors.resolve()
            outline = anchors.bookmarks.map(\.entry)
        }
        return layout
    }
}
