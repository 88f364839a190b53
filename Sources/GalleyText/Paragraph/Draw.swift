import GalleyLayout
import GalleyRender

/// Draw: turn placed lines into display items — glyph runs with clusters (so PDF text extracts),
/// underline and strikethrough fills from the font's post/OS/2 metrics, and link areas.
enum Draw {
    /// The shear applied to upright faces standing in for italic ones.
    static let syntheticSlant = 0.2

    static func run(_ lines: [PlacedLine], text: ParagraphText) -> [DisplayItem] {
        var glyphItems: [DisplayItem] = []
        var decorations: [DisplayItem] = []
        var links: [DisplayItem] = []
        for line in lines {
            for run in line.runs where !run.glyphs.isEmpty {
                let style = run.style
                let origin = Point(x: line.x + run.x, y: line.baseline - style.baselineOffset)
                glyphItems.append(.glyphs(glyphRun(run, text: text, origin: origin)))
                let scale = style.fontSize / Double(run.face.unitsPerEm)
                if style.underline {
                    let rect = Rect(
                        x: origin.x, y: origin.y - Double(run.face.underlinePosition) * scale, width: run.width,
                        height: Double(run.face.underlineThickness) * scale)
                    decorations.append(.fill(Path(rect: rect), style.color))
                }
                if style.strikethrough {
                    let rect = Rect(
                        x: origin.x, y: origin.y - Double(run.face.strikeoutPosition) * scale, width: run.width,
                        height: Double(run.face.strikeoutThickness) * scale)
                    decorations.append(.fill(Path(rect: rect), style.color))
                }
                if let link = style.link, !link.isEmpty {
                    let rect = Rect(x: origin.x, y: line.baseline - line.ascent, width: run.width, height: line.ascent + line.descent)
                    let target: LinkTarget = link.hasPrefix("#") ? .destination(String(link.dropFirst())) : .url(link)
                    links.append(.link(rect, target))
                }
            }
        }
        return glyphItems + decorations + links
    }

    /// A GlyphRun whose clusters follow HarfBuzz's: glyphs sharing a cluster value form one
    /// cluster covering the text up to the next cluster value (backward for right-to-left runs).
    static func glyphRun(_ run: PlacedRun, text: ParagraphText, origin: Point) -> GlyphRun {
        let units: [UInt16] = run.suffix.map { Array($0.text.utf16) } ?? Array(text.units[run.range])
        let base = run.suffix == nil ? run.range.lowerBound : 0
        var glyphs: [GlyphRun.Glyph] = []
        glyphs.reserveCapacity(run.glyphs.count)
        var pen = 0.0
        for g in run.glyphs {
            glyphs.append(GlyphRun.Glyph(id: g.id, x: pen + g.xOffset, y: -g.yOffset))
            pen += g.advance
        }
        // Cluster starts relative to the run's text, in visual order, with glyph counts.
        var groups: [(start: Int, count: Int)] = []
        for g in run.glyphs {
            let start = g.cluster - base
            if let last = groups.last, last.start == start {
                groups[groups.count - 1].count += 1
            } else {
                groups.append((start, 1))
            }
        }
        let starts = Set(groups.map(\.start)).sorted()
        var next: [Int: Int] = [:]
        for (i, s) in starts.enumerated() { next[s] = i + 1 < starts.count ? starts[i + 1] : units.count }
        let clusters = groups.map { group in
            GlyphRun.Cluster(
                byteCount: utf8Count(units, group.start..<(next[group.start] ?? units.count)), glyphCount: group.count)
        }
        return GlyphRun(
            font: run.face.resource, fontSize: run.style.fontSize, color: run.style.color, origin: origin,
            glyphs: glyphs, text: String(decoding: units, as: UTF16.self), clusters: clusters,
            clustersBackward: run.rtl, syntheticSlant: run.syntheticItalic ? syntheticSlant : 0)
    }

    /// UTF-8 length of a UTF-16 range (a surrogate pair is 4 bytes; a lone surrogate becomes U+FFFD, 3 bytes).
    static func utf8Count(_ units: [UInt16], _ range: Range<Int>) -> Int {
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
