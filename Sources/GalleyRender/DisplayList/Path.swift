import GalleyLayout

/// A vector outline: the shapes of backgrounds, borders, clips and custom drawing.
public struct Path: Hashable, Sendable {
    public enum Element: Hashable, Sendable {
        case move(Point)
        case line(Point)
        /// A cubic Bézier curve through two control points to an end point.
        case curve(Point, Point, Point)
        case close
    }

    public private(set) var elements: [Element] = []

    public init() {}

    public init(elements: [Element]) {
        self.elements = elements
    }

    public var isEmpty: Bool { elements.isEmpty }

    public mutating func move(to point: Point) { elements.append(.move(point)) }
    public mutating func line(to point: Point) { elements.append(.line(point)) }
    public mutating func curve(to end: Point, control1: Point, control2: Point) {
        elements.append(.curve(control1, control2, end))
    }
    public mutating func close() { elements.append(.close) }

    public mutating func append(_ other: Path) { elements.append(contentsOf: other.elements) }

    /// The rectangle this path is when it is exactly one axis-aligned rectangle (a move, three
    /// lines and a close, as `init(rect:)` makes it), nil otherwise.
    var axisAlignedRectangle: Rect? {
        guard elements.count == 5, case .move(let a) = elements[0], case .line(let b) = elements[1],
            case .line(let c) = elements[2], case .line(let d) = elements[3], case .close = elements[4]
        else { return nil }
        let horizontalFirst = a.y == b.y && b.x == c.x && c.y == d.y && d.x == a.x
        let verticalFirst = a.x == b.x && b.y == c.y && c.x == d.x && d.y == a.y
        guard horizontalFirst || verticalFirst else { return nil }
        return Rect(x: min(a.x, c.x), y: min(a.y, c.y), width: abs(c.x - a.x), height: abs(c.y - a.y))
    }

    /// A closed rectangle.
    public init(rect: Rect) {
        self.init(roundedRect: rect, cornerRadius: 0)
    }

    /// A rectangle with circular corners; the radius is limited to half the shorter side.
    public init(roundedRect rect: Rect, cornerRadius: Double) {
        self.init(roundedRect: rect, radii: CornerRadii(cornerRadius))
    }

    /// A rectangle whose corners are rounded each by its own radius. As in CSS, radii that would overlap
    /// along a side are all scaled down by the same factor until they fit (two 60-point corners on a
    /// 100-point side become 50 each).
    public init(roundedRect rect: Rect, radii: CornerRadii) {
        let r = radii.fitted(to: rect.size)
        let (x0, y0, x1, y1) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
        // κ: the control-point distance that makes a cubic Bézier approximate a quarter circle.
        let kappa = 0.552_284_749_830_793_6
        // One array of its final capacity (a move, four sides, four corners, the close): a
        // document draws hundreds of these, and growing the array element by element, then
        // copying it without the repeated points, cost about eight allocations each.
        var elements: [Element] = []
        elements.reserveCapacity(10)
        // A square corner's segment has no length: a line to the point the path is at is left
        // out, so a plain rectangle is the five elements it always was.
        func line(_ point: Point) {
            switch elements.last {
            case .move(let last)?, .line(let last)?: if last == point { return }
            default: break
            }
            elements.append(.line(point))
        }
        func corner(_ radius: Double, to end: Point, _ control1: Point, _ control2: Point) {
            if radius > 0 { elements.append(.curve(control1, control2, end)) }
        }
        elements.append(.move(Point(x: x0 + r.topLeft, y: y0)))
        line(Point(x: x1 - r.topRight, y: y0))
        var k = r.topRight * kappa
        corner(
            r.topRight, to: Point(x: x1, y: y0 + r.topRight), Point(x: x1 - r.topRight + k, y: y0),
            Point(x: x1, y: y0 + r.topRight - k))
        line(Point(x: x1, y: y1 - r.bottomRight))
        k = r.bottomRight * kappa
        corner(
            r.bottomRight, to: Point(x: x1 - r.bottomRight, y: y1), Point(x: x1, y: y1 - r.bottomRight + k),
            Point(x: x1 - r.bottomRight + k, y: y1))
        line(Point(x: x0 + r.bottomLeft, y: y1))
        k = r.bottomLeft * kappa
        corner(
            r.bottomLeft, to: Point(x: x0, y: y1 - r.bottomLeft), Point(x: x0 + r.bottomLeft - k, y: y1),
            Point(x: x0, y: y1 - r.bottomLeft + k))
        line(Point(x: x0, y: y0 + r.topLeft))
        k = r.topLeft * kappa
        corner(
            r.topLeft, to: Point(x: x0 + r.topLeft, y: y0), Point(x: x0, y: y0 + r.topLeft - k),
            Point(x: x0 + r.topLeft - k, y: y0))
        // The last side's line back to the start is the close's own segment.
        if case .line(let point)? = elements.last, case .move(let first)? = elements.first, point == first {
            elements.removeLast()
        }
        elements.append(.close)
        self.elements = elements
    }

    /// An ellipse inscribed in `rect` (a circle when the rect is square).
    public init(ellipseIn rect: Rect) {
        let rx = rect.width / 2
        let ry = rect.height / 2
        let cx = rect.minX + rx
        let cy = rect.minY + ry
        let kx = rx * 0.552_284_749_830_793_6
        let ky = ry * 0.552_284_749_830_793_6
        elements = [
            .move(Point(x: cx + rx, y: cy)),
            .curve(Point(x: cx + rx, y: cy + ky), Point(x: cx + kx, y: cy + ry), Point(x: cx, y: cy + ry)),
            .curve(Point(x: cx - kx, y: cy + ry), Point(x: cx - rx, y: cy + ky), Point(x: cx - rx, y: cy)),
            .curve(Point(x: cx - rx, y: cy - ky), Point(x: cx - kx, y: cy - ry), Point(x: cx, y: cy - ry)),
            .curve(Point(x: cx + kx, y: cy - ry), Point(x: cx + rx, y: cy - ky), Point(x: cx + rx, y: cy)),
            .close,
        ]
    }
}
