import GalleyLayout
import GalleyRender

/// Draw: turn placed lines into display items — glyph runs with clusters (so PDF text extracts),
/// underline and strikethrough fills from the font's post/OS/2 metrics, and link areas.
enum Draw {
    /// The shear applied to upright faces standing in for italic ones.
    static let syntheticSlant = 0.2

    /// The items in drawing order (glyphs, then decorations, then links) and, for each, the
    /// index of its line (so a realignment can move a line's items together).
    static func run(_ lines: [PlacedLine], text: ParagraphText) -> (items: [DisplayItem], lines: [Int]) {
        var glyphItems: [DisplayItem] = []
        var decorations: [DisplayItem] = []
        var links: [DisplayItem] = []
        var glyphLines: [Int] = []
        var decorationLines: [Int] = []
        var linkLines: [Int] = []
        var cancellation = TypesettingCancellation(length: text.count)
        for (lineIndex, line) in lines.enumerated() {
            if cancellation.shouldStop() { break }
            for run in line.runs where !run.glyphs.isEmpty {
                let style = run.style
                let origin = Point(x: line.x + run.x, y: line.baseline - style.baselineOffset)
                glyphItems.append(.glyphs(glyphRun(run, text: text, origin: origin)))
                glyphLines.append(lineIndex)
                let scale = style.fontSize / Double(run.face.unitsPerEm)
                if style.underline {
                    let rect = Rect(
                        x: origin.x, y: origin.y - Double(run.face.underlinePosition) * scale, width: run.width,
                        height: Double(run.face.underlineThickness) * scale)
                    decorations.append(.fill(Path(rect: rect), style.color))
                    decorationLines.append(lineIndex)
                }
                if style.strikethrough {
                    let rect = Rect(
                        x: origin.x, y: origin.y - Double(run.face.strikeoutPosition) * scale, width: run.width,
                        height: Double(run.face.strikeoutThickness) * scale)
                    decorations.append(.fill(Path(rect: rect), style.color))
                    decorationLines.append(lineIndex)
                }
                if let link = style.link, !link.isEmpty {
                    let rect = Rect(
                        x: origin.x, y: line.baseline - line.ascent, width: run.width,
                        height: line.ascent + line.descent)
                    let target: LinkTarget = link.hasPrefix("#") ? .destination(String(link.dropFirst())) : .url(link)
                    links.append(.link(rect, target))
                    linkLines.append(lineIndex)
                }
            }
        }
        return (glyphItems + decorations + links, glyphLines + decorationLines + linkLines)
    }

    /// A GlyphRun whose clusters follow HarfBuzz's: glyphs sharing a cluster value form one
    /// cluster covering the text up to the next cluster value (backward for right-to-left runs).
    static func glyphRun(_ run: PlacedRun, text: ParagraphText, origin: Point) -> GlyphRun {
        if let suffix = run.suffix {
            let units = Array(suffix.text.utf16)
            return units.withUnsafeBufferPointer {
                glyphRun(run, units: $0, base: 0, string: suffix.text, origin: origin)
            }
        }
        return text.units[run.range].withUnsafeBufferPointer { units in
            glyphRun(
                run, units: units, base: run.range.lowerBound, string: runString(text, run.range, units), origin: origin
            )
        }
    }

    /// The run's text: a whole span's string when the run covers exactly one span (no copy),
    /// else the code units decoded (lone surrogates → U+FFFD) in one pass.
    static func runString(_ text: ParagraphText, _ range: Range<Int>, _ units: UnsafeBufferPointer<UInt16>)
        -> String
    {
        let span = text.spanIndex(at: range.lowerBound)
        if text.spanStart(span) == range.lowerBound, text.spanStart(span + 1) == range.upperBound {
            return text.spans[span].text
        }
        return stringFromUTF16(units)
    }

    private static func glyphRun(
        _ run: PlacedRun, units: UnsafeBufferPointer<UInt16>, base: Int, string: String, origin: Point
    ) -> GlyphRun {
        glyphRun(
            run.glyphs, font: run.face.resource, style: run.style, rtl: run.rtl, syntheticItalic: run.syntheticItalic,
            units: units, base: base, string: string, origin: origin)
    }

    /// A GlyphRun of `shaped` glyphs (visual order) drawing `units`, whose first code unit is at
    /// paragraph offset `base`; the simple-paragraph path calls it without making a `PlacedRun`.
    static func glyphRun(
        _ shaped: [ShapedGlyph], font: FontResource, style: TextStyle, rtl: Bool, syntheticItalic: Bool,
        units: UnsafeBufferPointer<UInt16>, base: Int, string: String, origin: Point
    ) -> GlyphRun {
        var glyphs: [GlyphRun.Glyph] = []
        glyphs.reserveCapacity(shaped.count)
        // Clusters are made in the same pass while their starts increase (left-to-right text, the
        // common case): each ends where the next begins. Otherwise they are worked out apart.
        // Nil while every cluster so far is one glyph of one UTF-8 byte (GlyphRun.clusterList).
        var clusters: [GlyphRun.Cluster]?
        var uniformCount = 0
        func append(_ cluster: GlyphRun.Cluster) {
            if clusters == nil {
                if cluster.byteCount == 1 && cluster.glyphCount == 1 {
                    uniformCount += 1
                    return
                }
                var list: [GlyphRun.Cluster] = []
                list.reserveCapacity(shaped.count)
                list.append(
                    contentsOf: repeatElement(GlyphRun.Cluster(byteCount: 1, glyphCount: 1), count: uniformCount))
                clusters = list
            }
            clusters?.append(cluster)
        }
        var increasing = true
        var groupStart = -1
        var groupCount = 0
        var pen = 0.0
        for g in shaped {
            glyphs.append(GlyphRun.Glyph(id: g.id, x: pen + g.xOffset, y: -g.yOffset))
            pen += g.advance
            let start = g.cluster - base
            if groupCount > 0, start == groupStart {
                groupCount += 1
                continue
            }
            if groupCount > 0, increasing {
                if start > groupStart {
                    append(GlyphRun.Cluster(byteCount: utf8Count(units, groupStart..<start), glyphCount: groupCount))
                } else {
                    increasing = false
                }
            }
            groupStart = start
            groupCount = 1
        }
        if increasing, groupCount > 0 {
            append(GlyphRun.Cluster(byteCount: utf8Count(units, groupStart..<units.count), glyphCount: groupCount))
        }
        guard increasing else {
            return GlyphRun(
                font: font, fontSize: style.fontSize, color: style.color, origin: origin,
                glyphs: glyphs, text: string, clusters: unorderedClusters(shaped, units: units, base: base),
                clustersBackward: rtl, syntheticSlant: syntheticItalic ? syntheticSlant : 0)
        }
        // Every cluster in order: `clusters` is nil exactly when each was one glyph of one byte
        // (and then they are as many as the glyphs).
        return GlyphRun(
            font: font, fontSize: style.fontSize, color: style.color, origin: origin,
            glyphs: glyphs, text: string, clusterList: clusters,
            clustersBackward: rtl, syntheticSlant: syntheticItalic ? syntheticSlant : 0)
    }

    /// Clusters of a run whose cluster starts do not increase (right-to-left, or reordered by
    /// the shaper): each ends at the next larger start (or the text's end).
    private static func unorderedClusters(_ shaped: [ShapedGlyph], units: UnsafeBufferPointer<UInt16>, base: Int)
        -> [GlyphRun.Cluster]
    {
        // Cluster starts relative to the run's text, in visual order, with glyph counts.
        var groupStarts: [Int] = []
        var groupCounts: [Int] = []
        for g in shaped {
            let start = g.cluster - base
            if let last = groupStarts.last, last == start {
                groupCounts[groupCounts.count - 1] += 1
            } else {
                groupStarts.append(start)
                groupCounts.append(1)
            }
        }
        let n = groupStarts.count
        var decreasing = true
        for i in 1..<max(n, 1) where groupStarts[i] >= groupStarts[i - 1] { decreasing = false }
        var ends = [Int](repeating: units.count, count: n)
        if decreasing {
            for i in 1..<max(n, 1) { ends[i] = groupStarts[i - 1] }
        } else {
            let starts = Set(groupStarts).sorted()
            var next: [Int: Int] = [:]
            for (i, s) in starts.enumerated() { next[s] = i + 1 < starts.count ? starts[i + 1] : units.count }
            for i in 0..<n { ends[i] = next[groupStarts[i]] ?? units.count }
        }
        return (0..<n).map { i in
            GlyphRun.Cluster(byteCount: utf8Count(units, groupStarts[i]..<ends[i]), glyphCount: groupCounts[i])
        }
    }

    /// UTF-8 length of a UTF-16 range (a surrogate pair is 4 bytes; a lone surrogate becomes U+FFFD, 3 bytes).
    static func utf8Count(_ units: UnsafeBufferPointer<UInt16>, _ range: Range<Int>) -> Int {
        var bytes = 0
        var i = max(0, range.lowerBound)
        let end = min(range.upperBound, units.count)
        while i < end {
            let u = units[i]
            if u < 0x80 {
                bytes += 1
            } else if u < 0x800 {
                bytes += 2
            } else if UTF16.isLeadSurrogate(u), i + 1 < units.count, UTF16.isTrailSurrogate(units[i + 1]) {
                bytes += 4
                i += 1
            } else {
                bytes += 3
            }
            i += 1
        }
        return bytes
    }
}
