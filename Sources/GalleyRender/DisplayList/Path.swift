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

    /// A closed rectangle.
    public init(rect: Rect) {
        self.init(roundedRect: rect, cornerRadius: 0)
    }

    /// A rectangle with circular corners; the radius is limited to half the shorter side.
    public init(roundedRect rect: Rect, cornerRadius: Double) {
        let r = max(0, min(cornerRadius, rect.width / 2, rect.height / 2))
        let (x0, y0, x1, y1) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
        guard r > 0 else {
            elements = [
                .move(Point(x: x0, y: y0)), .line(Point(x: x1, y: y0)), .line(Point(x: x1, y: y1)),
                .line(Point(x: x0, y: y1)), .close,
            ]
            return
        }
        // κ: the control-point distance that makes a cubic Bézier approximate a quarter circle.
        let k = r * 0.552_284_749_830_793_6
        elements = [
            .move(Point(x: x0 + r, y: y0)),
            .line(Point(x: x1 - r, y: y0)),
            .curve(Point(x: x1 - r + k, y: y0), Point(x: x1, y: y0 + r - k), Point(x: x1, y: y0 + r)),
            .line(Point(x: x1, y: y1 - r)),
            .curve(Point(x: x1, y: y1 - r + k), Point(x: x1 - r + k, y: y1), Point(x: x1 - r, y: y1)),
            .line(Point(x: x0 + r, y: y1)),
            .curve(Point(x: x0 + r - k, y: y1), Point(x: x0, y: y1 - r + k), Point(x: x0, y: y1 - r)),
            .line(Point(x: x0, y: y0 + r)),
            .curve(Point(x: x0, y: y0 + r - k), Point(x: x0 + r - k, y: y0), Point(x: x0 + r, y: y0)),
            .close,
        ]
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
