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
        guard state.visible.touches(pageBox(of: Self.extent(of: run, in: source))) else { return }
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

    /// `rect` (local space) as the smallest rectangle on the page around it, in PDF space (y up).
    private func pageRect(of rect: Rect) -> Rect {
        let box = pageBox(of: rect)
        return Rect(x: box.minX, y: pageHeight - box.maxY, width: box.width, height: box.height)
    }

    /// `rect` (local space) as the smallest rectangle on the page around it (y down).
    private func pageBox(of rect: Rect) -> Rect { rect.boundingBox(under: state.transform) }
}
