// The stack's option enums. Raw values are the template format's strings (TEMPLATE-FORMAT.md).

/// The main axis of a stack.
public enum StackDirection: String, Sendable, CaseIterable {
    /// Children left to right; the cross axis is vertical.
    case horizontal
    /// Children top to bottom; the cross axis is horizontal.
    case vertical
}

/// How a line's free main-axis space is distributed (applies only when the line is shorter than the stack's
/// min; overflow falls back as Texture does).
public enum StackJustifyContent: String, Sendable, CaseIterable {
    /// Pack at the start.
    case start
    /// Center (unrounded; may be negative on overflow).
    case center
    /// Pack at the end.
    case end
    /// Equal gaps between items; start on overflow or with one item.
    case spaceBetween
    /// Half gaps at the edges; center on overflow or with one item.
    case spaceAround
    /// Equal gaps at the edges and between items (Galley's addition, CSS meaning); center on overflow.
    case spaceEvenly
}

/// How items align on the cross axis within a line.
public enum StackAlignItems: String, Sendable, CaseIterable {
    /// At the cross start.
    case start
    /// Centred, floored to the pixel grid.
    case center
    /// At the cross end.
    case end
    /// Stretched to the line (Texture's default).
    case stretch
    /// First baselines (style.ascender) aligned.
    case baselineFirst
    /// Last baselines (cross size + style.descender) aligned.
    case baselineLast
}

/// Whether a stack wraps its items onto several lines.
public enum StackFlexWrap: String, Sendable, CaseIterable {
    /// One line.
    case noWrap
    /// A new line whenever the next item would pass the main max.
    case wrap
}

/// How lines are distributed on the cross axis when their total is shorter than the stack's cross min.
public enum StackAlignContent: String, Sendable, CaseIterable {
    /// Lines at the start.
    case start
    /// Lines centred.
    case center
    /// Lines at the end.
    case end
    /// Equal gaps between lines; start with one line or no free space.
    case spaceBetween
    /// Half gaps at the edges; center with one line or no free space.
    case spaceAround
    /// Lines grow equally to fill the cross min (several lines only).
    case stretch
}

extension AlignSelf {
    /// The effective alignment of a child: its alignSelf unless auto (Texture's `alignment()`).
    func effective(_ alignItems: StackAlignItems) -> StackAlignItems {
        switch self {
        case .auto: return alignItems
        case .start: return .start
        case .center: return .center
        case .end: return .end
        case .stretch: return .stretch
        }
    }
}

/// The stack's properties as one value, passed to the layout phases.
struct StackStyle {
    var direction: StackDirection
    var spacing: Double
    var justifyContent: StackJustifyContent
    var alignItems: StackAlignItems
    var flexWrap: StackFlexWrap
    var alignContent: StackAlignContent
    var lineSpacing: Double

    var isVertical: Bool { direction == .vertical }

    @inline(__always) func main(_ size: Size) -> Double { isVertical ? size.height : size.width }
    @inline(__always) func cross(_ size: Size) -> Double { isVertical ? size.width : size.height }
    @inline(__always) func size(main: Double, cross: Double) -> Size {
        isVertical ? Size(width: cross, height: main) : Size(width: main, height: cross)
    }
    @inline(__always) func point(main: Double, cross: Double) -> Point {
        isVertical ? Point(x: cross, y: main) : Point(x: main, y: cross)
    }
}

/// Texture's violation epsilon: smaller violations are ignored.
let violationEpsilon = 0.01
