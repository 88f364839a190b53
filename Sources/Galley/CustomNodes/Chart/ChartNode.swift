import GalleyLayout
import GalleyRender
import GalleyText

/// A chart drawn from data — bar (grouped, stacked, horizontal), line, area, pie, donut or scatter — built
/// only on the public `DrawingNode` API.
///
/// Several series share one value axis; a legend names them (or a pie's slices); the axes can carry
/// titles; tick labels go through ``valueFormatter`` (a template passes the document's number
/// formatting). Every label is typeset in ``textStyle`` when the node snapshots its parameters, on the
/// node's own thread; the static routine then only places the recorded glyph runs, so it touches no font
/// state and may run on any thread. In a PDF everything stays vector and the text extractable.
public final class ChartNode: DisplayNode, DrawingNode, DocumentStyledNode {
    public enum Kind: String, Sendable, CaseIterable {
        case bar, line, area, pie, donut, scatter
    }

    /// Where the legend goes; `automatic` shows one for several series and for pies and donuts.
    public enum LegendPosition: String, Sendable, CaseIterable {
        case automatic, none, top, bottom, right
    }

    /// One series: a name for the legend, values by category (or points for a scatter chart), a colour
    /// (nil takes the palette's next).
    public struct Series: Hashable, Sendable {
        public var name: String
        public var values: [Double]
        public var points: [Point]
        public var color: Color?

        public init(name: String = "", values: [Double] = [], points: [Point] = [], color: Color? = nil) {
            self.name = name
            self.values = values
            self.points = points
            self.color = color
        }
    }

    public var kind: Kind
    public var series: [Series]
    /// Category names along the category axis (bars, lines, areas) or of a pie's slices.
    public var labels: [String]
    /// Bars and areas of several series stack instead of standing side by side.
    public var stacked = false
    /// Bars run left to right, categories down the side.
    public var horizontal = false
    public var legend: LegendPosition = .automatic
    /// The category (or, for scatter, the x) axis title.
    public var xTitle: String?
    /// The value (or, for scatter, the y) axis title.
    public var yTitle: String?
    /// Series colours, in order (cycled); a series' own colour wins. An empty palette is the default one.
    public var palette: [Color] {
        didSet { if palette.isEmpty { palette = ChartNode.defaultPalette } }
    }
    public var axisColor: Color
    public var gridColor: Color
    /// The value at the end of the value axis; nil = the data's largest rounded up to a round step.
    public var maxValue: Double?
    /// The value at the start of the value axis; nil = 0, or the data's smallest rounded down when negative.
    public var minValue: Double?
    /// How tick values (and pie slice values) read: `formatValue` by default.
    public var valueFormatter: @Sendable (Double) -> String = ChartNode.formatValue
    /// Pie and donut slices show their share as a percentage (else their formatted value).
    public var showsPercentages = true
    /// The labels' family, weight, size and colour.
    public var textStyle: TextStyle
    public var registry: FontRegistry

    /// The palette charts use unless told otherwise (Tailwind's 600 shades: blue, orange, green, red,
    /// violet, cyan, pink, lime).
    public static let defaultPalette: [Color] = [
        Color(rgb8: 0x25, 0x63, 0xeb), Color(rgb8: 0xea, 0x58, 0x0c), Color(rgb8: 0x16, 0xa3, 0x4a),
        Color(rgb8: 0xdc, 0x26, 0x26), Color(rgb8: 0x7c, 0x3a, 0xed), Color(rgb8: 0x08, 0x91, 0xb2),
        Color(rgb8: 0xdb, 0x27, 0x77), Color(rgb8: 0x65, 0xa3, 0x0d),
    ]

    /// A chart of several series.
    public init(
        kind: Kind, series: [Series], labels: [String] = [], palette: [Color] = ChartNode.defaultPalette,
        axisColor: Color = Color(rgb8: 0x37, 0x41, 0x51), gridColor: Color = Color(rgb8: 0xe5, 0xe7, 0xeb),
        textStyle: TextStyle = TextStyle(font: "Liberation Sans", fontSize: 8, color: Color(rgb8: 0x37, 0x41, 0x51)),
        registry: FontRegistry = .shared
    ) {
        self.kind = kind
        self.series = series
        self.labels = labels
        self.palette = palette.isEmpty ? ChartNode.defaultPalette : palette
        self.axisColor = axisColor
        self.gridColor = gridColor
        self.textStyle = textStyle
        self.registry = registry
        super.init()
    }

    /// A chart of one series of `values` in `color`.
    public convenience init(
        kind: Kind, values: [Double], labels: [String] = [], color: Color = Color(rgb8: 0x25, 0x63, 0xeb),
        axisColor: Color = Color(rgb8: 0x37, 0x41, 0x51), gridColor: Color = Color(rgb8: 0xe5, 0xe7, 0xeb),
        maxValue: Double? = nil,
        labelStyle: TextStyle = TextStyle(font: "Liberation Sans", fontSize: 8, color: Color(rgb8: 0x37, 0x41, 0x51)),
        registry: FontRegistry = .shared
    ) {
        self.init(
            kind: kind, series: [Series(values: values, color: color)], labels: labels, axisColor: axisColor,
            gridColor: gridColor, textStyle: labelStyle, registry: registry)
        self.maxValue = maxValue
    }

    /// The first series' values (a one-series chart's data).
    public var values: [Double] {
        get { series.first?.values ?? [] }
        set {
            if series.isEmpty { series = [Series(values: newValue)] } else { series[0].values = newValue }
        }
    }

    public override var typeName: String { "chart" }

    /// A figure in tagged PDF: it needs `alt` text under PDF/UA.
    public override func defaultStructureRole(inside parent: StructureRole?) -> StructureRole? { .figure }

    /// Takes the document's fonts, and its text style's family and colour for the labels (keeping their size).
    public func adoptDocumentStyle(_ style: TextStyle, registry: FontRegistry) {
        self.registry = registry
        textStyle.font = style.font
        textStyle.color = style.color
    }

    /// The colour series `index` is drawn in.
    func color(ofSeries index: Int) -> Color {
        series[index].color ?? palette[index % palette.count]
    }

    /// `value` as the default tick label: whole numbers as they are, others to two decimals.
    @Sendable public static func formatValue(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String((value * 100).rounded() / 100)
    }
}

/// A node that takes the document's fonts and text style when a template builds it: custom nodes with text
/// of their own (the chart) adopt the document's default family rather than a fixed one.
public protocol DocumentStyledNode: DisplayNode {
    /// Called by the template builder after the node's factory made it.
    func adoptDocumentStyle(_ style: TextStyle, registry: FontRegistry)
}
