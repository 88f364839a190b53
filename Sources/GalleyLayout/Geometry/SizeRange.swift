// ASSizeRange: the min and max size an element may take.

/// A range of allowed sizes, Texture's `ASSizeRange`.
///
/// Example: `SizeRange(min: .zero, max: Size(width: 100, height: .infinity)).clamp(Size(width: 150, height: 20))`
/// is `100×20`.
public struct SizeRange: Hashable, Sendable {
    /// The smallest allowed size.
    public var min: Size
    /// The largest allowed size; either axis may be `.infinity`.
    public var max: Size

    /// Creates a range from its bounds.
    public init(min: Size, max: Size) {
        self.min = min
        self.max = max
    }

    /// Creates a range that allows exactly one size.
    public init(exactly size: Size) {
        self.init(min: size, max: size)
    }

    /// `ASSizeRangeUnconstrained`: `{0, 0}` to `{inf, inf}`.
    public static let unconstrained = SizeRange(min: .zero, max: Size(width: .infinity, height: .infinity))

    /// `ASSizeRangeClamp`: `MAX(min, MIN(max, s))` per axis; a NaN component becomes the min.
    public func clamp(_ size: Size) -> Size {
        Size(
            width: fMax(min.width, fMin(max.width, size.width)),
            height: fMax(min.height, fMin(max.height, size.height))
        )
    }

    /// `ASSizeRangeIntersect`: the overlap per axis; where the ranges do not overlap, **self wins** with the
    /// point of its own range nearest the other (its max when it lies below, otherwise its min).
    ///
    /// Example: `[0, 40]` intersected with a style range `[60, 60]` is `[40, 40]`.
    public func intersect(_ other: SizeRange) -> SizeRange {
        let w = Self.intersect(min.width, max.width, other.min.width, other.max.width)
        let h = Self.intersect(min.height, max.height, other.min.height, other.max.height)
        return SizeRange(min: Size(width: w.0, height: h.0), max: Size(width: w.1, height: h.1))
    }

    @inline(__always)
    private static func intersect(
        _ min: Double, _ max: Double, _ otherMin: Double, _ otherMax: Double
    ) -> (Double, Double) {
        let newMin = fMax(min, otherMin)
        let newMax = fMin(max, otherMax)
        if newMin <= newMax {
            return (newMin, newMax)
        }
        return min < otherMin ? (max, max) : (min, min)
    }
}

extension SizeRange: CustomStringConvertible {
    /// Texture's `NSStringFromASSizeRange` form: `{{w, h}}` for an exact range, else `{{minW, minH}, {maxW, maxH}}`.
    public var description: String {
        if min == max {
            return "{{\(formatNumber(min.width)), \(formatNumber(min.height))}}"
        }
        return "{{\(formatNumber(min.width)), \(formatNumber(min.height))}, "
            + "{\(formatNumber(max.width)), \(formatNumber(max.height))}}"
    }
}

/// Prints a number as `%g` would for layout values: integers without a fraction, `inf`, `nan`.
func formatNumber(_ value: Double) -> String {
    if value.isNaN { return "nan" }
    if value.isInfinite { return value < 0 ? "-inf" : "inf" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    return String(value)
}
