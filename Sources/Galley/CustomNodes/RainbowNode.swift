import GalleyLayout
import GalleyRender

/// The striped rainbow of Texture's custom-node guide, built only on the public `DrawingNode`
/// API: the node snapshots its stripes into `Parameters`, and a static routine draws them.
public final class RainbowNode: DisplayNode, DrawingNode {
    /// Which way the stripes run.
    public enum Direction: String, Sendable, CaseIterable {
        /// Stripes stacked top to bottom (each stripe is a horizontal band).
        case horizontal
        /// Stripes side by side, left to right.
        case vertical
    }

    public struct Parameters: Hashable, Sendable {
        public var colors: [Color]
        public var direction: Direction
        /// Whether the routine paints white under the stripes first (Texture's rainbow clears
        /// its backing store unless it is rasterizing into an ancestor).
        public var clearsBackground: Bool
    }

    /// Red, orange, yellow, green, blue, purple: the guide's six colours.
    public static let defaultColors: [Color] = [
        Color(red: 1, green: 0, blue: 0), Color(red: 1, green: 0.5, blue: 0), Color(red: 1, green: 1, blue: 0),
        Color(red: 0, green: 1, blue: 0), Color(red: 0, green: 0, blue: 1), Color(red: 0.5, green: 0, blue: 0.5),
    ]

    /// The stripe colours, in order; cycled when `stripes` is larger.
    public var colors: [Color]
    /// How many stripes; nil = one per colour.
    public var stripes: Int?
    public var direction: Direction
    public var clearsBackground = false

    public init(colors: [Color] = RainbowNode.defaultColors, stripes: Int? = nil, direction: Direction = .horizontal) {
        self.colors = colors
        self.stripes = stripes
        self.direction = direction
        super.init()
    }

    public override var typeName: String { "rainbow" }

    public override func defaultStructureRole(inside parent: StructureRole?) -> StructureRole? { .figure }

    public func drawParameters() -> Parameters {
        let palette = colors.isEmpty ? Self.defaultColors : colors
        let count = max(1, stripes ?? palette.count)
        return Parameters(
            colors: (0..<count).map { palette[$0 % palette.count] }, direction: direction,
            clearsBackground: clearsBackground)
    }

    public static func draw(
        _ parameters: Parameters, in context: GraphicsContext, bounds: Rect, isCancelled: CancellationCheck,
        isRasterizing: Bool
    ) throws {
        // Clear the backing store, but only when not drawing into an ancestor's bitmap.
        if parameters.clearsBackground && !isRasterizing {
            context.fill(bounds, color: .white)
        }
        let count = parameters.colors.count
        let vertical = parameters.direction == .vertical
        let extent = vertical ? bounds.width : bounds.height
        for (index, color) in parameters.colors.enumerated() {
            if isCancelled() { return }
            // Stripe edges on exact fractions of the extent: no gaps, no overlaps.
            let start = extent * Double(index) / Double(count)
            let end = extent * Double(index + 1) / Double(count)
            let stripe =
                vertical
                ? Rect(x: bounds.minX + start, y: bounds.minY, width: end - start, height: bounds.height)
                : Rect(x: bounds.minX, y: bounds.minY + start, width: bounds.width, height: end - start)
            context.fill(stripe, color: color)
        }
    }
}
