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
    /// Problems found by the last `displayPage` that did not stop it, one sentence each: e.g.
    /// `no font has U+10FFFD '\u{10FFFD}' (in text "…")` for characters drawn as .notdef.
    public private(set) var warnings: [String] = []

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

    /// The laid-out, snapshotted page, ready for any writer on any thread.
    public func displayPage(options: DisplayOptions = DisplayOptions()) throws -> DisplayPage {
        let layout = layout()
        let items = try DisplayListBuilder(options: options).items(for: layout)
        warnings = Self.warnings(for: layout)
        return DisplayPage(size: surfaceSize(for: layout), items: items, background: background)
    }

    /// Every drawn node with its frame in surface coordinates, in drawing order (the layout
    /// dump of TEMPLATE-FORMAT.md).
    public func nodeFrames() -> [(node: DisplayNode, frame: Rect)] {
        layout().flattenedNodeFrames().compactMap { entry in
            (entry.node as? DisplayNode).map { ($0, entry.frame) }
        }
    }

    /// Missing-glyph warnings of the text nodes drawn in `layout`, each character once per text.
    static func warnings(for layout: Layout) -> [String] {
        var warnings: [String] = []
        var seen = Set<String>()
        for entry in layout.flattenedNodeFrames() {
            guard let text = entry.node as? TextNode else { continue }
            let missing = text.missingCharacters(width: entry.frame.width)
            guard !missing.isEmpty else { continue }
            let excerpt = TextNode.excerpt(text.text)
            for scalar in missing {
                let code = String(scalar.value, radix: 16, uppercase: true)
                let padded = String(repeating: "0", count: max(0, 4 - code.count)) + code
                let warning = "no font has U+\(padded) '\(Character(scalar))' (in text \"\(excerpt)\")"
                if seen.insert(warning).inserted { warnings.append(warning) }
            }
        }
        return warnings
    }
}
