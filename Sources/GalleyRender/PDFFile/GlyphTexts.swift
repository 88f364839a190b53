/// Where each glyph's text is in a run (`GlyphRun.clusters`): the first glyph of a cluster
/// stands for the cluster's text, the others for none.
struct GlyphTexts {
    /// Byte range of `run.text` per glyph (empty for a cluster's later glyphs); nil when
    /// each glyph is one byte of its own.
    private var ranges: [Range<Int>]?

    init(_ run: GlyphRun) {
        guard let clusters = run.clusterList else {
            ranges = nil
            return
        }
        let total = run.text.utf8.count
        // No clusters: the whole text for the whole run (its first glyph).
        guard !clusters.isEmpty else {
            ranges = [0..<total]
            return
        }
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(run.glyphs.count)
        var position = 0
        // Counts are not trusted: negative ones count as none, and ranges stay inside the text.
        for cluster in clusters {
            let bytes = max(0, cluster.byteCount)
            let end = min(position + bytes, total)
            let start = min(position, total)
            let range = run.clustersBackward ? (total - end)..<(total - start) : start..<end
            for index in 0..<max(0, cluster.glyphCount) {
                ranges.append(index == 0 ? range : range.lowerBound..<range.lowerBound)
            }
            position = end
        }
        self.ranges = ranges
    }

    /// The UTF-16 text glyph `index` stands for, in `scratch`; nil when none.
    func text(ofGlyph index: Int, in run: GlyphRun, scratch: inout [UInt16]) -> ArraySlice<UInt16>? {
        scratch.removeAll(keepingCapacity: true)
        let utf8 = run.text.utf8
        let range: Range<Int>
        if let ranges {
            guard index < ranges.count else { return nil }
            range = ranges[index]
        } else {
            guard index < utf8.count else { return nil }
            range = index..<(index + 1)
        }
        // At most 256 code units a glyph (a cluster of a whole paragraph stays readable).
        guard !range.isEmpty, range.count <= 1024 else { return nil }
        let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        let end = utf8.index(start, offsetBy: range.count)
        scratch.append(contentsOf: String(decoding: utf8[start..<end], as: UTF8.self).utf16)
        return scratch.isEmpty ? nil : scratch[...]
    }
}
