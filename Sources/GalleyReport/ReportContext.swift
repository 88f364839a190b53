import Galley
import GalleyLayout
import GalleyText

/// The state of one build of a document's content: the pagination hints the body's
/// directives are recorded in, the inherited text style and the font registry.
///
/// A document makes one context for its body and a fresh one for each page's header and
/// footer. It is a class because pagination hints are keyed by node identity and must be the
/// very `PaginationHints` the `PagedDocument` is created with.
public final class ReportContext {
    /// Keep-together, keep-with-next and orphan/widow directives of the nodes built so far.
    public let hints: PaginationHints
    /// The font registry text is shaped with.
    public let registry: FontRegistry
    /// The text style `Text` starts from (set by the document, changed by `.textStyle`).
    public private(set) var textStyle: TextStyle
    /// Column spans of table cells, keyed by the cell content's identity (`.colSpan`).
    var colSpans: [ObjectIdentifier: Int] = [:]
    /// Row spans of table cells, keyed the same way (`.rowSpan`).
    var rowSpans: [ObjectIdentifier: Int] = [:]
    /// The bookmarks and tables of contents of this build (`TableOfContents`).
    var contents = ContentsCollector()

    public init(
        textStyle: TextStyle = TextStyle(), registry: FontRegistry = .shared, hints: PaginationHints = PaginationHints()
    ) {
        self.textStyle = textStyle
        self.registry = registry
        self.hints = hints
    }

    /// Runs `body` with the inherited text style changed by `edit`, then restores it.
    public func withTextStyle<T>(_ edit: (inout TextStyle) -> Void, _ body: () throws -> T) rethrows -> T {
        let saved = textStyle
        edit(&textStyle)
        defer { textStyle = saved }
        return try body()
    }

    /// `element` itself when it is a node; otherwise a `BoxNode` hosting it (with its style),
    /// so that layer properties, identifiers and pagination directives have a node to attach
    /// to. This is what the template builder does for a spec with `keepTogether`.
    public func node(hosting element: any LayoutElement) -> DisplayNode {
        if let node = element as? DisplayNode { return node }
        let box = BoxNode()
        box.automaticallyManagesSubnodes = true
        box.layoutSpecBlock = { _ in element }
        box.style = element.style
        return box
    }
}
