import GalleyLayout

/// Turns one page's display items into PDF content operators for `PDFFileWriter`.
///
/// The page's content starts by flipping the y axis (`1 0 0 -1 0 h cm`), so display-list
/// coordinates (points, y down) are written as they are. The painter keeps the fill colour,
/// stroke colour, line width and alpha it has set, per `q` level, and writes an operator only
/// when a value changes.
struct PDFPagePainter {
    struct Link {
        /// In PDF space (y up).
        let rect: Rect
        let target: LinkTarget
    }

    private struct State {
        var fill: (Double, Double, Double)?
        var stroke: (Double, Double, Double)?
        var lineWidth: Double?
        var alpha = 1.0
        var transform = AffineTransform.identity
        /// What the clips in force leave visible, on the page (y down): the page itself,
        /// narrowed by each clip's bounding box.
        var visible = Rect.zero
    }

    private unowned let writer: PDFFileWriter
    private let pageWidth: Double
    private let pageHeight: Double
    private(set) var content = PDFBuffer()
    private(set) var anchors: [(name: String, x: Double, y: Double)] = []
    private(set) var links: [Link] = []
    private var state = State()
    private var saved: [State] = []
    /// Text of the run being drawn, by glyph, made only for glyphs whose CID has no text yet.
    private var scratchText: [UInt16] = []

    init(writer: PDFFileWriter, pageSize: Size) {
        self.writer = writer
        pageWidth = pageSize.width
        pageHeight = pageSize.height
        content.reserveCapacity(16 * 1024)
    }

    mutating func paintPage(_ page: DisplayPage, isCancelled: () -> Bool) throws(RenderError) {
        state.visible = Rect(x: 0, y: 0, width: page.size.width, height: page.size.height)
        content.append("1 0 0 -1 0 ")
        content.append(real: page.size.height)
        content.append(" cm\n")
        if let background = page.background, !background.isInvisible {
            try draw(
                .fill(Path(rect: Rect(x: 0, y: 0, width: page.size.width, height: page.size.height)), background),
                isCancelled: isCancelled)
        }
        try paint(page.items, isCancelled: isCancelled)
    }

    private mutating func paint(_ items: [DisplayItem], isCancelled: () -> Bool) throws(RenderError) {
        for item in items {
            if isCancelled() { throw RenderError.cancelled }
            try draw(item, isCancelled: isCancelled)
        }
    }

    private mutating func draw(_ item: DisplayItem, isCancelled: () -> Bool) throws(RenderError) {
        switch item {
        case .fill(let path, let color):
            guard !path.isEmpty else { return }
            setFill(color)
            appendPath(path)
            content.append("f\n")
        case .stroke(let path, let color, let lineWidth):
            guard !path.isEmpty else { return }
            setStroke(color, lineWidth: lineWidth)
            appendPath(path)
            content.append("S\n")
        case .glyphs(let run):
            try drawGlyphs(run)
        case .image(let image, let rect, let interpolation):
            guard rect.width > 0, rect.height > 0, image.width > 0, image.height > 0 else { return }
            let embedded = try writer.image(image, interpolate: interpolation == .smooth)
            // The fill alpha applies to images too: an image is drawn opaque, as cairo draws it.
            setAlpha(1)
            // The unit square (row 0 at its top) onto the stored pixels, turned upright, then
            // scaled onto the rect.
            let stored = AffineTransform(
                a: Double(embedded.width), b: 0, c: 0, d: -Double(embedded.height), tx: 0,
                ty: Double(embedded.height))
            let upright = embedded.orientation.transform(
                storedWidth: Double(embedded.width), storedHeight: Double(embedded.height))
            let placed = AffineTransform(
                a: rect.width / Double(image.width), b: 0, c: 0, d: rect.height / Double(image.height),
                tx: rect.minX, ty: rect.minY)
            content.append("q ")
            appendMatrix(stored.concatenating(upright).concatenating(placed))
            content.append(" cm ")
            content.append(name: embedded.name)
            content.append(" Do Q\n")
        case .vector:
            throw RenderError.pdfWriter(operation: "drawing an SVG image", message: "not drawn by this writer yet")
        case .modules(let shapes, let rect, let color):
            guard shapes.size.width > 0, shapes.size.height > 0, !shapes.rects.isEmpty else { return }
            save()
            appendMatrix(
                AffineTransform(
                    a: rect.width / shapes.size.width, b: 0, c: 0, d: rect.height / shapes.size.height,
                    tx: rect.minX, ty: rect.minY))
            content.append(" cm\n")
            setFill(color)
            for module in shapes.rects { appendRectangle(module) }
            content.append("f\n")
            restore()
        case .group(let group):
            try drawGroup(group, isCancelled: isCancelled)
        case .link(let rect, let target):
            links.append(Link(rect: pageRect(of: rect), target: target))
        case .anchor(let name, let point):
            let onPage = state.transform.apply(to: point)
            anchors.append((name, onPage.x, pageHeight - onPage.y))
        case .structure:
            throw RenderError.pdfWriter(
                operation: "tagging a page", message: "tagged PDF is not written by this writer yet")
        }
    }

    // MARK: Groups

    private mutating func drawGroup(_ group: DisplayGroup, isCancelled: () -> Bool) throws(RenderError) {
        guard group.opacity > 0, !group.items.isEmpty else { return }
        save()
        if !group.transform.isIdentity {
            appendMatrix(group.transform)
            content.append(" cm\n")
            state.transform = group.transform.concatenating(state.transform)
        }
        if group.opacity < 1 {
            // A transparency group: the items (and their shadow) composited together, then
            // faded once. Inside it the alpha starts at 1 again (PDF resets it when the group
            // is painted).
            guard var box = Self.bounds(of: group.items) else {
                // Nothing it paints: its links and anchors are kept.
                try paintClipped(group, isCancelled: isCancelled)
                restore()
                return
            }
            if let clip = group.clip, let clipBox = Self.bounds(of: clip) { box = box.meeting(clipBox) ?? box }
            if let shadow = group.shadow {
                let reach = 2 * max(0, shadow.blurRadius) + 1
                box = box.enclosing(box.offsetBy(dx: shadow.offset.x, dy: shadow.offset.y))
                box = Rect(
                    x: box.minX - reach, y: box.minY - reach, width: box.width + 2 * reach,
                    height: box.height + 2 * reach)
            }
            let outer = content
            let outerState = state
            content = PDFBuffer()
            state.alpha = 1
            try paintClipped(group, isCancelled: isCancelled)
            let inner = content
            content = outer
            state = outerState
            let form = try writer.formName(content: inner.bytes, boundingBox: box)
            content.append(name: writer.alphaStateName(PDFFileWriter.validAlpha(group.opacity)))
            content.append(" gs ")
            content.append(name: form)
            content.append(" Do\n")
        } else {
            try paintClipped(group, isCancelled: isCancelled)
        }
        restore()
    }

    /// A group's shadow (under its clip's reach: the shadow is not clipped by it), then its
    /// clip and items.
    private mutating func paintClipped(_ group: DisplayGroup, isCancelled: () -> Bool) throws(RenderError) {
        if let shadow = group.shadow { try drawShadow(shadow, of: group) }
        if let clip = group.clip {
            if clip.isEmpty {
                // Nothing is inside an empty clip (cairo's meaning); `W n` needs a path.
                content.append("0 0 0 0 re\n")
            } else {
                appendPath(clip)
            }
            content.append("W n\n")
            if let box = Self.bounds(of: clip) {
                state.visible = state.visible.meeting(pageBox(of: box)) ?? .zero
            } else {
                state.visible = .zero
            }
        }
        try paint(group.items, isCancelled: isCancelled)
    }

    /// The shadow as an image of its colour through its blurred mask (`ShadowMask`, made as
    /// cairo's writer makes it, at two pixels a point), placed in page space.
    private mutating func drawShadow(_ shadow: Shadow, of group: DisplayGroup) throws(RenderError) {
        guard !shadow.color.isInvisible, let toLocal = state.transform.inverted else { return }
        guard
            let mask = try ShadowMask.make(
                shadow, of: group, ctm: cairoMatrix(state.transform), resolution: 2, canvasWidth: pageWidth,
                canvasHeight: pageHeight, images: writer.shadowImages)
        else { return }
        let name = try writer.shadowImage(mask, color: shadow.color)
        let k = mask.resolution
        let width = Double(mask.width) / k
        let height = Double(mask.height) / k
        // The unit square (row 0 at its top) onto the mask's place on the page, then into the
        // group's space, where the content stream is.
        let onPage = AffineTransform(a: width, b: 0, c: 0, d: -height, tx: mask.x / k, ty: mask.y / k + height)
        setAlpha(shadow.color.alpha)
        content.append("q ")
        appendMatrix(onPage.concatenating(toLocal))
        content.append(" cm ")
        content.append(name: name)
        content.append(" Do Q\n")
    }

    private mutating func save() {
        saved.append(state)
        content.append("q\n")
    }

    private mutating func restore() {
        state = saved.removeLast()
        content.append("Q\n")
    }

    // MARK: Colour and lines

    private mutating func setAlpha(_ requested: Double) {
        let alpha = PDFFileWriter.validAlpha(requested)
        guard alpha != state.alpha else { return }
        content.append(name: writer.alphaStateName(alpha))
        content.append(" gs\n")
        state.alpha = alpha
    }

    private mutating func setFill(_ color: Color) {
        setAlpha(color.alpha)
        let rgb = (color.red, color.green, color.blue)
        if let current = state.fill, current == rgb { return }
        appendColor(rgb)
        content.append(" rg\n")
        state.fill = rgb
    }

    private mutating func setStroke(_ color: Color, lineWidth: Double) {
        setAlpha(color.alpha)
        let rgb = (color.red, color.green, color.blue)
        if state.stroke == nil || state.stroke! != rgb {
            appendColor(rgb)
            content.append(" RG\n")
            state.stroke = rgb
        }
        if state.lineWidth != lineWidth {
            content.append(real: lineWidth)
            content.append(" w\n")
            state.lineWidth = lineWidth
        }
    }

    private mutating func appendColor(_ rgb: (Double, Double, Double)) {
        content.append(real: rgb.0)
        content.append(" ")
        content.append(real: rgb.1)
        content.append(" ")
        content.append(real: rgb.2)
    }

    // MARK: Paths

    private mutating func appendPath(_ path: Path) {
        if let rect = path.axisAlignedRectangle {
            appendRectangle(rect)
            return
        }
        var hasPoint = false
        for element in path.elements {
            switch element {
            case .move(let point):
                appendPoint(point)
                content.append(" m\n")
            case .line(let point) where !hasPoint:
                // A path that starts with a line starts at its end point (cairo's meaning).
                appendPoint(point)
                content.append(" m\n")
            case .curve(_, _, let end) where !hasPoint:
                appendPoint(end)
                content.append(" m\n")
            case .line(let point):
                appendPoint(point)
                content.append(" l\n")
            case .curve(let control1, let control2, let end):
                appendPoint(control1)
                content.append(" ")
                appendPoint(control2)
                content.append(" ")
                appendPoint(end)
                content.append(" c\n")
            case .close:
                content.append("h\n")
            }
            hasPoint = true
        }
    }

    private mutating func appendRectangle(_ rect: Rect) {
        content.append(rectangle: rect)
        content.append(" re\n")
    }

    private mutating func appendPoint(_ point: Point) { content.append(point: point) }

    private mutating func appendMatrix(_ m: AffineTransform) { content.append(matrix: m) }

    // MARK: Text

    /// A run as one text object: its font at size 1 scaled by the text matrix (flipped back
    /// upright, sheared for a synthetic slant), glyphs as CIDs in `TJ` arrays, a glyph's
    /// offset from where the previous one's width left the pen as an adjustment, and a new
    /// text matrix where a glyph leaves the line (a mark above or below).
    private mutating func drawGlyphs(_ run: GlyphRun) throws(RenderError) {
        guard !run.glyphs.isEmpty, run.fontSize > 0 else { return }
        // A run the clips leave wholly invisible is left out, as cairo leaves it out: its text
        // would otherwise be found by search and copy on a page that does not show it (a
        // paragraph split across pages is drawn whole on each, clipped to its part).
        let source = try PDFFontSource.source(for: run.font)
        guard state.visible.touches(pageBox(of: extent(of: run, in: source))) else { return }
        let font = try writer.font(for: run.font)
        setFill(run.color)
        let size = run.fontSize
        content.append("BT\n")
        content.append(name: font.resourceName)
        content.append(" 1 Tf\n")
        let texts = GlyphTexts(run)
        var lineY = Double.nan
        var expectedX = 0.0
        var inArray = false
        var inString = false
        for (index, glyph) in run.glyphs.enumerated() {
            let x = run.origin.x + glyph.x
            let y = run.origin.y + glyph.y
            var cid = try font.cid(for: glyph.id)
            if cid.needsText, let text = texts.text(ofGlyph: index, in: run, scratch: &scratchText) {
                font.setText(text, of: cid.cid)
            }
            if y != lineY {
                if inString { content.append(">") }
                if inArray { content.append("]TJ\n") }
                appendMatrix(AffineTransform(a: size, b: 0, c: run.syntheticSlant * size, d: -size, tx: x, ty: y))
                content.append(" Tm\n[")
                inArray = true
                inString = false
                lineY = y
            } else {
                let adjustment = (expectedX - x) * 1000 / size
                if abs(adjustment) >= 0.001 {
                    if inString { content.append(">") }
                    content.append(real: adjustment)
                    inString = false
                }
            }
            if !inString {
                content.append("<")
                inString = true
            }
            content.appendHex16(cid.cid)
            expectedX = x + font.widthOfCID[Int(cid.cid)] * size / 1000
            cid.needsText = false
        }
        if inString { content.append(">") }
        content.append("]TJ\nET\n")
    }

    // MARK: Geometry

    /// The box a run's glyphs take: from its first pen position to its last glyph's advance
    /// past the last, between the font's ascent and descent around each baseline.
    private func extent(of run: GlyphRun, in source: PDFFontSource) -> Rect {
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

    /// `rect` (local space) as the smallest rectangle on the page around it, in PDF space (y up).
    private func pageRect(of rect: Rect) -> Rect {
        let box = pageBox(of: rect)
        return Rect(x: box.minX, y: pageHeight - box.maxY, width: box.width, height: box.height)
    }

    /// `rect` (local space) as the smallest rectangle on the page around it (y down).
    private func pageBox(of rect: Rect) -> Rect { rect.boundingBox(under: state.transform) }

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

    private static func bounds(of path: Path) -> Rect? {
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

/// Where each glyph's text is in a run (`GlyphRun.clusters`): the first glyph of a cluster
/// stands for the cluster's text, the others for none.
private struct GlyphTexts {
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

extension Rect {
    /// The smallest rectangle around this one's four corners moved by `transform`.
    fileprivate func boundingBox(under transform: AffineTransform) -> Rect {
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
    fileprivate func touches(_ other: Rect) -> Bool {
        max(minX, other.minX) <= min(maxX, other.maxX) && max(minY, other.minY) <= min(maxY, other.maxY)
    }

    /// The part both cover; nil when they do not meet.
    fileprivate func meeting(_ other: Rect) -> Rect? {
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
