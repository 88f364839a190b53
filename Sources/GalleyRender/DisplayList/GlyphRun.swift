import GalleyLayout

/// A run of shaped glyphs in one font, size and colour, with the text they came from.
///
/// Clusters map glyphs back to text so a PDF keeps the original Unicode (ligatures, Arabic,
/// combining marks extract correctly): cluster `i` covers `clusters[i].glyphCount` glyphs and
/// `clusters[i].byteCount` UTF-8 bytes of `text`, in visual glyph order. When the run is
/// right-to-left, `clustersBackward` is set and the text ranges run from the end of `text`.
public struct GlyphRun: Hashable, Sendable {
    /// A glyph id with its pen position relative to the run's origin (points, y down).
    public struct Glyph: Hashable, Sendable {
        public var id: UInt32
        public var x: Double
        public var y: Double

        public init(id: UInt32, x: Double, y: Double) {
            self.id = id
            self.x = x
            self.y = y
        }
    }

    /// A text-to-glyph mapping unit (cairo's `cairo_text_cluster_t`).
    public struct Cluster: Hashable, Sendable {
        public var byteCount: Int
        public var glyphCount: Int

        public init(byteCount: Int, glyphCount: Int) {
            self.byteCount = byteCount
            self.glyphCount = glyphCount
        }
    }

    public var font: FontResource
    /// Em size in points.
    public var fontSize: Double
    public var color: Color
    /// The baseline origin of the run in the enclosing coordinate space.
    public var origin: Point
    public var glyphs: [Glyph]
    public var text: String
    public var clusters: [Cluster]
    public var clustersBackward: Bool
    /// A synthetic slant (shear) for italic styles that have no italic face; 0 for none.
    public var syntheticSlant: Double

    public init(
        font: FontResource, fontSize: Double, color: Color, origin: Point, glyphs: [Glyph],
        text: String, clusters: [Cluster], clustersBackward: Bool = false, syntheticSlant: Double = 0
    ) {
        self.font = font
        self.fontSize = fontSize
        self.color = color
        self.origin = origin
        self.glyphs = glyphs
        self.text = text
        self.clusters = clusters
        self.clustersBackward = clustersBackward
        self.syntheticSlant = syntheticSlant
    }

    /// The same run moved by an offset (paragraph lines are laid out at 0,0 and placed later).
    public func offsetBy(x: Double, y: Double) -> GlyphRun {
        var copy = self
        copy.origin = Point(x: origin.x + x, y: origin.y + y)
        return copy
    }
}
