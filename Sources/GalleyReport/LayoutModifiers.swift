import GalleyLayout

/// Sizing and spacing: padding (`InsetLayoutSpec`) and the style every element takes
/// (Texture's `ASLayoutElementStyle`).
extension ReportContent {
    /// Insets the content by `insets` (`InsetLayoutSpec`).
    public func padding(_ insets: EdgeInsets) -> ModifiedContent {
        modifier { element, _ in InsetLayoutSpec(insets: insets, child: element) }
    }

    /// Insets the content by `length` on every side.
    public func padding(_ length: Double) -> ModifiedContent { padding(EdgeInsets(all: length)) }

    public func padding(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) -> ModifiedContent {
        padding(EdgeInsets(top: top, left: left, bottom: bottom, right: right))
    }

    /// Preferred width and height in points (nil leaves it automatic).
    public func frame(width: Double? = nil, height: Double? = nil) -> ModifiedContent {
        styled { style in
            if let width { style.width = .points(width) }
            if let height { style.height = .points(height) }
        }
    }

    /// Preferred size as dimensions (`.fraction(0.5)` is half the parent's length).
    public func frame(width: Dimension = .auto, height: Dimension = .auto) -> ModifiedContent {
        styled { style in
            style.width = width
            style.height = height
        }
    }

    /// Minimum and maximum sizes in points (nil leaves a bound unset).
    public func frame(
        minWidth: Double? = nil, maxWidth: Double? = nil, minHeight: Double? = nil, maxHeight: Double? = nil
    ) -> ModifiedContent {
        styled { style in
            if let minWidth { style.minWidth = .points(minWidth) }
            if let maxWidth { style.maxWidth = .points(maxWidth) }
            if let minHeight { style.minHeight = .points(minHeight) }
            if let maxHeight { style.maxHeight = .points(maxHeight) }
        }
    }

    /// The share of a stack's free space this element takes.
    public func flexGrow(_ grow: Double = 1) -> ModifiedContent { styled { $0.flexGrow = grow } }

    /// The share of a stack's overflow this element gives up.
    public func flexShrink(_ shrink: Double = 1) -> ModifiedContent { styled { $0.flexShrink = shrink } }

    public func flexBasis(_ basis: Dimension) -> ModifiedContent { styled { $0.flexBasis = basis } }

    /// Cross-axis alignment in a stack, overriding the stack's `alignment`.
    public func alignSelf(_ alignment: AlignSelf) -> ModifiedContent { styled { $0.alignSelf = alignment } }

    /// Extra space before and after this element along a stack's axis.
    public func spacing(before: Double = 0, after: Double = 0) -> ModifiedContent {
        styled { style in
            style.spacingBefore = before
            style.spacingAfter = after
        }
    }

    /// The position in an `Absolute` container.
    public func position(x: Double, y: Double) -> ModifiedContent { styled { $0.layoutPosition = Point(x: x, y: y) } }
}
