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
    /// How glyphs map to `text`, in visual glyph order; empty maps the whole text to the whole run.
    public var clusters: [Cluster] {
        get { clusterList ?? Array(repeating: Cluster(byteCount: 1, glyphCount: 1), count: glyphs.count) }
        set { clusterList = GlyphRun.compacted(newValue, glyphCount: glyphs.count) }
    }
    /// `clusters`, or nil when each glyph is a cluster of its own one UTF-8 byte — ASCII text
    /// without ligatures, most runs — so that case keeps no array. Always in this one form, so
    /// that equal runs compare equal.
    package private(set) var clusterList: [Cluster]?
    public var clustersBackward: Bool
    /// A synthetic slant (shear) for italic styles that have no italic face; 0 for none.
    public var syntheticSlant: Double

    public init(
        font: FontResource, fontSize: Double, color: Color, origin: Point, glyphs: [Glyph],
        text: String, clusters: [Cluster], clustersBackward: Bool = false, syntheticSlant: Double = 0
    ) {
        self.init(
            font: font, fontSize: fontSize, color: color, origin: origin, glyphs: glyphs, text: text,
            clusterList: GlyphRun.compacted(clusters, glyphCount: glyphs.count), clustersBackward: clustersBackward,
            syntheticSlant: syntheticSlant)
    }

    /// A run whose clusters are already in `clusterList`'s form (nil: one byte per glyph).
    package init(
        font: FontResource, fontSize: Double, color: Color, origin: Point, glyphs: [Glyph],
        text: String, clusterList: [Cluster]?, clustersBackward: Bool, syntheticSlant: Double
    ) {
        // One form only: a list of one byte per glyph must come as nil.
        assert(clusterList.map { GlyphRun.compacted($0, glyphCount: glyphs.count) != nil } ?? true)
        self.font = font
        self.fontSize = fontSize
        self.color = color
        self.origin = origin
        self.glyphs = glyphs
        self.text = text
        self.clusterList = clusterList
        self.clustersBackward = clustersBackward
        self.syntheticSlant = syntheticSlant
    }

    /// `clusters` as `clusterList` keeps them.
    private static func compacted(_ clusters: [Cluster], glyphCount: Int) -> [Cluster]? {
        let isOneBytePerGlyph =
            clusters.count == glyphCount && clusters.allSatisfy { $0.byteCount == 1 && $0.glyphCount == 1 }
        return isOneBytePerGlyph ? nil : clusters
    }

    /// The same run moved by an offset (paragraph lines are laid out at 0,0 and placed later).
    public func offsetBy(x: Double, y: Double) -> GlyphRun {
        var copy = self
        copy.origin = Point(x: origin.x + x, y: origin.y + y)
        return copy
    }
}
