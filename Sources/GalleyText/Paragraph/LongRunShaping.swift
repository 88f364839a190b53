/// Shapes a run longer than ``chunkLength`` code units in pieces, so one `hb_shape` call never
/// holds a megabyte of glyphs (HarfBuzz keeps 40 bytes of buffer per glyph) and a cancelled
/// render stops between pieces rather than after the whole run (`TypesettingCancellation`).
///
/// Each piece is shaped with the rest of the run as context and cut at the last cluster
/// HarfBuzz did not flag `HB_GLYPH_FLAG_UNSAFE_TO_BREAK` at least ``margin`` code units before
/// the piece's end: HarfBuzz documents that the glyphs on either side of such a cluster are
/// those of shaping the two sides separately, and no font looks a thousand characters ahead,
/// so the pieces join into the glyphs of shaping the run at once (a test compares both on long
/// texts in several scripts). A piece without a safe cut is shaped to the run's end in one go.
/// Runs up to ``chunkLength`` — every paragraph of an ordinary document — are shaped whole.
enum LongRunShaping {
    /// The longest run shaped in one call, in UTF-16 code units.
    static let chunkLength = 16_384
    /// How far before a piece's end its cut must lie.
    static let margin = 1_024

    static func shape(_ key: ShapeKey, face: FontFace, session: ShapingSession) -> [RawGlyph] {
        let count = key.item.upperBound
        // Pieces in logical order; a right-to-left run's glyphs are in visual order within each.
        var pieces: [[RawGlyph]] = []
        var start = key.item.lowerBound
        while start < count {
            let end = min(count, start + chunkLength)
            guard end < count else {
                pieces.append(session.shapeWithHarfBuzz(key, face: face, range: start..<count))
                break
            }
            let shaped = session.shapeWithHarfBuzz(key, face: face, range: start..<end)
            let window = (start + 1)...(end - margin)
            guard let cut = safeCut(shaped, unsafe: shaped.map(\.unsafeToBreak), within: window) else {
                pieces.append(session.shapeWithHarfBuzz(key, face: face, range: start..<count))
                break
            }
            pieces.append(shaped.filter { Int($0.cluster) < cut })
            start = cut
            // Asked after every piece (a few milliseconds of shaping). Cancelled, the partial run
            // is not cached (`ShapingCache`) and the layout is dropped (`Typesetter`).
            if TypesettingCancellation.shouldStop(length: key.item.count) { break }
        }
        return key.rtl ? pieces.reversed().flatMap { $0 } : pieces.flatMap { $0 }
    }

    /// The largest cluster in `window` that starts a cluster no glyph of which is unsafe to break
    /// before, or nil.
    static func safeCut(_ glyphs: [RawGlyph], unsafe: [Bool], within window: ClosedRange<Int>) -> Int? {
        var unsafeClusters = Set<Int>()
        var clusters = Set<Int>()
        for (index, glyph) in glyphs.enumerated() where window.contains(Int(glyph.cluster)) {
            clusters.insert(Int(glyph.cluster))
            if unsafe[index] { unsafeClusters.insert(Int(glyph.cluster)) }
        }
        return clusters.subtracting(unsafeClusters).max()
    }
}
