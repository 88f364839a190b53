import GalleyLayout
import GalleyRender
import GalleyText

extension ChartNode {
    /// A typeset label: its glyph items (origin at the label's top-left) and size.
    public struct Label: Hashable, Sendable {
        public var items: [DisplayItem]
        public var size: Size

        static let empty = Label(items: [], size: .zero)
    }

    /// Everything the static routine draws from: data, scales, colours and every label already typeset.
    public struct Parameters: Hashable, Sendable {
        public var kind: Kind
        public var stacked: Bool
        public var horizontal: Bool
        /// Per series: its values by category (bars, lines, areas, pie slices of the first series).
        public var values: [[Double]]
        /// Per series: its points (scatter).
        public var points: [[Point]]
        /// Per series (per slice of a pie or donut): its colour; ``color(at:)`` reads it.
        public var colors: [Color]
        /// The value axis (the y axis of a scatter chart).
        var valueScale: ChartScale
        /// The x axis of a scatter chart.
        var xScale: ChartScale
        public var tickLabels: [Label]
        public var xTickLabels: [Label]
        /// Category labels along the category axis.
        public var labels: [Label]
        /// Legend entries with their colours; empty for no legend.
        public var legend: [Label]
        public var legendColors: [Color]
        public var legendPosition: LegendPosition
        public var xTitle: Label?
        public var yTitle: Label?
        /// A pie's or donut's slice labels (percentages or values), one per slice.
        public var sliceLabels: [Label]
        public var axisColor: Color
        public var gridColor: Color

        /// The colour of series (or slice) `index`, the colours cycled; black when there are none.
        public func color(at index: Int) -> Color {
            colors.isEmpty ? .black : colors[index % colors.count]
        }
    }

    public func drawParameters() -> Parameters {
        // A pie's slices are the first series' values, coloured by position: one colour per slice
        // however many labels there are (a label names the slice, and its legend entry, of its position).
        let colors = series.indices.map(color(ofSeries:))
        let values = series.map { $0.values.map { $0.isFinite ? $0 : 0 } }
        let points = series.map { $0.points.filter { $0.x.isFinite && $0.y.isFinite } }
        let valueScale: ChartScale
        var xScale = ChartScale(low: 0, high: 1)
        switch kind {
        case .scatter:
            let ys = points.joined().map(\.y)
            let xs = points.joined().map(\.x)
            valueScale = ChartScale(
                low: min(0, ys.min() ?? 0), high: ys.max() ?? 1, minimum: minValue, maximum: maxValue)
            xScale = ChartScale(low: min(0, xs.min() ?? 0), high: xs.max() ?? 1)
        case .pie, .donut:
            valueScale = ChartScale(low: 0, high: 1)
        default:
            let (low, high) = Self.extent(values, stacked: stacked && (kind == .bar || kind == .area))
            valueScale = ChartScale(low: min(0, low), high: max(0, high), minimum: minValue, maximum: maxValue)
        }
        let isCircular = kind == .pie || kind == .donut
        var legendNames = series.map(\.name)
        var legendColors = colors
        if isCircular {
            legendNames = labels
            legendColors = labels.indices.map { palette[$0 % palette.count] }
        }
        let position: LegendPosition =
            legend == .automatic ? (isCircular || series.count > 1 ? .bottom : .none) : legend
        let showsLegend = position != .none && legendNames.contains { !$0.isEmpty }
        let sliceColors = (values.first ?? []).indices.map { palette[$0 % palette.count] }
        return Parameters(
            kind: kind, stacked: stacked, horizontal: horizontal, values: values, points: points,
            colors: isCircular ? sliceColors : colors, valueScale: valueScale, xScale: xScale,
            tickLabels: isCircular ? [] : valueScale.ticks.map { typeset(valueFormatter($0)) },
            xTickLabels: kind == .scatter ? xScale.ticks.map { typeset(valueFormatter($0)) } : [],
            labels: isCircular || kind == .scatter ? [] : labels.map { typeset($0) },
            legend: showsLegend ? legendNames.map { typeset($0) } : [], legendColors: legendColors,
            legendPosition: showsLegend ? position : .none,
            xTitle: xTitle.map { typeset($0, bold: true) }, yTitle: yTitle.map { typeset($0, bold: true) },
            sliceLabels: isCircular ? sliceTexts(values.first ?? []).map { typeset($0, color: .white) } : [],
            axisColor: axisColor, gridColor: gridColor)
    }

    /// The lowest and highest value drawn: of every value, or of the stacks' sums (positive and negative
    /// parts stack apart).
    static func extent(_ values: [[Double]], stacked: Bool) -> (Double, Double) {
        guard stacked else {
            let all = values.joined()
            return (all.min() ?? 0, all.max() ?? 0)
        }
        let count = values.map(\.count).max() ?? 0
        var low = 0.0
        var high = 0.0
        for index in 0..<count {
            let column = values.compactMap { index < $0.count ? $0[index] : nil }
            high = max(high, column.filter { $0 > 0 }.reduce(0, +))
            low = min(low, column.filter { $0 < 0 }.reduce(0, +))
        }
        return (low, high)
    }

    /// Each slice's share as a percentage (or its formatted value); empty for a slice under 4% of the
    /// whole, which has no room for one.
    private func sliceTexts(_ values: [Double]) -> [String] {
        let total = values.filter { $0 > 0 }.reduce(0, +)
        return values.map { value in
            guard total > 0, value > 0, value / total >= 0.04 else { return "" }
            if showsPercentages { return "\(Int((value / total * 100).rounded()))%" }
            return valueFormatter(value)
        }
    }

    func typeset(_ text: String, bold: Bool = false, color: Color? = nil) -> Label {
        guard !text.isEmpty else { return .empty }
        var style = textStyle
        if bold { style.weight = 700 }
        if let color { style.color = color }
        let layout = Typesetter.layout(
            [TextSpan(text: text, style: style)], paragraph: ParagraphStyle(), width: .infinity, registry: registry)
        return Label(items: layout.items, size: layout.size)
    }
}
