/// The element types of the template format, each with what it is (the reference's words).
enum ElementKind: String, CaseIterable, Sendable {
    case box, text, image, barcode, node, table, row, pageBreak, toc, constraints
    case stack, inset, overlay, background, center, relative, ratio, absolute, corner, wrapper, spacer

    /// Whether it is a drawn node (it takes the layer keys, an `id`, a `link`) rather than a layout
    /// spec, which only positions its children.
    var isNode: Bool {
        switch self {
        case .box, .text, .image, .barcode, .node, .table, .row, .toc, .constraints: true
        case .pageBreak, .stack, .inset, .overlay, .background, .center, .relative, .ratio, .absolute, .corner,
            .wrapper, .spacer:
            false
        }
    }

    /// One line saying what the element is.
    var meaning: String {
        switch self {
        case .box: "A plain node: a rectangle with the layer keys; with `child` it holds a laid-out subtree."
        case .text: "A paragraph of text (`text`, or styled `spans`), shaped with HarfBuzz and broken into lines."
        case .image: "A PNG, JPEG, GIF, WebP, TIFF or SVG image; its intrinsic size is its pixel size (1 px = 1 pt)."
        case .barcode: "A barcode or 2D symbol drawn from bound data (libzint)."
        case .node: "A node class registered from Swift (`rainbow`, `chart`, or your own) with its `params`."
        case .table: "Paged documents: a table whose rows split between pages, repeating its header."
        case .row: "A table row: its `cells` (any elements) fill the table's columns."
        case .pageBreak: "Paged documents: the content after it starts on a new page."
        case .toc: "Paged documents: a table of contents listing the `bookmark`s, with page numbers."
        case .constraints:
            "Its `children` placed by Auto Layout constraints with priorities (a node: it takes the layer keys)."
        case .stack: "A stack (flexbox): its children in a row or a column, with spacing, justification and wrapping."
        case .inset: "Its child, inset by `insets`."
        case .overlay: "Its child with `overlay` laid out over it at the child's size."
        case .background: "Its child with `background` laid out behind it at the child's size."
        case .center: "Its child centred in the space it is given."
        case .relative: "Its child placed at a start, centre or end position on each axis."
        case .ratio: "Its child at a fixed aspect ratio (height / width)."
        case .absolute: "Its children at their `position`s."
        case .corner: "Its child with `corner` placed on one of the child's corners."
        case .wrapper: "Its child, unchanged (a spec to carry layout keys)."
        case .spacer: "Nothing: an empty spec used as flexible space in a stack."
        }
    }

    /// The names, as written in templates.
    static let names = allCases.map(\.rawValue)
}

/// The element types a key applies to.
enum ElementSet: Sendable {
    /// Every element.
    case all
    /// Every element but these.
    case allExcept([ElementKind])
    /// The drawn nodes (``ElementKind/isNode``).
    case nodes
    /// Drawn nodes other than these.
    case nodesExcept([ElementKind])
    /// These types only.
    case only([ElementKind])

    func contains(_ kind: ElementKind) -> Bool {
        switch self {
        case .all: true
        case .allExcept(let excluded): !excluded.contains(kind)
        case .nodes: kind.isNode
        case .nodesExcept(let excluded): kind.isNode && !excluded.contains(kind)
        case .only(let kinds): kinds.contains(kind)
        }
    }

    /// The types, in the table's order.
    var kinds: [ElementKind] { ElementKind.allCases.filter(contains) }

    /// The reference's words: "every element", "drawn nodes", "`text`, `toc`".
    var summary: String {
        switch self {
        case .all: "every element"
        case .allExcept(let excluded):
            "every element but " + excluded.map { "`\($0.rawValue)`" }.joined(separator: ", ")
        case .nodes: "drawn nodes"
        case .nodesExcept(let excluded):
            "drawn nodes but " + excluded.map { "`\($0.rawValue)`" }.joined(separator: ", ")
        case .only(let kinds): kinds.map { "`\($0.rawValue)`" }.joined(separator: ", ")
        }
    }
}
