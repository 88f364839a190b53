import GalleyLayout
import GalleyRender

/// One laid-out line of a paragraph.
public struct LineInfo: Hashable, Sendable {
    /// The line's text as UTF-16 offsets into the concatenation of the spans' texts (including
    /// trailing spaces and the newline that ended it). For a truncated line: the text kept
    /// before the truncation string.
    public let range: Range<Int>
    /// y of the baseline from the paragraph's top.
    public let baseline: Double
    /// Distance from the line box's top to the baseline (half-leading included).
    public let ascent: Double
    /// Distance from the baseline to the line box's bottom (half-leading included).
    public let descent: Double
    /// Width of the line's ink advance, trailing spaces excluded.
    public let width: Double
    /// x of the line's left edge after alignment.
    public let x: Double
    public let isHyphenated: Bool
    public let isTruncated: Bool

    /// The line box height.
    public var height: Double { ascent + descent }
}

/// A typeset paragraph: its size, lines and the display items that draw it, in its own
/// coordinate space (0,0 is the top-left). Lines are aligned within the width they were laid
/// out with (or the widest line when the width is infinite); to draw in a frame of another
/// width with the same line breaks, lay out again with `Typesetter.layout(…, alignmentWidth:)`.
public struct ParagraphLayout: Hashable, Sendable {
    /// width = widest line (≤ the constrained width unless one grapheme is wider); height = sum of line heights.
    public let size: Size
    /// The lines, top to bottom (most paragraphs have one: kept inline, no array; a line is plain
    /// numbers, so a copy of the layout copies it without reference counting).
    public let lines: InlineFirstList<LineInfo>
    public let firstBaseline: Double
    public let lastBaseline: Double
    /// Glyph runs, decoration fills and link areas. An array, unlike the lines: a drawing text
    /// node hands it to its display-list group as it is (no copy of the items), and a layout,
    /// copied often (caches, a text node's measurements), copies a reference, not a glyph run.
    public let items: [DisplayItem]
    /// Characters no registered font could render (drawn as .notdef).
    public let missingCharacters: [Unicode.Scalar]
    /// Laying the paragraph out again at the same width with any other alignment width gives this
    /// same layout: every line stays at the left edge (start-aligned left-to-right or end-aligned
    /// right-to-left text) and no line is justified.
    package var isAlignmentIndependent = false
    /// Every line ends at a mandatory break or the paragraph's end and none is truncated: any
    /// width at least `size.width` breaks the paragraph the same way.
    package var isWidthIndependent = false
    /// The alignment the lines were placed with (nil for a layout not made by the typesetter).
    package var alignment: TextAlignment?
    package var paragraphIsRTL = false
    /// For each item, the index of the line it draws (Realign moves an item with its line).
    package var itemLines: [Int] {
        get { explicitItemLines ?? Array(items.indices) }
        set { explicitItemLines = newValue.elementsEqual(items.indices) ? nil : newValue }
    }
    /// `itemLines`, or nil when item i draws line i — a paragraph of one run per line, nearly
    /// every paragraph — so that case keeps no array (an allocation per paragraph laid out).
    package internal(set) var explicitItemLines: [Int]?

    /// Item i draws line i (``itemLines`` without making the array).
    package mutating func setEachItemOnItsLine() { explicitItemLines = nil }

    /// The index of the line item `index` draws (``itemLines``, without making the array).
    package func line(ofItem index: Int) -> Int { explicitItemLines?[index] ?? index }

    /// Whether ``itemLines`` names a line for every item (a layout made by the typesetter).
    package var knowsEveryItemsLine: Bool { (explicitItemLines?.count ?? items.count) == items.count }

    public static let empty = ParagraphLayout(
        size: .zero, lines: [], firstBaseline: 0, lastBaseline: 0, items: [], missingCharacters: [])
}
