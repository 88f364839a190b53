import CCairo
import GalleyLayout

/// The glyphs, text clusters and text of glyph runs on their way to cairo in one call.
///
/// The painter's scratch arrays for `cairo_show_glyphs` and `cairo_show_text_glyphs`, grown as
/// needed and reused by every run of a page. In a PDF they also gather consecutive runs that
/// share a face, size, slant and colour into one call (`Painter.drawGlyphs`): cairo's PDF
/// surface records, copies and replays every call on its own — a dozen allocations and a
/// scaled-font lookup each — while its text operators already join consecutive calls into one
/// text object, so the content stream does not change.
final class GlyphBatch {
    /// What the gathered runs share: one font selection and one source colour.
    struct Style: Equatable {
        /// Held here, so the face outlives the batch's runs whatever the face cache evicts.
        var face: CairoFontFace
        var fontSize: Double
        var slant: Double
        var color: Color

        static func == (a: Style, b: Style) -> Bool {
            a.face === b.face && a.fontSize == b.fontSize && a.slant == b.slant && a.color == b.color
        }
    }

    /// The style of the runs gathered, nil while empty.
    private(set) var style: Style?
    private(set) var glyphs: UnsafeMutablePointer<cairo_glyph_t>
    private(set) var glyphCount = 0
    private var glyphCapacity = 64
    private(set) var clusters: UnsafeMutablePointer<cairo_text_cluster_t>
    private(set) var clusterCount = 0
    private var clusterCapacity = 64
    /// The runs' text, UTF-8, in the order of their clusters.
    private(set) var text: [UInt8] = []

    init() {
        glyphs = .allocate(capacity: glyphCapacity)
        clusters = .allocate(capacity: clusterCapacity)
    }

    deinit {
        glyphs.deallocate()
        clusters.deallocate()
    }

    var isEmpty: Bool { glyphCount == 0 }

    /// Forgets the gathered runs, keeping the storage.
    func removeAll() {
        style = nil
        glyphCount = 0
        clusterCount = 0
        text.removeAll(keepingCapacity: true)
    }

    /// Adds `run`'s glyphs moved by (`dx`, `dy`) — added after the run's origin, the order in
    /// which cairo applies a translation, so a position is the same double either way.
    /// With `withText`, also its clusters and text; returns false, adding nothing, when the
    /// run's clusters do not cover its text and glyphs exactly (cairo would put the context
    /// into a permanent error state).
    func append(_ run: GlyphRun, style: Style, dx: Double, dy: Double, withText: Bool) -> Bool {
        assert(self.style == nil || self.style == style, "a batch holds runs of one style")
        if withText {
            guard appendClusters(run) else { return false }
            text.append(contentsOf: run.text.utf8)
        }
        let count = run.glyphs.count
        reserveGlyphs(glyphCount + count)
        let (ox, oy) = (run.origin.x, run.origin.y)
        var index = glyphCount
        for glyph in run.glyphs {
            glyphs[index] = cairo_glyph_t(index: UInt(glyph.id), x: ox + glyph.x + dx, y: oy + glyph.y + dy)
            index += 1
        }
        glyphCount = index
        self.style = style
        return true
    }

    /// Appends the run's clusters in the order cairo reads them; on a mismatch with the run's
    /// text or glyphs, restores the count and returns false.
    private func appendClusters(_ run: GlyphRun) -> Bool {
        let byteCount = run.text.utf8.count
        let start = clusterCount
        guard let list = run.clusterList else {
            // Each glyph one byte of the text (GlyphRun.clusterList): as many clusters as glyphs.
            guard byteCount == run.glyphs.count else { return false }
            reserveClusters(start + byteCount)
            for index in start..<start + byteCount {
                clusters[index] = cairo_text_cluster_t(num_bytes: 1, num_glyphs: 1)
            }
            clusterCount = start + byteCount
            return true
        }
        guard !list.isEmpty else {
            // No clusters: the whole text maps to the whole run (still extractable).
            reserveClusters(start + 1)
            clusters[start] = cairo_text_cluster_t(num_bytes: Int32(byteCount), num_glyphs: Int32(run.glyphs.count))
            clusterCount = start + 1
            return true
        }
        reserveClusters(start + list.count)
        var bytes = 0
        var glyphTotal = 0
        var index = start
        // GlyphRun lists clusters in visual glyph order. cairo's BACKWARD flag wants them in
        // text order, mapped to glyphs from the end of the glyph array: the reverse order.
        let ordered = run.clustersBackward ? Array(list.reversed()) : list
        for cluster in ordered {
            guard cluster.byteCount >= 0, cluster.glyphCount >= 0 else { return false }
            bytes += cluster.byteCount
            glyphTotal += cluster.glyphCount
            clusters[index] = cairo_text_cluster_t(
                num_bytes: Int32(cluster.byteCount), num_glyphs: Int32(cluster.glyphCount))
            index += 1
        }
        guard bytes == byteCount, glyphTotal == run.glyphs.count else { return false }
        clusterCount = index
        return true
    }

    private func reserveGlyphs(_ count: Int) {
        Self.grow(&glyphs, capacity: &glyphCapacity, keeping: glyphCount, toHold: count)
    }

    private func reserveClusters(_ count: Int) {
        Self.grow(&clusters, capacity: &clusterCapacity, keeping: clusterCount, toHold: count)
    }

    /// Grows `storage` (at least doubling it) to hold `count` elements, keeping its first `kept`.
    private static func grow<Element>(
        _ storage: inout UnsafeMutablePointer<Element>, capacity: inout Int, keeping kept: Int, toHold count: Int
    ) {
        guard count > capacity else { return }
        capacity = max(count, capacity * 2)
        let grown = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
        grown.update(from: storage, count: kept)
        storage.deallocate()
        storage = grown
    }
}

extension GlyphRun {
    /// Whether the text has a character that is drawn with ink: not a space, a control or an
    /// invisible format character. cairo leaves out a call with no ink at all, text included,
    /// so a run of spaces is never gathered into a call that has ink.
    var hasInkedCharacter: Bool {
        // ASCII letters, digits and punctuation: most runs answer at their first byte.
        for byte in text.utf8 where byte > 0x20 && byte < 0x7F { return true }
        return text.unicodeScalars.contains { scalar in
            let properties = scalar.properties
            switch properties.generalCategory {
            case .control, .format, .unassigned, .spaceSeparator, .lineSeparator, .paragraphSeparator: return false
            default: return !properties.isWhitespace && !properties.isDefaultIgnorableCodePoint
            }
        }
    }

    /// Whether every glyph's origin, moved by (`dx`, `dy`), lies inside `area` and at least two
    /// ems from its edges: then the ink of the run's glyphs, which lies within an em or so of
    /// their origins, is inside the area too, and cairo would not leave the run out.
    func lies(within area: Rect, dx: Double, dy: Double) -> Bool {
        let margin = 2 * abs(fontSize)
        let minX = area.minX + margin - dx - origin.x
        let maxX = area.maxX - margin - dx - origin.x
        let minY = area.minY + margin - dy - origin.y
        let maxY = area.maxY - margin - dy - origin.y
        guard minX <= maxX, minY <= maxY else { return false }
        for glyph in glyphs where glyph.x < minX || glyph.x > maxX || glyph.y < minY || glyph.y > maxY {
            return false
        }
        return true
    }
}
