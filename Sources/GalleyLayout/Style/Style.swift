/// How a child in a stack aligns on the cross axis, overriding the stack's `alignItems` (Texture's
/// `ASStackLayoutAlignSelf`; there is no baseline value).
public enum AlignSelf: String, Sendable, CaseIterable {
    /// Use the stack's alignItems.
    case auto
    /// Align to the cross start.
    case start
    /// Center on the cross axis (floored to the pixel grid).
    case center
    /// Align to the cross end.
    case end
    /// Stretch to the line's cross size.
    case stretch
}

/// The layout properties every element carries, with Texture's defaults (`ASLayoutElementStyle`).
///
/// Size properties resolve against the parent size into a ``SizeRange`` (min beats max, max beats the exact
/// size). Example: `width = .points(120), maxWidth = .points(100)` resolves to `[100, 100]`.
public struct Style: Hashable, Sendable {
    /// The exact width, or auto.
    public var width: Dimension = .auto
    /// The exact height, or auto.
    public var height: Dimension = .auto
    /// The minimum width, or auto (0).
    public var minWidth: Dimension = .auto
    /// The maximum width, or auto (infinity).
    public var maxWidth: Dimension = .auto
    /// The minimum height, or auto (0).
    public var minHeight: Dimension = .auto
    /// The maximum height, or auto (infinity).
    public var maxHeight: Dimension = .auto

    /// How much of a stack's positive violation this child takes (floored to whole points).
    public var flexGrow: Double = 0
    /// How much of a stack's negative violation this child takes, weighted by its size. Texture's default is 0.
    public var flexShrink: Double = 0
    /// The main-axis size the stack measures this child at before flexing.
    public var flexBasis: Dimension = .auto
    /// The child's cross-axis alignment in a stack.
    public var alignSelf: AlignSelf = .auto

    /// Extra main-axis space before this child in a stack.
    public var spacingBefore: Double = 0
    /// Extra main-axis space after this child in a stack.
    public var spacingAfter: Double = 0
    /// Distance from the top to the first baseline (positive).
    public var ascender: Double = 0
    /// Distance from the bottom to the last baseline (negative, as in UIFont).
    public var descender: Double = 0

    /// The child's origin inside an ``AbsoluteLayoutSpec``.
    public var layoutPosition: Point = .zero

    /// Creates a style with Texture's defaults.
    public init() {}

    /// Width and height in points. The getter reads the point values (0 for auto); set fractions through
    /// `width` and `height` instead (Texture asserts on a fraction here).
    public var preferredSize: Size {
        get { Size(width: Self.pointValue(width), height: Self.pointValue(height)) }
        set {
            width = .points(newValue.width)
            height = .points(newValue.height)
        }
    }

    /// The minimum width and height in points.
    public var minSize: Size {
        get { Size(width: Self.pointValue(minWidth), height: Self.pointValue(minHeight)) }
        set {
            minWidth = .points(newValue.width)
            minHeight = .points(newValue.height)
        }
    }

    /// The maximum width and height in points.
    public var maxSize: Size {
        get { Size(width: Self.pointValue(maxWidth), height: Self.pointValue(maxHeight)) }
        set {
            maxWidth = .points(newValue.width)
            maxHeight = .points(newValue.height)
        }
    }

    /// `width` and `height` together.
    public var preferredLayoutSize: LayoutSize {
        get { LayoutSize(width: width, height: height) }
        set {
            width = newValue.width
            height = newValue.height
        }
    }

    /// `minWidth` and `minHeight` together.
    public var minLayoutSize: LayoutSize {
        get { LayoutSize(width: minWidth, height: minHeight) }
        set {
            minWidth = newValue.width
            minHeight = newValue.height
        }
    }

    /// `maxWidth` and `maxHeight` together.
    public var maxLayoutSize: LayoutSize {
        get { LayoutSize(width: maxWidth, height: maxHeight) }
        set {
            maxWidth = newValue.width
            maxHeight = newValue.height
        }
    }

    /// `ASLayoutElementSizeResolve`: the range this style allows inside `parentSize`.
    ///
    /// Per axis: exact = width (NaN if auto), min = minWidth (0 if auto), max = maxWidth (inf if auto);
    /// `max <= min` gives `[min, min]`; no exact gives `[min, max]`; otherwise exact is clipped to max first and
    /// then to min. A fraction of a NaN parent is NaN and so counts as missing for the exact size.
    public func resolvedRange(parentSize: Size) -> SizeRange {
        resolvedRange(parentSize: parentSize, autoRange: .unconstrained)
    }

    /// The height percentages of heights resolve against where the parent's height is unbounded
    /// or undefined (infinite or NaN), when set: a paged document binds it to its page's content
    /// height while it lays its body out, so `height: "100%"` there is a full page (Texture
    /// itself would make it infinite or missing, and the element collapse to 0).
    public static let unboundedHeightReference = TaskLocal<Double?>(wrappedValue: nil)

    /// `ASLayoutElementSizeResolveAutoSize`: like ``resolvedRange(parentSize:)`` with custom auto min/max.
    public func resolvedRange(parentSize: Size, autoRange: SizeRange) -> SizeRange {
        var parentSize = parentSize
        if !parentSize.height.isFinite, height.isFraction || minHeight.isFraction || maxHeight.isFraction,
            let reference = Self.unboundedHeightReference.get()
        {
            parentSize.height = reference
        }
        let w = Self.constrain(
            min: minWidth.resolve(parent: parentSize.width, autoValue: autoRange.min.width),
            exact: width.resolve(parent: parentSize.width, autoValue: .nan),
            max: maxWidth.resolve(parent: parentSize.width, autoValue: autoRange.max.width)
        )
        let h = Self.constrain(
            min: minHeight.resolve(parent: parentSize.height, autoValue: autoRange.min.height),
            exact: height.resolve(parent: parentSize.height, autoValue: .nan),
            max: maxHeight.resolve(parent: parentSize.height, autoValue: autoRange.max.height)
        )
        return SizeRange(min: Size(width: w.0, height: h.0), max: Size(width: w.1, height: h.1))
    }

    /// `ASLayoutElementSizeConstrain`: min overrides max overrides exact.
    @inline(__always)
    private static func constrain(min: Double, exact: Double, max: Double) -> (Double, Double) {
        if max <= min { return (min, min) }
        if exact.isNaN { return (min, max) }
        if exact > max { return (max, max) }
        if exact < min { return (min, min) }
        return (exact, exact)
    }

    private static func pointValue(_ dimension: Dimension) -> Double {
        if case .points(let value) = dimension { return value }
        return 0
    }
}

extension Style: CustomStringConvertible {
    /// The size part of Texture's style description, built from `NSStringFromASLayoutSize`:
    /// `min {Auto, Auto} <= preferred {100pt, 50%} <= max {Auto, 200pt}`.
    public var description: String {
        "min \(minLayoutSize) <= preferred \(preferredLayoutSize) <= max \(maxLayoutSize)"
    }
}
