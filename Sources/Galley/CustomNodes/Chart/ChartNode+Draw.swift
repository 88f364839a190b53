import Foundation
import GalleyLayout
import GalleyRender

extension ChartNode {
    /// Draws the chart from `p` alone: legend and axis titles around the plot, then the plot (grid, data,
    /// axes and their labels, or a pie's slices).
    ///
    /// - Parameters:
    ///   - p: what `drawParameters()` captured, labels already typeset.
    ///   - context: records the drawing; its origin is the node's top-left corner.
    ///   - bounds: the node's bounds (origin zero, the laid-out size).
    ///   - isCancelled: checked between expensive steps.
    ///   - isRasterizing: true when drawing into an ancestor's flattened bitmap.
    public static func draw(
        _ p: Parameters, in context: GraphicsContext, bounds: Rect, isCancelled: CancellationCheck, isRasterizing: Bool
    ) throws {
        var area = drawLegend(p, in: context, bounds: bounds)
        if isCancelled() { return }
        if p.kind == .pie || p.kind == .donut {
            drawPie(p, in: context, area: area)
            return
        }
        if let title = p.xTitle {
            place(
                title, in: context, x: (area.minX + area.width / 2) - title.size.width / 2,
                y: area.maxY - title.size.height)
            area.size.height = max(0, area.height - title.size.height - 4)
        }
        if let title = p.yTitle {
            // Turned a quarter anticlockwise, reading upwards, centred on the area's height.
            let transform = AffineTransform.rotation(-Double.pi / 2)
                .concatenating(.translation(x: area.minX, y: (area.minY + area.height / 2) + title.size.width / 2))
            context.withGroup(transform: transform) { $0.append(contentsOf: title.items) }
            area.origin.x += title.size.height + 4
            area.size.width = max(0, area.width - title.size.height - 4)
        }
        drawCartesian(p, in: context, area: area, isCancelled: isCancelled)
    }

    /// Places a label with its top-left corner at (`x`, `y`).
    static func place(_ label: Label, in context: GraphicsContext, x: Double, y: Double) {
        guard !label.items.isEmpty else { return }
        context.translated(x: x, y: y) { $0.append(contentsOf: label.items) }
    }

    /// A straight line.
    static func line(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Path {
        var path = Path()
        path.move(to: Point(x: x0, y: y0))
        path.line(to: Point(x: x1, y: y1))
        return path
    }

    /// Draws the legend at its side of `bounds` and returns what is left for the plot.
    static func drawLegend(_ p: Parameters, in context: GraphicsContext, bounds: Rect) -> Rect {
        guard !p.legend.isEmpty else { return bounds }
        let swatch = 8.0
        let rowHeight = max(swatch, p.legend.map(\.size.height).max() ?? 0)
        func entry(_ index: Int, x: Double, y: Double) {
            let color = p.legendColors.isEmpty ? .black : p.legendColors[index % p.legendColors.count]
            context.fill(
                Path(
                    roundedRect: Rect(x: x, y: y + (rowHeight - swatch) / 2, width: swatch, height: swatch),
                    cornerRadius: 1.5), color: color)
            place(p.legend[index], in: context, x: x + swatch + 3, y: y + (rowHeight - p.legend[index].size.height) / 2)
        }
        switch p.legendPosition {
        case .right:
            let width = (p.legend.map(\.size.width).max() ?? 0) + swatch + 3
            let total = Double(p.legend.count) * (rowHeight + 3) - 3
            var y = (bounds.minY + bounds.height / 2) - total / 2
            for index in p.legend.indices {
                entry(index, x: bounds.maxX - width, y: y)
                y += rowHeight + 3
            }
            return Rect(x: bounds.minX, y: bounds.minY, width: max(0, bounds.width - width - 8), height: bounds.height)
        default:
            let widths = p.legend.map { $0.size.width + swatch + 3 }
            let total = widths.reduce(0, +) + Double(max(0, widths.count - 1)) * 10
            var x = (bounds.minX + bounds.width / 2) - total / 2
            let top = p.legendPosition == .top
            let y = top ? bounds.minY : bounds.maxY - rowHeight
            for index in p.legend.indices {
                entry(index, x: x, y: y)
                x += widths[index] + 10
            }
            let height = max(0, bounds.height - rowHeight - 6)
            return Rect(
                x: bounds.minX, y: top ? bounds.minY + rowHeight + 6 : bounds.minY, width: bounds.width, height: height)
        }
    }
}
