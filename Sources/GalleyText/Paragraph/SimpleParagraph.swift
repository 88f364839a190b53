import CICU
import GalleyLayout
import GalleyRender
import Synchronization

/// The typesetter's fast path for the common simple paragraph: one non-empty span whose
/// characters are all below U+0590 or in a few blocks of typographic punctuation, currency signs
/// and Latin letters (`extendedRanges`), Latin or common (UAX #24), no control character but `\n`,
/// and all in the style's face; no letter spacing, underline, strikethrough or link; no
/// justification, hyphenation or line limit.
///
/// Such a paragraph itemizes to one left-to-right Latin item in its primary face (no bidi, no
/// fallback, one script), so shaping is one cache lookup and every line draws one glyph run of
/// that item. Break is the general one (`Break.run` over the same prefix sums); position and draw
/// are the general phases' arithmetic for one run per line, without their intermediate items,
/// runs, lines and style copies. The layout is exactly the general pipeline's: a test compares
/// the two on thousands of generated paragraphs.
struct SimpleParagraph {
    /// A line's visible text, its glyphs (nil when it shows none) and their width.
    private struct PlacedLine {
        let visible: Range<Int>
        let glyphs: [ShapedGlyph]?
        let width: Double
    }

    let text: ParagraphText
    let style: TextStyle
    let face: FontFace

    /// Paragraphs laid out by this path since the process started, counted in debug builds only
    /// (a test checks the path is taken): in release every batch thread would write this one
    /// shared word for every paragraph.
    static let count = Atomic<Int>(0)

    /// ISO 15924 name of USCRIPT_LATIN, as `Itemize` names it.
    private static let latin = cicu_script_short_name(25).map { String(cString: $0) } ?? "Zyyy"

    /// Nil when the paragraph is not simple (the general pipeline lays it out).
    init?(_ spans: [TextSpan], paragraph: ParagraphStyle, registry: FontRegistry) {
        guard paragraph.alignment != .justify, !paragraph.hyphenate, (paragraph.maxLines ?? 0) <= 0,
            paragraph.direction != .rtl
        else { return nil }
        var index = -1
        for i in spans.indices where !spans[i].text.isEmpty {
            guard index < 0 else { return nil }
            index = i
        }
        guard index >= 0 else { return nil }
        let style = spans[index].style
        guard style.letterSpacing == 0, !style.underline, !style.strikethrough, style.link?.isEmpty ?? true,
            let face = registry.face(family: style.font, weight: style.weight, italic: style.italic)
        else { return nil }
        let scratch = ParagraphScratch.perThread.current
        var units = scratch?.units.takeEmptied() ?? []
        units.append(contentsOf: spans[index].text.utf16)
        guard Self.isSimple(units, face: face) else {
            scratch?.units = units
            return nil
        }
        self.text = ParagraphText(single: spans.count == 1 ? spans : [spans[index]], units: units)
        self.style = style
        self.face = face
    }

    /// The blocks above U+0590 the fast path takes (Latin or Common script characters only): Latin
    /// Extended Additional, General Punctuation from the hyphen to the ellipsis and from the per
    /// mille sign to the reversed semicolon (leaving out the line and paragraph separators, the
    /// bidi embeddings and isolates, and the invisible format characters), Currency Symbols, and
    /// the Latin ligatures of Alphabetic Presentation Forms.
    private static let extendedRanges: [ClosedRange<UInt16>] = [
        0x1E00...0x1EFF, 0x2010...0x2027, 0x2030...0x205E, 0x20A0...0x20C0, 0xFB00...0xFB06,
    ]

    /// Whether every code unit is one the fast path lays out in `face` (see the type's summary).
    private static func isSimple(_ units: [UInt16], face: FontFace) -> Bool {
        let ascii = face.asciiGlyphMask()
        for u in units {
            switch u {
            case 0x0A: continue  // a mandatory break: a control, which Itemize keeps in the primary face
            case 0..<0x20, 0x7F...0x9F: return false
            case 0x0590...:
                // Past the Latin, Greek and Cyrillic blocks, only what typeset Latin text is full of —
                // dashes, curly quotes, bullets, the ellipsis, primes, currency signs, Vietnamese
                // letters, the fi and fl ligature characters — all neutral or left-to-right (no bidi
                // control or separator is in these ranges) and then checked as below.
                guard Self.extendedRanges.contains(where: { $0.contains(u) }) else { return false }
                let code = cicu_script_of(Int32(u))
                guard code == 0 || code == 25, let scalar = Unicode.Scalar(u), face.hasGlyph(for: scalar)
                else { return false }
            // ASCII: Latin letters, the rest Common.
            case 0..<0x40: guard ascii.0 & (1 << u) != 0 else { return false }
            case 0x40..<0x80: guard ascii.1 & (1 << (u - 0x40)) != 0 else { return false }
            default:
                // USCRIPT_COMMON, USCRIPT_INHERITED and USCRIPT_LATIN all resolve to Latin.
                let code = cicu_script_of(Int32(u))
                guard code == 0 || code == 1 || code == 25, let scalar = Unicode.Scalar(u), face.hasGlyph(for: scalar)
                else { return false }
            }
        }
        return true
    }

    /// The layout within `lineWidth` (not NaN, ≥ 0), aligned within `alignWidth`; nil when a word
    /// wider than the line is cut with a hyphen (the general pipeline draws hyphens).
    func layout(paragraph: ParagraphStyle, lineWidth: Double, alignWidth: Double, includingItems: Bool)
        -> ParagraphLayout?
    {
        #if DEBUG
            SimpleParagraph.count.wrappingAdd(1, ordering: .relaxed)
        #endif
        let language = paragraph.language ?? "en"
        let scratch = ParagraphScratch.perThread.current
        let (glyphs, prefix) = shape(language: language, measuringOnly: !includingItems, scratch: scratch)
        // The paragraph's code units, glyphs and prefix sums die with it: the next paragraph on
        // this thread reuses their storage (unique again by then; copied if anything kept them).
        defer { scratch?.keep(units: text.units, glyphs: glyphs, prefix: prefix) }
        guard !TypesettingCancellation.shouldStop(length: text.count) else { return .empty }
        // A paragraph on one line (most of them) makes no array of one line.
        let shaping = Shaping(items: [], prefix: prefix)
        // (As Break.run: no line at all for empty text.)
        let singleLine =
            text.count > 0 ? Break.singleLine(text, shaping: shaping, paragraph: paragraph, width: lineWidth) : nil
        let severalLines =
            singleLine == nil && text.count > 0
            ? Break.severalLines(text, shaping: shaping, paragraph: paragraph, width: lineWidth) { _ in 0 } : []
        let breaks = OneOrMany(one: singleLine, many: severalLines)
        // Cancelled (TypesettingCancellation): the partial breaks go no further.
        guard !TypesettingCancellation.shouldStop(length: text.count) else { return .empty }
        guard !breaks.contains(where: \.hyphenated) else { return nil }
        var cancellation = TypesettingCancellation(length: text.count)
        // Position.placeLine's include(_:_:) for the one style and face of every line.
        let scale = style.fontSize / Double(face.unitsPerEm)
        let a = Double(face.ascender) * scale
        let d = Double(face.descender) * scale
        let halfLeading = (style.lineHeight.resolved(fontSize: style.fontSize) - (a + d)) / 2
        let ascent = max(0.0, a + halfLeading + max(0, style.baselineOffset))
        let descent = max(0.0, d + halfLeading - min(0, style.baselineOffset))
        // Each line's visible text and the width of its glyphs (Position.placeLine).
        let whole = 0..<text.count
        let order = ClusterOrder(glyphs)
        func place(_ line: LineBreak) -> PlacedLine {
            let visible = line.range.lowerBound..<text.trimmedEnd(line.range)
            // An item wholly on the line shares its glyph array (no copy); a line cut where HarfBuzz
            // flagged the glyph at the cut unsafe to break is shaped again, as Position does.
            let run =
                visible.overlaps(whole)
                ? (visible == whole
                    ? glyphs
                    : reshapedAtBreaks(glyphs, order: order, clip: visible, line: line.range, language: language)
                        ?? glyphs.glyphs(inClusters: visible, order: order)) : nil
            var x = 0.0
            if let run { x += run.reduce(0) { $0 + $1.advance } }
            return PlacedLine(visible: visible, glyphs: run, width: x)
        }
        var lines = InlineFirstList<LineInfo>()
        lines.reserveCapacity(breaks.count)
        var items: [DisplayItem] = []
        if includingItems { items.reserveCapacity(breaks.count) }
        let startAligned = paragraph.alignment == .start
        // Each item's line, kept only once a line without an item breaks "item i draws line i".
        var itemLines: [Int]?
        var y = 0.0
        var height = 0.0
        func emit(_ index: Int, _ line: LineBreak, _ placed: PlacedLine, x: Double) {
            let baseline = y + ascent
            y += ascent + descent
            height = height + ascent + descent
            lines.append(
                LineInfo(
                    range: line.range, baseline: baseline, ascent: ascent, descent: descent, width: placed.width,
                    x: x,
                    isHyphenated: line.hyphenated, isTruncated: false))
            let visible = placed.visible
            guard includingItems, let lineGlyphs = placed.glyphs, !lineGlyphs.isEmpty else {
                if includingItems && itemLines == nil { itemLines = Array(items.indices) }
                return
            }
            let origin = Point(x: x + 0.0, y: baseline - style.baselineOffset)
            let run = text.units[visible].withUnsafeBufferPointer { units in
                Draw.glyphRun(
                    lineGlyphs, font: face.resource, style: style, rtl: false,
                    syntheticItalic: style.italic && !face.italic, units: units, base: visible.lowerBound,
                    string: Draw.runString(text, visible, units), origin: origin)
            }
            items.append(.glyphs(run))
            itemLines?.append(index)
        }
        var widest = 0.0  // Sequence.max(): the first of equal widths
        if startAligned {
            // Every line at x = 0: one pass, no list of placed lines.
            for (index, line) in breaks.enumerated() {
                if cancellation.shouldStop() { return .empty }
                let placed = place(line)
                if index == 0 || widest < placed.width { widest = placed.width }
                emit(index, line, placed, x: 0)
            }
        } else {
            // A centred or end-aligned line of one (most of them) keeps its placement inline.
            var placed = InlineFirstList<PlacedLine>()
            placed.reserveCapacity(breaks.count)
            for line in breaks {
                if cancellation.shouldStop() { return .empty }
                placed.append(place(line))
            }
            widest = placed.first?.width ?? 0
            for line in placed.dropFirst() where widest < line.width { widest = line.width }
            let container = alignWidth.isFinite ? alignWidth : widest
            for (index, line) in breaks.enumerated() {
                if cancellation.shouldStop() { return .empty }
                let x = ParagraphLayout.alignedX(
                    lineWidth: placed[index].width, container: container, alignment: paragraph.alignment, rtl: false)
                emit(index, line, placed[index], x: x)
            }
        }
        var layout = ParagraphLayout(
            size: Size(width: widest, height: height), lines: lines, firstBaseline: lines.first?.baseline ?? 0,
            lastBaseline: lines.last?.baseline ?? 0, items: items, missingCharacters: [])
        if let itemLines { layout.itemLines = itemLines } else { layout.setEachItemOnItsLine() }
        layout.alignment = paragraph.alignment
        layout.paragraphIsRTL = false
        layout.isWidthIndependent = breaks.allSatisfy(\.endsParagraph)
        layout.isAlignmentIndependent = paragraph.alignment == .start
        return layout
    }

    /// `ShapingSession.reshapedAtBreaks` for the one item (a session is made only when a cut is unsafe).
    private func reshapedAtBreaks(
        _ glyphs: [ShapedGlyph], order: ClusterOrder, clip: Range<Int>, line: Range<Int>, language: String
    ) -> [ShapedGlyph]? {
        func unsafe(_ boundary: Int) -> Bool {
            glyphs.glyphs(inClusters: boundary..<(boundary + 1), order: order).contains(where: \.unsafeToBreak)
        }
        let cuts = ShapingSession.cutsInsideWords(clip: clip, line: line, item: 0..<text.count, text: text)
        guard (cuts.before && unsafe(clip.lowerBound)) || (cuts.after && unsafe(clip.upperBound)) else { return nil }
        let item = TextItem(
            range: 0..<text.count, spanIndex: 0, face: face, script: Self.latin, level: 0,
            syntheticItalic: style.italic && !face.italic)
        return ShapingSession(language: language).reshapedAtBreaks(
            ShapedItem(item: item, style: style, glyphs: glyphs), clip: clip, line: line, text: text)
    }

    /// ShapingSession.run for the one item: its glyphs in points and every code unit's prefix sum
    /// of advances (a cluster's advance on its first code unit). A session, and so a HarfBuzz
    /// buffer, is made only on a cache miss.
    private func shape(language: String, measuringOnly: Bool, scratch: ParagraphScratch?)
        -> (glyphs: [ShapedGlyph], prefix: [Double])
    {
        let key = ShapeKey(
            font: face.resource, features: style.features, text: text.units, rtl: false, script: Self.latin,
            language: language)
        let raw = ShapingCache.glyphs(for: key, admittingAtOnce: measuringOnly) { [face] key, glyphs in
            ShapingSession(language: language).shapeWithHarfBuzz(key, face: face, into: &glyphs)
        }
        // Cancelled (a long run is shaped in pieces, LongRunShaping): no prefix sums to make.
        guard !TypesettingCancellation.shouldStop(length: text.count) else { return ([], []) }
        let factor = style.fontSize / Double(face.unitsPerEm)
        var glyphs = scratch?.glyphs.takeEmptied() ?? []
        glyphs.reserveCapacity(raw.count)
        // prefix[i + 1] first sums code unit i's advances, then becomes the running total.
        var prefix = scratch?.prefix.takeEmptied() ?? []
        prefix.append(contentsOf: repeatElement(0, count: text.count + 1))
        for g in raw {
            let glyph = ShapedGlyph(
                id: g.id, cluster: 0 + Int(g.cluster), advance: Double(g.advance) * factor,
                xOffset: Double(g.xOffset) * factor, yOffset: Double(g.yOffset) * factor, unsafeToBreak: g.unsafeToBreak
            )
            prefix[glyph.cluster + 1] += glyph.advance
            glyphs.append(glyph)
        }
        for i in 0..<text.count { prefix[i + 1] = prefix[i] + prefix[i + 1] }
        return (glyphs, prefix)
    }
}

/// Storage a thread's simple paragraphs pass on, one to the next: the code units, glyphs and
/// prefix sums of a paragraph live only while it is laid out (three allocations a paragraph
/// when each made its own).
final class ParagraphScratch {
    // Unchecked exclusivity: the object is reached only from its own thread (`perThread`), and
    // each access is one statement — taking an array out or putting one back — that calls
    // nothing reaching the object; the runtime check cost more than the reuse saves.
    @exclusivity(unchecked) var units: [UInt16] = []
    @exclusivity(unchecked) var glyphs: [ShapedGlyph] = []
    @exclusivity(unchecked) var prefix: [Double] = []

    static let perThread = ThreadLocal { ParagraphScratch() }

    /// Paragraphs longer than this many code units do not leave their storage behind: a thread
    /// keeps a few tens of kilobytes at most, whatever the longest paragraph it laid out.
    static let longestKept = 1_024

    func keep(units: [UInt16], glyphs: [ShapedGlyph], prefix: [Double]) {
        guard units.count <= Self.longestKept, glyphs.count <= Self.longestKept else { return }
        self.units = units
        self.glyphs = glyphs
        self.prefix = prefix
    }
}

extension Array {
    /// This array emptied with its capacity kept, leaving an empty array in its place: the storage
    /// moves out (no copy when it was unique) for the caller to fill.
    mutating func takeEmptied() -> [Element] {
        var taken: [Element] = []
        swap(&self, &taken)
        taken.removeAll(keepingCapacity: true)
        return taken
    }
}

/// One line break or an array of them, read as a collection: a paragraph on one line (nearly
/// every one) keeps its line in place, where an array of one was an allocation per paragraph.
private struct OneOrMany: RandomAccessCollection {
    let one: LineBreak?
    let many: [LineBreak]

    var startIndex: Int { 0 }
    var endIndex: Int { one == nil ? many.count : 1 }

    subscript(position: Int) -> LineBreak {
        guard let one else { return many[position] }
        precondition(position == 0, "index out of range")
        return one
    }
}
