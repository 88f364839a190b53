// Plain geometry values used by layout: sizes, points, rectangles and edge insets.

/// A width and a height in points.
///
/// Example: `Size(width: 100, height: 50)` is a 100×50 point area.
public struct Size: Hashable, Sendable {
    /// The horizontal extent in points.
    public var width: Double
    /// The vertical extent in points.
    public var height: Double

    /// Creates a size from a width and a height.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The size with zero width and zero height.
    public static let zero = Size(width: 0, height: 0)

    /// A size whose components are both NaN, Texture's `ASLayoutElementParentSizeUndefined`.
    public static let undefined = Size(width: .nan, height: .nan)
}

/// A location in points.
public struct Point: Hashable, Sendable {
    /// The horizontal coordinate.
    public var x: Double
    /// The vertical coordinate.
    public var y: Double

    /// Creates a point from its coordinates.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, (0, 0).
    public static let zero = Point(x: 0, y: 0)

    static func + (lhs: Point, rhs: Point) -> Point {
        Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y)
    }
}

/// An origin and a size.
///
/// Example: `Rect(x: 10, y: 20, width: 30, height: 40).maxX == 40`.
public struct Rect: Hashable, Sendable {
    /// The top-left corner.
    public var origin: Point
    /// The extent.
    public var size: Size

    /// Creates a rectangle from an origin and a size.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from its coordinates and extent.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(origin: .zero, size: .zero)

    /// The left edge.
    public var minX: Double { origin.x }
    /// The top edge.
    public var minY: Double { origin.y }
    /// The right edge.
    public var maxX: Double { origin.x + size.width }
    /// The bottom edge.
    public var maxY: Double { origin.y + size.height }
    /// The width.
    public var width: Double { size.width }
    /// The height.
    public var height: Double { size.height }

    /// The same rectangle moved by `dx`, `dy` (CGRect's `offsetBy(dx:dy:)`).
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
    }

    /// The smallest rectangle containing both rectangles (CGRectUnion for non-empty rectangles).
    func union(_ other: Rect) -> Rect {
        let x0 = Swift.min(minX, other.minX)
        let y0 = Swift.min(minY, other.minY)
        let x1 = Swift.max(maxX, other.maxX)
        let y1 = Swift.max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

/// Distances inset from each edge of a rectangle; any of them may be `.infinity` (see ``InsetLayoutSpec``).
public struct EdgeInsets: Hashable, Sendable {
    /// The inset from the top edge.
    public var top: Double
    /// The inset from the left edge.
    public var left: Double
    /// The inset from the bottom edge.
    public var bottom: Double
    /// The inset from the right edge.
    public var right: Double

    /// Creates insets from four values.
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// Creates insets with the same value on every edge.
    public init(all value: Double) {
        self.init(top: value, left: value, bottom: value, right: value)
    }

    /// No inset.
    public static let zero = EdgeInsets(all: 0)
}
