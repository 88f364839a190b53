import GalleyLayout
import GalleyRender

extension ChartNode {
    /// The plot inside `area` once tick and category labels have their room.
    static func plotRect(_ p: Parameters, area: Rect) -> Rect {
        let tickWidth = p.tickLabels.map(\.size.width).max() ?? 0
        let tickHeight = p.tickLabels.map(\.size.height).max() ?? 0
        let halfTick = max(tickHeight / 2, 4)
        if p.kind == .bar && p.horizontal {
            // Categories down the left, values along the bottom.
            let categoryWidth = p.labels.map(\.size.width).max() ?? 0
            let lastHalf = max((p.tickLabels.last?.size.width ?? 0) / 2, 4)
            let left = categoryWidth > 0 ? categoryWidth + 6 : 4
            return Rect(
                x: area.minX + left, y: area.minY + 4, width: max(0, area.width - left - lastHalf),
                height: max(0, area.height - 4 - (tickHeight + 4)))
        }
        let labelHeight =
            p.kind == .scatter
            ? (p.xTickLabels.map(\.size.height).max() ?? 0) : (p.labels.map(\.size.height).max() ?? 0)
        let bottom = labelHeight > 0 ? labelHeight + 4 : halfTick
        return Rect(
            x: area.minX + tickWidth + 6, y: area.minY + halfTick, width: max(0, area.width - tickWidth - 10),
            height: max(0, area.height - halfTick - bottom))
    }

    /// Grid, data, axes and labels of a bar, line, area or scatter chart.
    static func drawCartesian(_ p: Parameters, in context: GraphicsContext, area: Rect, isCancelled: CancellationCheck)
    {
        let plot = plotRect(p, area: area)
        guard plot.width > 0, plot.height > 0 else { return }
        let flipped = p.kind == .bar && p.horizontal
        // Where a value lies along the value axis: up the plot, or (horizontal bars) across it.
        func position(_ value: Double) -> Double {
            flipped
                ? plot.minX + plot.width * p.valueScale.fraction(value)
                : plot.maxY - plot.height * p.valueScale.fraction(value)
        }
        drawValueGrid(p, in: context, plot: plot, flipped: flipped, position: position)
        if p.kind == .scatter { drawScatterAxis(p, in: context, plot: plot) }
        if isCancelled() { return }
        let count = max(p.values.map(\.count).max() ?? 0, 1)
        let slot = (flipped ? plot.height : plot.width) / Double(count)
        switch p.kind {
        case .bar: drawBars(p, in: context, plot: plot, slot: slot, flipped: flipped, position: position)
        case .line, .area: drawLines(p, in: context, plot: plot, slot: slot, position: position)
        case .scatter: drawPoints(p, in: context, plot: plot)
        case .pie, .donut: return
        }
        if isCancelled() { return }
        var axes = Path()
        axes.move(to: Point(x: plot.minX, y: plot.minY))
        axes.line(to: Point(x: plot.minX, y: plot.maxY))
        axes.line(to: Point(x: plot.maxX, y: plot.maxY))
        context.stroke(axes, color: p.axisColor, lineWidth: 1)
        if p.valueScale.lower < 0 {
            let zero = position(0)
            context.stroke(
                flipped ? line(zero, plot.minY, zero, plot.maxY) : line(plot.minX, zero, plot.maxX, zero),
                color: p.axisColor, lineWidth: 0.75)
        }
        // Category labels centred on their slots: under the plot, or left of it for horizontal bars.
        for (index, label) in p.labels.prefix(count).enumerated() {
            if flipped {
                let y = plot.minY + slot * (Double(index) + 0.5)
                place(label, in: context, x: plot.minX - 6 - label.size.width, y: y - label.size.height / 2)
            } else {
                place(
                    label, in: context, x: plot.minX + slot * (Double(index) + 0.5) - label.size.width / 2,
                    y: plot.maxY + 3)
            }
        }
    }

    /// Gridlines at the value ticks, each with its label.
    private static func drawValueGrid(
        _ p: Parameters, in context: GraphicsContext, plot: Rect, flipped: Bool, position: (Double) -> Double
    ) {
        for (value, label) in zip(p.valueScale.ticks, p.tickLabels) {
            let at = position(value)
            if flipped {
                if value != p.valueScale.lower {
                    context.stroke(line(at, plot.minY, at, plot.maxY), color: p.gridColor, lineWidth: 0.5)
                }
                place(label, in: context, x: at - label.size.width / 2, y: plot.maxY + 4)
            } else {
                if value != p.valueScale.lower {
                    context.stroke(line(plot.minX, at, plot.maxX, at), color: p.gridColor, lineWidth: 0.5)
                }
                place(label, in: context, x: plot.minX - 4 - label.size.width, y: at - label.size.height / 2)
            }
        }
    }

    /// A scatter chart's x axis: gridlines and labels at its ticks.
    private static func drawScatterAxis(_ p: Parameters, in context: GraphicsContext, plot: Rect) {
        for (value, label) in zip(p.xScale.ticks, p.xTickLabels) {
            let x = plot.minX + plot.width * p.xScale.fraction(value)
            if value != p.xScale.lower {
                context.stroke(line(x, plot.minY, x, plot.maxY), color: p.gridColor, lineWidth: 0.5)
            }
            place(label, in: context, x: x - label.size.width / 2, y: plot.maxY + 3)
        }
    }

    /// Bars side by side in each category's slot (60% of it), or stacked (positive parts up from zero,
    /// negative parts down).
    private static func drawBars(
        _ p: Parameters, in context: GraphicsContext, plot: Rect, slot: Double, flipped: Bool,
        position: (Double) -> Double
    ) {
        let seriesCount = max(1, p.values.count)
        let zero = position(max(p.valueScale.lower, min(0, p.valueScale.upper)))
        var above = [Double](repeating: 0, count: p.values.map(\.count).max() ?? 0)
        var below = above
        for (seriesIndex, values) in p.values.enumerated() {
            let color = p.color(at: seriesIndex)
            for (index, value) in values.enumerated() where value != 0 {
                var from = 0.0
                if p.stacked {
                    from = value > 0 ? above[index] : below[index]
                    if value > 0 { above[index] += value } else { below[index] += value }
                }
                let start = p.stacked ? position(from) : zero
                let end = position(from + value)
                let group = slot * 0.6
                let thickness = p.stacked ? group : group / Double(seriesCount)
                let offset = slot * (Double(index) + 0.2) + (p.stacked ? 0 : thickness * Double(seriesIndex))
                let rect =
                    flipped
                    ? Rect(x: min(start, end), y: plot.minY + offset, width: abs(end - start), height: thickness)
                    : Rect(x: plot.minX + offset, y: min(start, end), width: thickness, height: abs(end - start))
                context.fill(rect, color: color)
            }
        }
    }

    /// Lines through each series' values at the slots' centres, with a dot at each value; an area chart fills
    /// under each line (down to zero, or to the series below when stacked).
    private static func drawLines(
        _ p: Parameters, in context: GraphicsContext, plot: Rect, slot: Double, position: (Double) -> Double
    ) {
        func x(_ index: Int) -> Double { plot.minX + slot * (Double(index) + 0.5) }
        let zero = position(max(p.valueScale.lower, min(0, p.valueScale.upper)))
        var base = [Double](repeating: 0, count: p.values.map(\.count).max() ?? 0)
        for (seriesIndex, values) in p.values.enumerated() where !values.isEmpty {
            let color = p.color(at: seriesIndex)
            let stacks = p.kind == .area && p.stacked
            let tops = values.enumerated().map { index, value in stacks ? base[index] + value : value }
            var path = Path()
            for (index, value) in tops.enumerated() {
                let point = Point(x: x(index), y: position(value))
                if index == 0 { path.move(to: point) } else { path.line(to: point) }
            }
            if p.kind == .area {
                var fill = path
                for index in values.indices.reversed() {
                    fill.line(to: Point(x: x(index), y: stacks ? position(base[index]) : zero))
                }
                fill.close()
                context.fill(fill, color: color.multipliedAlpha(stacks ? 0.75 : 0.3))
            }
            if values.count > 1 { context.stroke(path, color: color, lineWidth: 1.5) }
            if p.kind == .line {
                for (index, value) in tops.enumerated() {
                    let r = 2.5
                    context.fill(
                        Path(ellipseIn: Rect(x: x(index) - r, y: position(value) - r, width: 2 * r, height: 2 * r)),
                        color: color)
                }
            }
            if stacks { base = tops + base.dropFirst(tops.count) }
        }
    }

    /// A dot at each point of each series.
    private static func drawPoints(_ p: Parameters, in context: GraphicsContext, plot: Rect) {
        for (seriesIndex, points) in p.points.enumerated() {
            let color = p.color(at: seriesIndex)
            for point in points {
                let x = plot.minX + plot.width * p.xScale.fraction(point.x)
                let y = plot.maxY - plot.height * p.valueScale.fraction(point.y)
                let r = 3.0
                context.fill(Path(ellipseIn: Rect(x: x - r, y: y - r, width: 2 * r, height: 2 * r)), color: color)
            }
        }
    }
}
