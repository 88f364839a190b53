/// A flexbox-like stack with Texture's rules (`ASStackLayoutSpec`), not CSS's: flexShrink defaults to 0,
/// alignItems to stretch, grow shares are floored to whole points, the stack shrink-wraps its content within
/// its range, and its range beats children's own min/max.
///
/// The algorithm runs in two phases: `StackUnpositionedLayout` measures and flexes the children, and
/// `StackPositionedLayout` justifies and aligns them.
///
/// Example: a horizontal stack exactly 100×50 with boxes of 20 and 30 points (grow 1 and 2) has a violation of
/// 50; shares are `floor(50/3) = 16` and `floor(100/3) = 33`, the remainder 1 goes to the first: widths 37 and
/// 63, both stretched to 50 high.
public final class StackLayoutSpec: LayoutSpec {
    /// The main axis (default horizontal).
    public var direction: StackDirection
    /// Space between adjacent items on the main axis.
    public var spacing: Double
    /// Distribution of free main-axis space.
    public var justifyContent: StackJustifyContent
    /// Cross-axis alignment of items (default stretch).
    public var alignItems: StackAlignItems
    /// Whether items wrap onto several lines.
    public var flexWrap: StackFlexWrap
    /// Distribution of lines on the cross axis.
    public var alignContent: StackAlignContent
    /// Space between lines.
    public var lineSpacing: Double
    /// Right to left (Galley's addition for `dir: "rtl"`; Texture reads the view's layout direction):
    /// the stack is laid out as left to right and every child's x then mirrored within it, so a row runs
    /// from the right (its lines too, when it wraps) and `start`/`end` on the cross axis of a column —
    /// `alignItems` and each child's `alignSelf` — hang from the right.
    public var mirrored = false

    /// Creates a stack with Texture's defaults.
    public init(
        direction: StackDirection = .horizontal,
        spacing: Double = 0,
        justifyContent: StackJustifyContent = .start,
        alignItems: StackAlignItems = .stretch,
        flexWrap: StackFlexWrap = .noWrap,
        alignContent: StackAlignContent = .start,
        lineSpacing: Double = 0,
        children: [any LayoutElement]
    ) {
        self.direction = direction
        self.spacing = spacing
        self.justifyContent = justifyContent
        self.alignItems = alignItems
        self.flexWrap = flexWrap
        self.alignContent = alignContent
        self.lineSpacing = lineSpacing
        super.init(children: children)
    }

    /// Children side by side (horizontal) or stacked (vertical).
    public override var asciiArtString: String {
        let strings = children.map(\.asciiArtString)
        if direction == .vertical { return AsciiArtBox.vertical(children: strings, parent: asciiArtName) }
        return AsciiArtBox.horizontal(children: strings, parent: asciiArtName)
    }

    /// Measures, flexes and positions the children; with no children the size is `cs.min`. A vertical stack
    /// exports its first child's ascender and last child's descender as its own.
    public override func calculateLayoutThatFits(_ constrainedSize: SizeRange) -> Layout {
        guard !children.isEmpty else { return Layout(element: self, size: constrainedSize.min) }
        let stackStyle = StackStyle(
            direction: direction, spacing: spacing, justifyContent: justifyContent, alignItems: alignItems,
            flexWrap: flexWrap, alignContent: alignContent, lineSpacing: lineSpacing)
        let unpositioned = StackUnpositionedLayout(children: children, style: stackStyle, range: constrainedSize)
        let positioned = StackPositionedLayout(unpositioned, style: stackStyle, range: constrainedSize)
        if direction == .vertical, let first = children.first, let last = children.last {
            style.ascender = first.style.ascender
            style.descender = last.style.descender
        }
        if mirrored {
            for sublayout in positioned.sublayouts {
                sublayout.position.x = positioned.size.width - sublayout.position.x - sublayout.size.width
            }
        }
        return Layout(element: self, size: positioned.size, sublayouts: positioned.sublayouts)
    }
}

/// A stack's size is its children's extent clamped into its range (`StackPositionedLayout`), so a
/// parent stack may put off measuring it at an exact flex basis: the invoice's two address columns
/// (`flexGrow: 1, flexBasis: 0`) were laid out at width 0, every word cut on its own line, only to
/// be laid out again at their flexed width.
extension StackLayoutSpec: ClampedLayoutElement {
    package var measuresClamped: Bool { true }
}
