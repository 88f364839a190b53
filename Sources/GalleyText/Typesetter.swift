import GalleyLayout
import GalleyRender

/// Lays out paragraphs of styled text: itemize → shape → break → truncate → position → draw.
public enum Typesetter {
    /// Lays out `spans` as one paragraph within `width` points (`.infinity`: no wrapping).
    ///
    /// Lines are broken (and truncated) at `width`, then aligned and justified within
    /// `alignmentWidth` (default `width`): a paragraph measured at one width and drawn in a frame
    /// of another keeps its measured line breaks. The result's lines may be wider than
    /// `alignmentWidth` when it is narrower than `width`.
    ///
    /// Thread-safe: fonts are shared read-only, the HarfBuzz buffer belongs to this call, and the
    /// shaping cache is sharded. Offsets in the result are UTF-16 offsets into the spans' texts
    /// joined together.
    ///
    /// With `cached` (the default) the layout comes from, or goes into, a process-wide cache of
    /// paragraphs (the same spans, styles, widths and registry give the same layout); pass
    /// false to measure the typesetting itself.
    ///
    /// With `includingItems: false` the draw phase is skipped: the result has the size, lines and
    /// baselines but no display items (measuring a long document keeps the metrics of every
    /// paragraph, and typesets each again, from the shaping cache, when its page is drawn).
    /// Such layouts bypass the paragraph cache, and so do short paragraphs (`cachedLength`).
    public static func layout(
        _ spans: [TextSpan], paragraph: ParagraphStyle, width: Double, alignmentWidth: Double? = nil,
        registry: FontRegistry = .shared, cached: Bool = true, includingItems: Bool = true
    ) -> ParagraphLayout {
        guard cached, includingItems, worthCaching(spans) else {
            return typeset(
                spans, paragraph: paragraph, width: width, alignmentWidth: alignmentWidth, registry: registry,
                includingItems: includingItems)
        }
        let key = ParagraphKey(
            spans: spans, paragraph: paragraph, width: width, alignmentWidth: alignmentWidth, registry: registry)
        return ParagraphCache.layout(for: key) {
            typeset(
                spans, paragraph: paragraph, width: width, alignmentWidth: alignmentWidth, registry: registry,
                includingItems: true)
        }
    }

    /// The shortest paragraph, in UTF-8 bytes, that goes through the paragraph cache. A short
    /// one (a label, an amount, a table cell) typesets from the shaping cache in less time than
    /// the paragraph cache takes to hash its spans and styles and look them up: on W1 (~185
    /// paragraphs, most under 30 bytes) caching all of them made layout 15% slower than caching
    /// none; a long one (a footer of terms, a repeated description) is worth the lookup.
    static let cachedLength = 64

    static func worthCaching(_ spans: [TextSpan]) -> Bool {
        var length = 0
        for span in spans {
            length += span.text.utf8.count
            if length >= cachedLength { return true }
        }
        return false
    }

    /// The layout of the general pipeline, never the simple-paragraph fast path and never cached
    /// (tests compare the two).
    package static func generalLayout(
        _ spans: [TextSpan], paragraph: ParagraphStyle, width: Double, alignmentWidth: Double? = nil,
        registry: FontRegistry = .shared, includingItems: Bool = true
    ) -> ParagraphLayout {
        typeset(
            spans, paragraph: paragraph, width: width, alignmentWidth: alignmentWidth, registry: registry,
            includingItems: includingItems, allowingFastPath: false)
    }

    /// Whether `layout` typesets these spans with the simple-paragraph fast path.
    package static func takesFastPath(_ spans: [TextSpan], paragraph: ParagraphStyle, registry: FontRegistry) -> Bool {
        SimpleParagraph(spans, paragraph: paragraph, registry: registry) != nil
    }

    /// Paragraphs typeset by the simple-paragraph fast path since the process started (all
    /// threads; debug builds only, always 0 in release).
    package static var simpleParagraphCount: Int { SimpleParagraph.count.load(ordering: .relaxed) }

    private static func typeset(
        _ spans: [TextSpan], paragraph: ParagraphStyle, width: Double, alignmentWidth: Double?, registry: FontRegistry,
        includingItems: Bool, allowingFastPath: Bool = true
    ) -> ParagraphLayout {
        let lineWidth = width.isNaN ? Double.infinity : max(0, width)
        let alignWidth = alignmentWidth.map { $0.isNaN ? Double.infinity : max(0, $0) } ?? lineWidth
        if allowingFastPath, let simple = SimpleParagraph(spans, paragraph: paragraph, registry: registry),
            let layout = simple.layout(
                paragraph: paragraph, lineWidth: lineWidth, alignWidth: alignWidth, includingItems: includingItems)
        {
            return layout
        }
        let text = ParagraphText(spans.filter { !$0.text.isEmpty })
        guard text.count > 0 else { return .empty }
        let faces = text.spans.map {
            registry.face(family: $0.style.font, weight: $0.style.weight, italic: $0.style.italic)
        }
        let primaries = faces.compactMap { $0 }
        guard primaries.count == faces.count else {
            return ParagraphLayout(
                size: .zero, lines: [], firstBaseline: 0, lastBaseline: 0, items: [],
                missingCharacters: Array(text.string(0..<text.count).unicodeScalars))
        }
        // A phase that saw its render cancelled returns early; its partial result goes no
        // further (TypesettingCancellation).
        func stopped() -> Bool { TypesettingCancellation.shouldStop(length: text.count) }
        let itemization = Itemize.run(text, registry: registry, primaries: primaries, direction: paragraph.direction)
        let session = ShapingSession(language: paragraph.language, measuringOnly: !includingItems)
        guard !stopped() else { return .empty }
        let shaping = session.run(text, items: itemization.items)
        let suffixes = SuffixShaper(session: session, text: text, items: itemization.items, registry: registry)
        guard !stopped() else { return .empty }
        let breaks = Break.run(text, shaping: shaping, paragraph: paragraph, width: lineWidth) {
            suffixes.hyphen(after: $0)?.width ?? 0
        }
        guard !stopped() else { return .empty }
        let lines = Truncate.run(
            breaks, text: text, shaping: shaping, paragraph: paragraph, width: lineWidth, suffixes: suffixes)
        let placed = Position.run(
            lines, text: text, shaping: shaping, paragraphIsRTL: itemization.paragraphIsRTL,
            paragraph: paragraph, width: alignWidth, primaries: primaries, session: session)
        guard !stopped() else { return .empty }
        let drawn = includingItems ? Draw.run(placed, text: text) : (items: [], lines: [])
        guard !stopped() else { return .empty }
        var layout = ParagraphLayout(placed, items: drawn.items, missing: itemization.missing)
        let rtl = itemization.paragraphIsRTL
        layout.itemLines = drawn.lines
        layout.alignment = paragraph.alignment
        layout.paragraphIsRTL = rtl
        layout.isWidthIndependent = lines.allSatisfy { $0.endsParagraph && !$0.truncated }
        switch paragraph.alignment {
        case .start: layout.isAlignmentIndependent = !rtl
        case .end: layout.isAlignmentIndependent = rtl
        case .center: layout.isAlignmentIndependent = false
        case .justify: layout.isAlignmentIndependent = !rtl && lines.allSatisfy { $0.endsParagraph || $0.truncated }
        }
        return layout
    }

    /// Shaping cache hits and misses since the process started (all threads).
    public static var shapingCacheStatistics: (hits: Int, misses: Int) { ShapingCache.statistics }

    /// Paragraph cache hits and misses since the process started (all threads).
    public static var paragraphCacheStatistics: (hits: Int, misses: Int) { ParagraphCache.statistics }

    /// Empties the process-wide shaping and paragraph caches (for cold-start measurements, or to
    /// free memory after a batch); with `resettingStatistics`, also zeroes their hit and miss
    /// counts. Layouts running meanwhile on other threads stay correct: they redo what they miss.
    public static func clearShapingCache(resettingStatistics: Bool = false) {
        ShapingCache.removeAll(resettingStatistics: resettingStatistics)
        ParagraphCache.removeAll(resettingStatistics: resettingStatistics)
    }
}

extension ParagraphLayout {
    init(_ placed: [PlacedLine], items: [DisplayItem], missing: [Unicode.Scalar]) {
        let lines = InlineFirstList(
            placed.lazy.map { line in
                LineInfo(
                    range: line.content.range, baseline: line.baseline, ascent: line.ascent, descent: line.descent,
                    width: line.width, x: line.x, isHyphenated: line.content.hyphenated,
                    isTruncated: line.content.truncated)
            })
        let height = placed.reduce(0) { $0 + $1.ascent + $1.descent }
        self.init(
            size: Size(width: placed.lazy.map(\.width).max() ?? 0, height: height), lines: lines,
            firstBaseline: placed.first?.baseline ?? 0, lastBaseline: placed.last?.baseline ?? 0,
            items: items, missingCharacters: missing)
    }
}
