import CHarfBuzz
import GalleyRender

/// A positioned glyph in points; `cluster` is the UTF-16 offset in the paragraph of the first
/// character it came from. Offsets are y-up (HarfBuzz convention).
struct ShapedGlyph {
    var id: UInt32
    var cluster: Int
    var advance: Double
    var xOffset: Double
    var yOffset: Double
    /// A line may not be cut before this glyph's cluster without shaping again (`RawGlyph`).
    var unsafeToBreak = false
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
/// HarfBuzz's own syntax. One hb_buffer per session (one session per layout call, so per thread),
/// handed on to the thread's next session (`spareBuffers`).
final class ShapingSession {
    private let buffer: OpaquePointer?
    let language: String
    /// The layout is measured now and typeset again when drawn (a paged body): its runs go
    /// into the shaping cache at once, not into probation (`ShapingCache.glyphs`).
    let measuringOnly: Bool

    /// The most code units shaped at once with `buffer` (a buffer that grew large is not kept).
    private var longestShaped = 0

    /// The HarfBuzz buffer a thread's sessions pass on, one to the next: a buffer keeps its
    /// arrays when cleared, so a session shaping a short paragraph allocates nothing in HarfBuzz
    /// (a buffer made and freed per paragraph was several allocations). A session made while
    /// another is alive on the thread gets a new buffer of its own.
    private static let spareBuffers = ThreadSpare(
        make: { UnsafeMutableRawPointer(hb_buffer_create()) }, free: { hb_buffer_destroy(OpaquePointer($0)) })
    /// Buffers that shaped more code units than this are freed, not kept.
    private static let longestKept = 4_096

    init(language: String?, measuringOnly: Bool = false) {
        buffer = Self.spareBuffers.take().map(OpaquePointer.init)
        self.language = language ?? "en"
        self.measuringOnly = measuringOnly
    }

    deinit {
        guard let buffer else { return }
        // A buffer that grew large, or HarfBuzz's inert buffer (what `hb_buffer_create` returns
        // out of memory), is freed, not kept; a kept one is reset to a new buffer's state with
        // its arrays still allocated.
        let keeping = longestShaped <= Self.longestKept && hb_buffer_allocation_successful(buffer) != 0
        if keeping { hb_buffer_reset(buffer) }
        Self.spareBuffers.giveBack(UnsafeMutableRawPointer(buffer), keeping: keeping)
    }

    func run(_ text: ParagraphText, items: [TextItem]) -> Shaping {
        var perUnit = [Double](repeating: 0, count: text.count)
        var shaped: [ShapedItem] = []
        var cancellation = TypesettingCancellation(length: text.count)
        var index = 0
        while index < items.count {
            if cancellation.shouldStop() { break }
            // Neighbours that differ only in paint (colour, underline, link) shape as one run, so a
            // colour change inside a Devanagari conjunct or an Arabic word changes nothing but the
            // colour; each glyph goes to the item holding its cluster (a ligature across the change
            // takes the first one's colour, as browsers do).
            var end = index + 1
            while end < items.count, Self.shapesAlike(items[end - 1], items[end], text) { end += 1 }
            let style = text.spans[items[index].spanIndex].style
            let range = items[index].range.lowerBound..<items[end - 1].range.upperBound
            let glyphs = shapeItem(text, range, item: items[index], style: style)
            for glyph in glyphs { perUnit[glyph.cluster] += glyph.advance }
            if end == index + 1 {
                shaped.append(ShapedItem(item: items[index], style: style, glyphs: glyphs))
            } else {
                for item in items[index..<end] {
                    shaped.append(
                        ShapedItem(
                            item: item, style: text.spans[item.spanIndex].style,
                            glyphs: glyphs.filter { item.range.contains($0.cluster) }))
                }
            }
            index = end
        }
        var prefix = [Double](repeating: 0, count: text.count + 1)
        for i in 0..<text.count { prefix[i + 1] = prefix[i] + perUnit[i] }
        return Shaping(items: shaped, prefix: prefix)
    }

    /// The part `clip` of a shaped item cut by a line break, shaped again on its own when HarfBuzz
    /// flagged a glyph at either cut unsafe to break (its glyphs depended on the text across the
    /// break: kerning with the space before the line, joining with the letter after it); nil when
    /// the item's own glyphs for `clip` are right.
    func reshapedAtBreaks(_ shaped: ShapedItem, clip: Range<Int>, line: Range<Int>, text: ParagraphText)
        -> [ShapedGlyph]?
    {
        let range = shaped.item.range
        func unsafe(at boundary: Int) -> Bool {
            shaped.glyphs.glyphs(inClusters: boundary..<(boundary + 1), order: shaped.order).contains(
                where: \.unsafeToBreak)
        }
        let (cutBefore, cutAfter) = Self.cutsInsideWords(clip: clip, line: line, item: range, text: text)
        guard (cutBefore && unsafe(at: clip.lowerBound)) || (cutAfter && unsafe(at: clip.upperBound)) else {
            return nil
        }
        // The line's piece alone: nothing across the break is its context.
        let key = ShapeKey(
            font: shaped.item.face.resource, features: shaped.style.features, text: Array(text.units[clip]),
            rtl: shaped.item.isRTL, script: shaped.item.script, language: language)
        return scale(
            raw(key, face: shaped.item.face), face: shaped.item.face, style: shaped.style, base: clip.lowerBound)
    }

    /// Whether a line cuts `item` inside a word at its start or its end: at a space the glyphs on
    /// either side do not touch (the space hangs at the line's end, and kerning with it moves
    /// nothing visible), so only a cut with no white space at it can need shaping again.
    static func cutsInsideWords(clip: Range<Int>, line: Range<Int>, item: Range<Int>, text: ParagraphText)
        -> (before: Bool, after: Bool)
    {
        func isSpace(_ index: Int) -> Bool {
            index >= 0 && index < text.count && Character(Unicode.Scalar(text.units[index]) ?? " ").isWhitespace
        }
        let before = clip.lowerBound > item.lowerBound && !isSpace(clip.lowerBound - 1)
        let after = line.upperBound < item.upperBound && clip.upperBound == line.upperBound && !isSpace(clip.upperBound)
        return (before, after)
    }

    /// Whether two adjacent items shape the same way: one face, direction, script, size, letter
    /// spacing and feature list (their styles may differ in colour, decoration or link).
    static func shapesAlike(_ a: TextItem, _ b: TextItem, _ text: ParagraphText) -> Bool {
        guard a.range.upperBound == b.range.lowerBound, a.face.resource == b.face.resource, a.level == b.level,
            a.script == b.script, a.syntheticItalic == b.syntheticItalic
        else { return false }
        let x = text.spans[a.spanIndex].style
        let y = text.spans[b.spanIndex].style
        return x.fontSize == y.fontSize && x.letterSpacing == y.letterSpacing && x.features == y.features
    }

    /// Shapes a short standalone string (hyphen, ellipsis) in a face; clusters relative to it.
    func shapeStandalone(_ string: String, face: FontFace, style: TextStyle, rtl: Bool) -> [ShapedGlyph] {
        let units = Array(string.utf16)
        let script = Itemize.resolvedScripts(ParagraphText([TextSpan(text: string, style: style)])).first ?? "Zyyy"
        let key = ShapeKey(
            font: face.resource, features: style.features, text: units, rtl: rtl, script: script, language: language)
        return scale(raw(key, face: face), face: face, style: style, base: 0)
    }

    /// Code units of context HarfBuzz is given on each side of an item: it keeps 5 characters
    /// (`HB_BUFFER_CONTEXT_LENGTH`), at most 10 UTF-16 units.
    static let contextLength = 10

    /// The item shaped with its neighbours in the paragraph as context, so a style or font change
    /// inside an Arabic or Devanagari word keeps the word's joining and reordering (the glyphs are
    /// those of shaping the whole word, which a test checks against hb-shape).
    private func shapeItem(_ text: ParagraphText, _ word: Range<Int>, item: TextItem, style: TextStyle) -> [ShapedGlyph]
    {
        let units = text.units
        var low = max(0, word.lowerBound - Self.contextLength)
        var high = min(units.count, word.upperBound + Self.contextLength)
        // Never cut a surrogate pair in the context.
        if low > 0, UTF16.isTrailSurrogate(units[low]) { low -= 1 }
        if high < units.count, UTF16.isLeadSurrogate(units[high - 1]) { high += 1 }
        let key = ShapeKey(
            font: item.face.resource, features: style.features, text: Array(units[low..<high]),
            item: (word.lowerBound - low)..<(word.upperBound - low), rtl: item.isRTL, script: item.script,
            language: language)
        return scale(raw(key, face: item.face), face: item.face, style: style, base: low)
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
                    xOffset: Double(g.xOffset) * factor, yOffset: Double(g.yOffset) * factor,
                    unsafeToBreak: g.unsafeToBreak))
        }
        return glyphs
    }

    private func raw(_ key: ShapeKey, face: FontFace) -> [RawGlyph] {
        ShapingCache.glyphs(for: key, admittingAtOnce: measuringOnly) { shapeWithHarfBuzz($0, face: face, into: &$1) }
    }

    /// HarfBuzz's glyphs for `key` (no cache); the buffer is this session's. A run longer than
    /// `LongRunShaping.chunkLength` is shaped in pieces (`LongRunShaping`).
    func shapeWithHarfBuzz(_ key: ShapeKey, face: FontFace) -> [RawGlyph] {
        var glyphs: [RawGlyph] = []
        shapeWithHarfBuzz(key, face: face, into: &glyphs)
        return glyphs
    }

    /// `shapeWithHarfBuzz(_:face:)` appending to `glyphs` (storage the shaping cache reuses).
    func shapeWithHarfBuzz(_ key: ShapeKey, face: FontFace, into glyphs: inout [RawGlyph]) {
        if key.item.count > LongRunShaping.chunkLength {
            glyphs += LongRunShaping.shape(key, face: face, session: self)
        } else {
            shapeWithHarfBuzz(key, face: face, range: key.item, into: &glyphs)
        }
    }

    /// HarfBuzz's glyphs for `range` of `key.text`, the rest of the text as context; clusters are
    /// offsets into the whole text, and a glyph's `unsafeToBreak` is HarfBuzz's
    /// `HB_GLYPH_FLAG_UNSAFE_TO_BREAK` (the run may not be cut before its cluster).
    func shapeWithHarfBuzz(_ key: ShapeKey, face: FontFace, range: Range<Int>) -> [RawGlyph] {
        var glyphs: [RawGlyph] = []
        shapeWithHarfBuzz(key, face: face, range: range, into: &glyphs)
        return glyphs
    }

    /// `shapeWithHarfBuzz(_:face:range:)` appending to `glyphs`.
    func shapeWithHarfBuzz(_ key: ShapeKey, face: FontFace, range: Range<Int>, into glyphs: inout [RawGlyph]) {
        longestShaped = max(longestShaped, key.text.count)
        guard let buffer else { return }
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
        else { return }
        let unsafe = HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue
        glyphs.reserveCapacity(glyphs.count + Int(count))
        for i in 0..<Int(count) {
            glyphs.append(
                RawGlyph(
                    id: infos[i].codepoint, cluster: Int32(truncatingIfNeeded: infos[i].cluster),
                    advance: positions[i].x_advance, xOffset: positions[i].x_offset, yOffset: positions[i].y_offset,
                    unsafeToBreak: infos[i].mask & unsafe != 0))
        }
    }
}
