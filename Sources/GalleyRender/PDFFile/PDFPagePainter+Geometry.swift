import GalleyLayout

/// The geometry `PDFPagePainter` works out: what a run, a path or a group's items may cover
/// (transparency groups' boxes, the culling of text the clips hide).
extension PDFPagePainter {
    /// The box a run's glyphs take: from its first pen position to its last glyph's advance
    /// past the last, between the font's ascent and descent around each baseline.
    static func extent(of run: GlyphRun, in source: PDFFontSource) -> Rect {
        var minX = Double.infinity
        var maxX = -Double.infinity
        var minY = Double.infinity
        var maxY = -Double.infinity
        for glyph in run.glyphs {
            minX = min(minX, glyph.x)
            maxX = max(maxX, glyph.x)
            minY = min(minY, glyph.y)
            maxY = max(maxY, glyph.y)
        }
        let em = run.fontSize / Double(source.unitsPerEm)
        let last = run.glyphs[run.glyphs.count - 1].id
        // Half an em either side: a mark of no advance, or a glyph reaching past its advance.
        let margin = abs(run.syntheticSlant) * Double(source.ascent) * em + run.fontSize / 2
        return Rect(
            x: run.origin.x + minX - margin, y: run.origin.y + minY - Double(source.ascent) * em,
            width: maxX - minX + Double(max(source.advance(last), 0)) * em + 2 * margin,
            height: maxY - minY + Double(source.ascent - source.descent) * em)
    }

    /// A rectangle around everything `items` may paint, in their own space (generous for
    /// text: an em above and below its baseline, and an em past its last glyph).
    static func bounds(of items: [DisplayItem]) -> Rect? {
        var box: Rect?
        func add(_ rect: Rect) { box = box.map { $0.enclosing(rect) } ?? rect }
        for item in items {
            switch item {
            case .fill(let path, _):
                if let rect = bounds(of: path) { add(rect) }
            case .stroke(let path, _, let lineWidth):
                // Miters reach up to 5 line widths past a corner (PDF's default limit of 10).
                if let rect = bounds(of: path) {
                    let reach = 5 * lineWidth
                    add(
                        Rect(
                            x: rect.minX - reach, y: rect.minY - reach, width: rect.width + 2 * reach,
                            height: rect.height + 2 * reach))
                }
            case .glyphs(let run):
                let xs = run.glyphs.map { run.origin.x + $0.x }
                let ys = run.glyphs.map { run.origin.y + $0.y }
                let slant = abs(run.syntheticSlant) * run.fontSize
                // Two ems above and one below the baselines, one before the first glyph and four
                // past the last: wider than any Latin, CJK or stacked glyph reaches.
                add(
                    Rect(
                        x: (xs.min() ?? run.origin.x) - run.fontSize - slant,
                        y: (ys.min() ?? run.origin.y) - 2 * run.fontSize,
                        width: (xs.max() ?? 0) - (xs.min() ?? 0) + 5 * run.fontSize + 2 * slant,
                        height: (ys.max() ?? 0) - (ys.min() ?? 0) + 3 * run.fontSize))
            case .image(_, let rect, _), .vector(_, let rect), .modules(_, let rect, _):
                add(rect)
            case .group(let group):
                guard var inner = bounds(of: group.items) else { continue }
                if let clip = group.clip, let clipBox = bounds(of: clip) {
                    guard let met = inner.meeting(clipBox) else { continue }
                    inner = met
                }
                let moved = inner.boundingBox(under: group.transform)
                var shadow = 0.0
                if let cast = group.shadow {
                    shadow = 2 * cast.blurRadius + abs(cast.offset.x) + abs(cast.offset.y)
                }
                add(
                    Rect(
                        x: moved.minX - shadow, y: moved.minY - shadow, width: moved.width + 2 * shadow,
                        height: moved.height + 2 * shadow))
            case .link, .anchor, .structure:
                continue
            }
        }
        return box
    }

    static func bounds(of path: Path) -> Rect? {
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        func add(_ point: Point) {
            minX = min(minX, point.x)
            minY = min(minY, point.y)
            maxX = max(maxX, point.x)
            maxY = max(maxY, point.y)
        }
        for element in path.elements {
            switch element {
            case .move(let point), .line(let point): add(point)
            case .curve(let a, let b, let c):
                add(a)
                add(b)
                add(c)
            case .close: continue
            }
        }
        guard minX <= maxX, minY <= maxY else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

extension Rect {
    /// The smallest rectangle around this one's four corners moved by `transform`.
    func boundingBox(under transform: AffineTransform) -> Rect {
        let a = transform.apply(to: Point(x: minX, y: minY))
        let b = transform.apply(to: Point(x: maxX, y: minY))
        let c = transform.apply(to: Point(x: minX, y: maxY))
        let d = transform.apply(to: Point(x: maxX, y: maxY))
        let x0 = min(a.x, b.x, c.x, d.x)
        let y0 = min(a.y, b.y, c.y, d.y)
        return Rect(x: x0, y: y0, width: max(a.x, b.x, c.x, d.x) - x0, height: max(a.y, b.y, c.y, d.y) - y0)
    }

    /// The smallest rectangle around both.
    func enclosing(_ other: Rect) -> Rect {
        let x0 = min(minX, other.minX)
        let y0 = min(minY, other.minY)
        return Rect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    /// Whether the two share a point (edges included).
    func touches(_ other: Rect) -> Bool {
        max(minX, other.minX) <= min(maxX, other.maxX) && max(minY, other.minY) <= min(maxY, other.maxY)
    }

    /// The part both cover; nil when they do not meet.
    func meeting(_ other: Rect) -> Rect? {
        let x0 = max(minX, other.minX)
        let y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX)
        let y1 = min(maxY, other.maxY)
        guard x0 < x1, y0 < y1 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

extension AffineTransform {
    /// The transform that undoes this one; nil when it flattens the plane (no inverse).
    var inverted: AffineTransform? {
        let determinant = a * d - b * c
        guard abs(determinant) > 1e-12, determinant.isFinite else { return nil }
        return AffineTransform(
            a: d / determinant, b: -b / determinant, c: -c / determinant, d: a / determinant,
            tx: (c * ty - d * tx) / determinant, ty: (b * tx - a * ty) / determinant)
    }
}
