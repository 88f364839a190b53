import Foundation
import GalleyLayout
import GalleyRender
import GalleyText

/// A bar or line chart drawn from data, built only on the public `DrawingNode` API.
///
/// Text (value and category labels) is typeset when the node snapshots its parameters, on
/// the node's own thread; the static routine then only places the recorded glyph runs, so it
/// touches no font state and may run on any thread. The value axis starts at zero; negative
/// values are drawn at zero.
public final class ChartNode: DisplayNode, DrawingNode {
    public enum Kind: String, Sendable, CaseIterable {
        case bar, line
    }

    /// A typeset label: its glyph items (origin at the label's top-left) and size.
    public struct Label: Hashable, Sendable {
        public var items: [DisplayItem]
        public var size: Size
    }

    public struct Parameters: Hashable, Sendable {
        public var kind: Kind
        public var values: [Double]
        /// Category labels under the bars or points (may be fewer than the values).
        public var labels: [Label]
        /// Gridline values from zero to `top`, each with its label.
        public var ticks: [Double]
        public var tickLabels: [Label]
        /// The value at the top of the plot.
        public var top: Double
        public var color: Color
        public var axisColor: Color
        public var gridColor: Color
    }

    public var kind: Kind
    public var values: [Double]
    public var labels: [String]
    public var color: Color
    public var axisColor: Color
    public var gridColor: Color
    /// The value at the top of the plot; nil = the largest value rounded up to a round step.
    public var maxValue: Double?
    public var labelStyle: TextStyle
    public let registry: FontRegistry

    public init(
        kind: Kind, values: [Double], labels: [String] = [], color: Color = Color(rgb8: 0x25, 0x63, 0xeb),
        axisColor: Color = Color(rgb8: 0x37, 0x41, 0x51), gridColor: Color = Color(rgb8: 0xe5, 0xe7, 0xeb),
        maxValue: Double? = nil,
        labelStyle: TextStyle = TextStyle(font: "Liberation Sans", fontSize: 8, color: Color(rgb8: 0x37, 0x41, 0x51)),
        registry: FontRegistry = .shared
    ) {
        self.kind = kind
        self.values = values
        self.labels = labels
        self.color = color
        self.axisColor = axisColor
        self.gridColor = gridColor
        self.maxValue = maxValue
        self.labelStyle = labelStyle
        self.registry = registry
        super.init()
    }

    public override var typeName: String { "chart" }

    public override func defaultStructureRole(inside parent: StructureRole?) -> StructureRole? { .figure }

    public func drawParameters() -> Parameters {
        let largest = values.filter(\.isFinite).max() ?? 0
        let (top, step) = Self.scale(maxValue.map { max($0, 0) } ?? max(largest, 0), rounded: maxValue == nil)
        var ticks = [Double]()
        var tick = 0.0
        while tick <= top * (1 + 1e-9) {
            ticks.append(tick)
            tick += step
        }
        return Parameters(
            kind: kind, values: values.map { $0.isFinite ? max(0, $0) : 0 }, labels: labels.map(typeset),
            ticks: ticks, tickLabels: ticks.map { typeset(Self.format($0)) }, top: top, color: color,
            axisColor: axisColor, gridColor: gridColor)
    }

    private func typeset(_ text: String) -> Label {
        let layout = Typesetter.layout(
            [TextSpan(text: text, style: labelStyle)], paragraph: ParagraphStyle(), width: .infinity, registry: registry
        )
        return Label(items: layout.items, size: layout.size)
    }

    /// Draws the chart from `p` alone: grid, bars or line, axis and the typeset labels.
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
        let tickWidth = p.tickLabels.map(\.size.width).max() ?? 0
        let labelHeight = p.labels.map(\.size.height).max() ?? 0
        let halfTick = (p.tickLabels.first?.size.height ?? 0) / 2
        let plot = Rect(
            x: bounds.minX + tickWidth + 6, y: bounds.minY + max(halfTick, 4),
            width: max(0, bounds.width - tickWidth - 10),
            height: max(0, bounds.height - max(halfTick, 4) - (labelHeight > 0 ? labelHeight + 4 : max(halfTick, 4))))
        guard plot.width > 0, plot.height > 0, p.top > 0 else { return }
        func y(_ value: Double) -> Double { plot.maxY - plot.height * min(value, p.top) / p.top }

        // Value gridlines with their labels, right-aligned left of the plot.
        for (value, label) in zip(p.ticks, p.tickLabels) {
            let lineY = y(value)
            if value > 0 {
                context.stroke(line(plot.minX, lineY, plot.maxX, lineY), color: p.gridColor, lineWidth: 0.5)
            }
            context.translated(x: plot.minX - 4 - label.size.width, y: lineY - label.size.height / 2) {
                $0.append(contentsOf: label.items)
            }
        }
        if isCancelled() { return }

        let count = max(p.values.count, 1)
        let slot = plot.width / Double(count)
        func centreX(_ index: Int) -> Double { plot.minX + slot * (Double(index) + 0.5) }
        switch p.kind {
        case .bar:
            for (index, value) in p.values.enumerated() where value > 0 {
                let top = y(value)
                context.fill(
                    Rect(
                        x: plot.minX + slot * (Double(index) + 0.2), y: top, width: slot * 0.6, height: plot.maxY - top),
                    color: p.color)
            }
        case .line:
            var path = Path()
            for (index, value) in p.values.enumerated() {
                let point = Point(x: centreX(index), y: y(value))
                if index == 0 { path.move(to: point) } else { path.line(to: point) }
            }
            if p.values.count > 1 { context.stroke(path, color: p.color, lineWidth: 1.5) }
            for (index, value) in p.values.enumerated() {
                let r = 2.5
                context.fill(
                    Path(ellipseIn: Rect(x: centreX(index) - r, y: y(value) - r, width: 2 * r, height: 2 * r)),
                    color: p.color)
            }
        }
        if isCancelled() { return }

        // Axes over the data, then the category labels centred under their slots.
        var axes = Path()
        axes.move(to: Point(x: plot.minX, y: plot.minY))
        axes.line(to: Point(x: plot.minX, y: plot.maxY))
        axes.line(to: Point(x: plot.maxX, y: plot.maxY))
        context.stroke(axes, color: p.axisColor, lineWidth: 1)
        for (index, label) in p.labels.prefix(p.values.count).enumerated() {
            context.translated(x: centreX(index) - label.size.width / 2, y: plot.maxY + 3) {
                $0.append(contentsOf: label.items)
            }
        }
    }

    private static func line(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Path {
        var path = Path()
        path.move(to: Point(x: x0, y: y0))
        path.line(to: Point(x: x1, y: y1))
        return path
    }

    /// The plot's top value and gridline step: about four steps of 1, 2, 2.5 or 5 times a power of ten.
    static func scale(_ largest: Double, rounded: Bool) -> (top: Double, step: Double) {
        guard largest > 0, largest.isFinite else { return (1, 0.25) }
        let rough = largest / 4
        let magnitude = pow10(Foundation.floor(Foundation.log10(rough)))
        let step = [1, 2, 2.5, 5, 10].map { $0 * magnitude }.first { $0 >= rough } ?? 10 * magnitude
        let top = rounded ? (largest / step).rounded(.up) * step : largest
        return (top, step)
    }

    private static func pow10(_ exponent: Double) -> Double {
        var result = 1.0
        let n = Int(exponent)
        for _ in 0..<abs(n) { result = n < 0 ? result / 10 : result * 10 }
        return result
    }

    static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String((value * 100).rounded() / 100)
    }
}
