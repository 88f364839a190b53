import Foundation
import GalleyLayout
import GalleyRender

extension ChartNode {
    /// A pie or donut of the first series: slices clockwise from the top, in the palette's colours, split by
    /// thin white lines, each labelled with its share where it has room.
    static func drawPie(_ p: Parameters, in context: GraphicsContext, area: Rect) {
        let values = (p.values.first ?? []).map { max(0, $0) }
        let total = values.reduce(0, +)
        let radius = min(area.width, area.height) / 2 - 1
        guard total > 0, radius > 0 else { return }
        let centre = Point(x: (area.minX + area.width / 2), y: (area.minY + area.height / 2))
        let inner = p.kind == .donut ? radius * 0.55 : 0
        var start = -Double.pi / 2
        for (index, value) in values.enumerated() where value > 0 {
            let sweep = 2 * Double.pi * value / total
            let end = start + sweep
            let slice = Self.slice(centre: centre, radius: radius, inner: inner, from: start, to: end)
            context.fill(slice, color: p.color(at: index))
            if values.count > 1 { context.stroke(slice, color: .white, lineWidth: 1) }
            if index < p.sliceLabels.count, !p.sliceLabels[index].items.isEmpty {
                let label = p.sliceLabels[index]
                let middle = start + sweep / 2
                let distance = inner > 0 ? (inner + radius) / 2 : radius * 0.62
                place(
                    label, in: context, x: centre.x + cos(middle) * distance - label.size.width / 2,
                    y: centre.y + sin(middle) * distance - label.size.height / 2)
            }
            start = end
        }
    }

    /// A pie slice (or a ring's segment when `inner` > 0) from angle `start` to `end`, clockwise on the page.
    static func slice(centre: Point, radius: Double, inner: Double, from start: Double, to end: Double) -> Path {
        var path = Path()
        if inner > 0 {
            path.move(to: point(centre, radius, start))
            appendArc(&path, centre, radius, from: start, to: end)
            path.line(to: point(centre, inner, end))
            appendArc(&path, centre, inner, from: end, to: start)
        } else {
            path.move(to: centre)
            path.line(to: point(centre, radius, start))
            appendArc(&path, centre, radius, from: start, to: end)
        }
        path.close()
        return path
    }

    private static func point(_ centre: Point, _ radius: Double, _ angle: Double) -> Point {
        Point(x: centre.x + cos(angle) * radius, y: centre.y + sin(angle) * radius)
    }

    /// Appends a circular arc as cubic Béziers of at most a quarter turn each (k = 4/3 · tan(θ/4)).
    private static func appendArc(
        _ path: inout Path, _ centre: Point, _ radius: Double, from start: Double, to end: Double
    ) {
        let pieces = max(1, Int((abs(end - start) / (Double.pi / 2)).rounded(.up)))
        let step = (end - start) / Double(pieces)
        let k = 4.0 / 3.0 * tan(step / 4) * radius
        for piece in 0..<pieces {
            let a0 = start + step * Double(piece)
            let a1 = a0 + step
            let p0 = point(centre, radius, a0)
            let p3 = point(centre, radius, a1)
            path.curve(
                to: p3, control1: Point(x: p0.x - sin(a0) * k, y: p0.y + cos(a0) * k),
                control2: Point(x: p3.x + sin(a1) * k, y: p3.y - cos(a1) * k))
        }
    }
}
