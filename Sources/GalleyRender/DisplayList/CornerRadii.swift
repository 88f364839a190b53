import GalleyLayout

/// The radii of a rectangle's four corners, in CSS `border-radius` order (top left, top right, bottom right,
/// bottom left).
public struct CornerRadii: Hashable, Sendable {
    public var topLeft: Double
    public var topRight: Double
    public var bottomRight: Double
    public var bottomLeft: Double

    /// Each corner its own radius (negative ones count as 0).
    public init(topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double) {
        self.topLeft = max(0, topLeft)
        self.topRight = max(0, topRight)
        self.bottomRight = max(0, bottomRight)
        self.bottomLeft = max(0, bottomLeft)
    }

    /// The same radius at every corner.
    public init(_ radius: Double) {
        self.init(topLeft: radius, topRight: radius, bottomRight: radius, bottomLeft: radius)
    }

    /// Square corners.
    public static let zero = CornerRadii(0)

    /// Whether every corner is square.
    public var isZero: Bool { self == .zero }

    /// Whether every corner has the same radius.
    public var isUniform: Bool { topLeft == topRight && topRight == bottomRight && bottomRight == bottomLeft }

    /// The largest of the four.
    public var maximum: Double { Swift.max(topLeft, topRight, bottomRight, bottomLeft) }

    /// Each radius less `amount`, at least 0 (a border's inner edge).
    public func inset(by amount: Double) -> CornerRadii {
        CornerRadii(
            topLeft: topLeft - amount, topRight: topRight - amount, bottomRight: bottomRight - amount,
            bottomLeft: bottomLeft - amount)
    }

    /// Linear interpolation, corner by corner (animations).
    public func interpolated(to other: CornerRadii, fraction t: Double) -> CornerRadii {
        CornerRadii(
            topLeft: topLeft + (other.topLeft - topLeft) * t, topRight: topRight + (other.topRight - topRight) * t,
            bottomRight: bottomRight + (other.bottomRight - bottomRight) * t,
            bottomLeft: bottomLeft + (other.bottomLeft - bottomLeft) * t)
    }

    /// The radii scaled down together, as CSS does, until the two on each side fit its length.
    public func fitted(to size: Size) -> CornerRadii {
        var factor = 1.0
        for (sum, length) in [
            (topLeft + topRight, size.width), (bottomLeft + bottomRight, size.width),
            (topLeft + bottomLeft, size.height), (topRight + bottomRight, size.height),
        ] where sum > 0 {
            factor = Swift.min(factor, Swift.max(0, length) / sum)
        }
        guard factor < 1 else { return self }
        return CornerRadii(
            topLeft: topLeft * factor, topRight: topRight * factor, bottomRight: bottomRight * factor,
            bottomLeft: bottomLeft * factor)
    }
}
