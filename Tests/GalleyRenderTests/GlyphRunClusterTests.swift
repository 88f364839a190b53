import GalleyLayout
import Testing

@testable import GalleyRender

/// A run whose every glyph is a cluster of its own one UTF-8 byte keeps no cluster array, and
/// reads and compares as the run with that array would.
@Suite("Glyph run clusters")
struct GlyphRunClusterTests {
    static func run(_ text: String, glyphs: Int, clusters: [GlyphRun.Cluster]) -> GlyphRun {
        GlyphRun(
            font: Fixtures.sans, fontSize: 12, color: .black, origin: .zero,
            glyphs: (0..<glyphs).map { GlyphRun.Glyph(id: UInt32(3 + $0), x: Double($0) * 6, y: 0) }, text: text,
            clusters: clusters)
    }

    static let one = GlyphRun.Cluster(byteCount: 1, glyphCount: 1)

    @Test func oneBytePerGlyphKeepsNoArrayAndReadsBack() {
        let run = Self.run("Total", glyphs: 5, clusters: Array(repeating: Self.one, count: 5))
        #expect(run.clusterList == nil)
        #expect(run.clusters == Array(repeating: Self.one, count: 5))
        let same = GlyphRun(
            font: run.font, fontSize: 12, color: .black, origin: .zero, glyphs: run.glyphs, text: "Total",
            clusterList: nil, clustersBackward: false, syntheticSlant: 0)
        #expect(same == run)
        #expect(same.hashValue == run.hashValue)
    }

    @Test func otherClustersAreKeptAsGiven() {
        // A ligature: "ffi" (3 bytes) drawn by one glyph.
        let ligature = [Self.one, GlyphRun.Cluster(byteCount: 3, glyphCount: 1)]
        let run = Self.run("Taffi", glyphs: 2, clusters: [Self.one] + [GlyphRun.Cluster(byteCount: 4, glyphCount: 1)])
        #expect(run.clusterList?.count == 2)
        #expect(Self.run("affi", glyphs: 2, clusters: ligature).clusters == ligature)
        // No clusters maps the whole text to the whole run: not the same as one byte per glyph.
        let whole = Self.run("ab", glyphs: 2, clusters: [])
        #expect(whole.clusterList == [])
        #expect(whole != Self.run("ab", glyphs: 2, clusters: [Self.one, Self.one]))
        // Fewer clusters than glyphs, each of one byte, is not the compact form either.
        #expect(Self.run("ab", glyphs: 3, clusters: [Self.one, Self.one]).clusterList?.count == 2)
    }

    @Test func settingClustersKeepsTheCompactForm() {
        var run = Self.run("ab", glyphs: 2, clusters: [GlyphRun.Cluster(byteCount: 2, glyphCount: 2)])
        #expect(run.clusterList != nil)
        run.clusters = [Self.one, Self.one]
        #expect(run.clusterList == nil)
        #expect(run == Self.run("ab", glyphs: 2, clusters: [Self.one, Self.one]))
    }
}
