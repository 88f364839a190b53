/// A run of glyphs placed on a line: part of one shaped item, or a line's suffix.
struct PlacedRun {
    /// Glyphs in visual order; advances include justification.
    var glyphs: [ShapedGlyph]
    /// x of the run's left edge relative to the line's left edge.
    var x: Double
    var width: Double
    /// The logical text the run covers (for suffix runs, the suffix's own text offsets).
    let range: Range<Int>
    let style: TextStyle
    let face: FontFace
    let rtl: Bool
    let syntheticItalic: Bool
    let level: UInt8
    let suffix: Suffix?
}

/// A positioned line.
struct PlacedLine {
    let content: LineContent
    var runs: [PlacedRun]
    /// x of the line's left edge after alignment.
    var x: Double
    var baseline: Double
    let ascent: Double
    let descent: Double
    var width: Double
}

/// Position: cut the shaped items to each line, reorder them visually (UAX #9 L2), justify,
/// align, and stack lines: each line's ascent/descent is the largest of its runs', where a run's
/// line height (multiple × size, or points) is split as half-leading above and below its font's
/// ascender and descender (CSS inline box model).
enum Position {
    static func run(
        _ lines: [LineContent], text: ParagraphText, shaping: Shaping, paragraphIsRTL: Bool,
        paragraph: ParagraphStyle, width: Double, primaries: [FontFace], session: ShapingSession
    ) -> [PlacedLine] {
        var placed: [PlacedLine] = []
        placed.reserveCapacity(lines.count)
        var cancellation = TypesettingCancellation(length: text.count)
        for line in lines {
            if cancellation.shouldStop() { break }
            placed.append(
                placeLine(
                    line, text: text, shaping: shaping, paragraphIsRTL: paragraphIsRTL, paragraph: paragraph,
                    width: width, primaries: primaries, session: session))
        }
        let container = width.isFinite ? width : (placed.map(\.width).max() ?? 0)
        var y = 0.0
        for index in placed.indices {
            let line = placed[index]
            let slack = container - line.width
            let alignment = paragraph.alignment
            let toRight: Bool
            switch alignment {
            case .start, .justify: toRight = paragraphIsRTL
            case .end: toRight = !paragraphIsRTL
            case .center: toRight = false
            }
            placed[index].x = alignment == .center ? slack / 2 : (toRight ? slack : 0)
            placed[index].baseline = y + line.ascent
            y += line.ascent + line.descent
        }
        return placed
    }

    private static func placeLine(
        _ line: LineContent, text: ParagraphText, shaping: Shaping, paragraphIsRTL: Bool, paragraph: ParagraphStyle,
        width: Double, primaries: [FontFace], session: ShapingSession
    ) -> PlacedLine {
        let visible = line.range.lowerBound..<line.visibleEnd
        var runs: [PlacedRun] = []
        // Items are in logical order and tile the text: the line's start from a binary search,
        // not a scan of every item of the paragraph for every line.
        let first = shaping.items.partitionIndex(where: { $0.item.range.upperBound > visible.lowerBound })
        for shaped in shaping.items[first...] {
            if shaped.item.range.lowerBound >= visible.upperBound { break }
            guard shaped.item.range.overlaps(visible) else { continue }
            let clip =
                max(
                    shaped.item.range.lowerBound, visible.lowerBound)..<min(
                    shaped.item.range.upperBound, visible.upperBound)
            // An item wholly on the line shares its glyph array (no copy); one cut where HarfBuzz
            // says the glyphs depend on the text across the cut is shaped again.
            let glyphs =
                clip == shaped.item.range
                ? shaped.glyphs
                : session.reshapedAtBreaks(shaped, clip: clip, line: line.range, text: text)
                    ?? shaped.glyphs.glyphs(inClusters: clip, order: shaped.order)
            runs.append(
                PlacedRun(
                    glyphs: glyphs, x: 0, width: 0, range: clip, style: shaped.style, face: shaped.item.face,
                    rtl: shaped.item.isRTL, syntheticItalic: shaped.item.syntheticItalic, level: shaped.item.level,
                    suffix: nil))
        }
        if let suffix = line.suffix {
            let level = suffix.rtl ? UInt8(1) : (paragraphIsRTL && line.truncated ? 1 : 0)
            runs.append(
                PlacedRun(
                    glyphs: suffix.glyphs, x: 0, width: 0, range: 0..<suffix.text.utf16.count, style: suffix.style,
                    face: suffix.face, rtl: suffix.rtl, syntheticItalic: suffix.syntheticItalic,
                    level: max(level, line.hyphenated ? (runs.last?.level ?? level) : level), suffix: suffix))
        }
        if paragraph.alignment == .justify, width.isFinite, !line.endsParagraph, !line.truncated {
            justify(&runs, text: text, width: width)
        }
        runs = visualOrder(runs)
        var x = 0.0
        for index in runs.indices {
            runs[index].x = x
            runs[index].width = runs[index].glyphs.reduce(0) { $0 + $1.advance }
            x += runs[index].width
        }
        var ascent = 0.0
        var descent = 0.0
        func include(_ style: TextStyle, _ face: FontFace) {
            let scale = style.fontSize / Double(face.unitsPerEm)
            let a = Double(face.ascender) * scale
            let d = Double(face.descender) * scale
            let halfLeading = (style.lineHeight.resolved(fontSize: style.fontSize) - (a + d)) / 2
            ascent = max(ascent, a + halfLeading + max(0, style.baselineOffset))
            descent = max(descent, d + halfLeading - min(0, style.baselineOffset))
        }
        if runs.isEmpty {
            include(
                text.style(at: line.range.lowerBound),
                primaries[text.spanIndex(at: min(line.range.lowerBound, max(text.count - 1, 0)))])
        }
        for run in runs { include(run.style, run.face) }
        return PlacedLine(content: line, runs: runs, x: 0, baseline: 0, ascent: ascent, descent: descent, width: x)
    }

    /// Spreads the line's slack over its spaces (U+0020 and U+00A0 clusters); negative slack
    /// (an optimally broken line set with shrunk glue) narrows them.
    private static func justify(_ runs: inout [PlacedRun], text: ParagraphText, width: Double) {
        let natural = runs.reduce(0) { $0 + $1.glyphs.reduce(0) { $0 + $1.advance } }
        var spaces = 0
        // Counted in place (a filtered copy of each run's glyphs was an array per run and line).
        for run in runs where run.suffix == nil {
            for glyph in run.glyphs where isSpace(text, glyph.cluster) { spaces += 1 }
        }
        guard spaces > 0, natural != width else { return }
        let extra = (width - natural) / Double(spaces)
        for r in runs.indices where runs[r].suffix == nil {
            for g in runs[r].glyphs.indices where isSpace(text, runs[r].glyphs[g].cluster) {
                runs[r].glyphs[g].advance += extra
            }
        }
    }

    private static func isSpace(_ text: ParagraphText, _ i: Int) -> Bool {
        text.units[i] == 0x20 || text.units[i] == 0xA0
    }

    /// UAX #9 rule L2: from the highest level down to the lowest odd level, reverse every maximal
    /// sequence of runs at that level or higher.
    static func visualOrder(_ runs: [PlacedRun]) -> [PlacedRun] {
        // Nothing to reverse without an odd level (left-to-right text): no arrays made.
        guard runs.contains(where: { $0.level & 1 == 1 }) else { return runs }
        guard let highest = runs.map(\.level).max() else { return runs }
        guard let lowestOdd = runs.map(\.level).filter({ $0 & 1 == 1 }).min() else { return runs }
        var order = runs
        var level = highest
        while level >= lowestOdd {
            var i = 0
            while i < order.count {
                if order[i].level >= level {
                    var j = i
                    while j < order.count, order[j].level >= level { j += 1 }
                    order[i..<j].reverse()
                    i = j
                } else {
                    i += 1
                }
            }
            if level == 0 { break }
            level -= 1
        }
        return order
    }
}
