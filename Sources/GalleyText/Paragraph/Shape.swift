import CHarfBuzz

/// A positioned glyph in points; `cluster` is the UTF-16 offset in the paragraph of the first
/// character it came from. Offsets are y-up (HarfBuzz convention).
struct ShapedGlyph {
    var id: UInt32
    var cluster: Int
    var advance: Double
    var xOffset: Double
    var yOffset: Double
}

/// An item after shaping: glyphs in visual order (right-to-left items reversed), letter spacing
/// included in the advances.
struct ShapedItem {
    let item: TextItem
    let style: TextStyle
    let glyphs: [ShapedGlyph]
    /// How `glyphs`' clusters are ordered (lines slice the item by cluster range).
    let order: ClusterOrder

    init(item: TextItem, style: TextStyle, glyphs: [ShapedGlyph]) {
        self.item = item
        self.style = style
        self.glyphs = glyphs
        order = ClusterOrder(glyphs)
    }
}

/// The shape phase's result: items plus every code unit's advance (the sum of its cluster's
/// glyph advances, attributed to the cluster's first code unit), so any logical range's width
/// is a difference of prefix sums.
struct Shaping {
    let items: [ShapedItem]
    /// prefix[i] = total advance of code units 0..<i.
    let prefix: [Double]

    func width(_ range: Range<Int>) -> Double {
        range.isEmpty ? 0 : prefix[range.upperBound] - prefix[range.lowerBound]
    }
}

/// Shape: HarfBuzz on each item as a whole, through the shaping cache. Items are not split into
/// words: fonts kern across spaces (Liberation Sans kerns " T"), and hb-shape agreement is a
/// test; the cache still hits for repeated runs (labels, table cells, batch records). Direction, script and language are set on the buffer; features parse with
/// HarfBuzz's own syntax. One hb_buffer per session (one session per layout call, so per thread).
final class ShapingSession {
    private let buffer: OpaquePointer?
    let language: String
    /// The layout is measured now and typeset again when drawn (a paged body): its runs go
    /// into the shaping cache at once, not into probation (`ShapingCache.glyphs`).
    let measuringOnly: Bool

    init(language: String?, measuringOnly: Bool = false) {
        buffer = hb_buffer_create()
        self.language = language ?? "en"
        self.measuringOnly = measuringOnly
    }

    deinit { hb_buffer_destroy(buffer) }

    func run(_ text: ParagraphText, items: [TextItem]) -> Shaping {
        var perUnit = [Double](repeating: 0, count: text.count)
        var shaped: [ShapedItem] = []
        var cancellation = TypesettingCancellation(length: text.count)
        for item in items {
            if cancellation.shouldStop() { break }
            let style = text.spans[item.spanIndex].style
            let glyphs = shapeItem(text, item.range, item: item, style: style)
            for glyph in glyphs { perUnit[glyph.cluster] += glyph.advance }
            shaped.append(ShapedItem(item: item, style: style, glyphs: glyphs))
        }
        var prefix = [Double](repeating: 0, count: text.count + 1)
        for i in 0..<text.count { prefix[i + 1] = prefix[i] + perUnit[i] }
        return Shaping(items: shaped, prefix: prefix)
    }

    /// Shapes a short standalone string (hyphen, ellipsis) in a face; clusters relative to it.
    func shapeStandalone(_ string: String, face: FontFace, style: TextStyle, rtl: Bool) -> [ShapedGlyph] {
        let units = Array(string.utf16)
        let script = Itemize.resolvedScripts(ParagraphText([TextSpan(text: string, style: style)])).first ?? "Zyyy"
        let key = ShapeKey(
            font: face.resource, features: style.features, text: units, rtl: rtl, script: script, language: language)
        return scale(raw(key, face: face), face: face, style: style, base: 0)
    }

    private func shapeItem(_ text: ParagraphText, _ word: Range<Int>, item: TextItem, style: TextStyle) -> [ShapedGlyph]
    {
        let key = ShapeKey(
            font: item.face.resource, features: style.features, text: Array(text.units[word]), rtl: item.isRTL,
            script: item.script, language: language)
        return scale(raw(key, face: item.face), face: item.face, style: style, base: word.lowerBound)
    }

    private func scale(_ raw: [RawGlyph], face: FontFace, style: TextStyle, base: Int) -> [ShapedGlyph] {
        let factor = style.fontSize / Double(face.unitsPerEm)
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(raw.count)
        for (index, g) in raw.enumerated() {
            var advance = Double(g.advance) * factor
            // Letter spacing goes after each cluster: on the cluster's last glyph in visual order.
            if style.letterSpacing != 0, index + 1 == raw.count || raw[index + 1].cluster != g.cluster {
                advance += style.letterSpacing
            }
            glyphs.append(
                ShapedGlyph(
                    id: g.id, cluster: base + Int(g.cluster), advance: advance,
                    xOffset: Double(g.xOffset) * factor, yOffset: Double(g.yOffset) * factor))
        }
        return glyphs
    }

    private func raw(_ key: ShapeKey, face: FontFace) -> [RawGlyph] {
        ShapingCache.glyphs(for: key, admittingAtOnce: measuringOnly) { shapeWithHarfBuzz(key, face: face) }
    }

    /// HarfBuzz's glyphs for `key` (no cache); the buffer is this session's. A run longer than
    /// `LongRunShaping.chunkLength` is shaped in pieces (`LongRunShaping`).
    func shapeWithHarfBuzz(_ key: ShapeKey, face: FontFace) -> [RawGlyph] {
        if key.text.count > LongRunShaping.chunkLength { return LongRunShaping.shape(key, face: face, session: self) }
        return shapeWithHarfBuzz(key, face: face, range: 0..<key.text.count).glyphs
    }

    /// HarfBuzz's glyphs for `range` of `key.text`, the rest of the text as context; clusters are
    /// offsets into the whole text, and `unsafeToBreak` marks glyphs HarfBuzz flagged
    /// `HB_GLYPH_FLAG_UNSAFE_TO_BREAK` (the run may not be cut before their cluster).
    func shapeWithHarfBuzz(_ key: ShapeKey, face: FontFace, range: Range<Int>) -> (
        glyphs: [RawGlyph], unsafeToBreak: [Bool]
    ) {
        guard let buffer else { return ([], []) }
        hb_buffer_clear_contents(buffer)
        key.text.withUnsafeBufferPointer {
            hb_buffer_add_utf16(
                buffer, $0.baseAddress, Int32($0.count), UInt32(range.lowerBound), Int32(range.count))
        }
        hb_buffer_set_direction(buffer, key.rtl ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        // withCString: passing a short String straight to a C parameter copies it to a new array.
        hb_buffer_set_script(buffer, key.script.withCString { hb_script_from_string($0, -1) })
        hb_buffer_set_language(buffer, key.language.withCString { hb_language_from_string($0, -1) })
        let features = key.features.compactMap { string -> hb_feature_t? in
            var feature = hb_feature_t()
            return hb_feature_from_string(string, -1, &feature) != 0 ? feature : nil
        }
        hb_shape(face.hbFont, buffer, features, UInt32(features.count))
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
            let positions = hb_buffer_get_glyph_positions(buffer, nil)
        else { return ([], []) }
        let glyphs = (0..<Int(count)).map { i in
            RawGlyph(
                id: infos[i].codepoint, cluster: Int32(truncatingIfNeeded: infos[i].cluster),
                advance: positions[i].x_advance, xOffset: positions[i].x_offset, yOffset: positions[i].y_offset)
        }
        guard range.count < key.text.count else { return (glyphs, []) }
        let unsafe = HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue
        return (glyphs, (0..<Int(count)).map { infos[$0].mask & unsafe != 0 })
    }
}
