import CCairo
import GalleyLayout

/// Draws display items into one cairo context: the single painter behind PNG and PDF output,
/// so both are the same picture.
///
/// `vector` mode (PDF) additionally writes links, anchors and the text behind glyphs; `raster`
/// mode ignores links and anchors. A painter belongs to one render call on one thread.
final class Painter {
    enum Mode { case raster, vector }

    let context: CairoContext
    let cr: OpaquePointer
    let mode: Mode
    let images: ImageSurfaceCache
    /// The canvas in device units (pixels for raster, points for PDF), for sizing shadows.
    let canvasWidth: Double
    let canvasHeight: Double
    /// Extra resolution of shadow bitmaps over device units (PDF shadows are images).
    let shadowResolution: Double

    private let fontOptions: CairoFontOptions
    /// The font last set on the context; cleared whenever a restore may have changed it.
    private var currentFace: OpaquePointer?
    private var currentFontSize = 0.0
    private var currentSlant = 0.0
    private var lastFont: FontResource?
    private var lastFace: CairoFontFace?
    /// The glyph runs on their way to cairo (scratch arrays reused by every run, and by every
    /// page of a PDF: a page of text gathers thousands of glyphs into it).
    private let glyphBatch: GlyphBatch
    /// Where, in device space, a glyph run is sure to be drawn — the canvas, narrowed by the
    /// rectangular clips in force — or nil inside any other clip. cairo leaves out a glyph call
    /// whose ink misses the clip (its text with it); a run is gathered with others only where
    /// it could not have been left out on its own (`drawGlyphs`).
    private var visibleArea: Rect?
    /// Links and anchors met inside an opacity layer, emitted after the layer is composited.
    private var layerDepth = 0
    private var deferredTags: [(DisplayItem, cairo_matrix_t)] = []
    /// Names of the anchors written (the PDF writer checks outline destinations against them).
    private(set) var anchorNames: [String] = []
    /// Tagged PDF: follows the structure markers and marks content (nil: markers are ignored).
    var structure: StructureRecorder?
    /// Whether the PDF shortcuts that leave the bytes as they are apply (set by the PDF writer):
    /// consecutive glyph runs of one style go to cairo in one call (`GlyphBatch`) on pages
    /// without tags (a tagged page marks each run's owner), and a group that only translates
    /// moves the matrix instead of saving and restoring cairo's whole state.
    var takesShortcuts = false
    /// The glyph runs that went to cairo in a call with others.
    private(set) var gatheredRunCount = 0
    /// PDF/A and PDF/UA: drawing the missing-glyph glyph (id 0) is an error.
    var forbidsMissingGlyphs = false

    func recordAnchor(_ name: String) { anchorNames.append(name) }

    init(
        context: CairoContext, mode: Mode, images: ImageSurfaceCache, canvasWidth: Double, canvasHeight: Double,
        shadowResolution: Double = 1, glyphBatch: GlyphBatch = GlyphBatch()
    ) throws(RenderError) {
        // A page that failed or was cancelled may have left runs gathered: they are not this page's.
        glyphBatch.removeAll()
        self.glyphBatch = glyphBatch
        self.context = context
        self.cr = context.pointer
        self.mode = mode
        self.images = images
        self.canvasWidth = canvasWidth
        self.canvasHeight = canvasHeight
        self.shadowResolution = shadowResolution
        self.visibleArea = Rect(x: 0, y: 0, width: canvasWidth, height: canvasHeight)
        self.fontOptions = try CairoFontOptions()
        cairo_set_font_options(cr, fontOptions.pointer)
    }

    /// Draws `items` in order, checking `isCancelled` before each one.
    func paint(_ items: [DisplayItem], isCancelled: () -> Bool) throws(RenderError) {
        for item in items {
            if isCancelled() { throw RenderError.cancelled }
            try draw(item)
        }
        flushGlyphs()
        try context.checkStatus("drawing")
    }

    func draw(_ item: DisplayItem) throws(RenderError) {
        // What is painted next goes over the runs gathered so far (a run or a translated
        // group of runs may join them: drawGlyphs, drawGroup; structure marks are followed
        // only on tagged pages, where runs are not gathered).
        switch item {
        case .glyphs, .group, .structure: break
        default: flushGlyphs()
        }
        switch item {
        case .fill(let path, let color):
            try willPaint()
            appendPath(path)
            setSource(color)
            cairo_fill(cr)
        case .stroke(let path, let color, let lineWidth):
            try willPaint()
            appendPath(path)
            setSource(color)
            cairo_set_line_width(cr, lineWidth)
            cairo_stroke(cr)
        case .glyphs(let run):
            try drawGlyphs(run)
        case .image(let image, let rect, let interpolation):
            try willPaint()
            try drawImage(image, in: rect, interpolation: interpolation)
        case .vector(let image, let rect):
            try willPaint()
            try drawVector(image, in: rect)
        case .modules(let shapes, let rect, let color):
            try willPaint()
            drawModules(shapes, in: rect, color: color)
        case .group(let group):
            try drawGroup(group)
        case .link, .anchor:
            guard mode == .vector else { return }
            if layerDepth > 0 {
                var matrix = cairo_matrix_t()
                cairo_get_matrix(cr, &matrix)
                deferredTags.append((item, matrix))
            } else {
                writeTag(item)
            }
        case .structure(let mark):
            // Inside an opacity layer the owner of the content cannot change (StructureRecorder).
            if layerDepth == 0 { try structure?.handle(mark) }
        }
    }

    /// Marks what is painted next with its owner (tagged PDF; outside opacity layers).
    private func willPaint() throws(RenderError) {
        if layerDepth == 0, let structure { try structure.willPaint(cr) }
    }

    private func drawGroup(_ group: DisplayGroup) throws(RenderError) {
        guard group.opacity > 0, !group.items.isEmpty else { return }
        // A group that only moves its items lets gathered glyph runs go on across it (their
        // positions are in device space); anything else it does would apply to them.
        let onlyTranslates =
            group.clip == nil && group.opacity >= 1 && group.shadow == nil && group.transform.a == 1
            && group.transform.b == 0 && group.transform.c == 0 && group.transform.d == 1
        if !onlyTranslates { flushGlyphs() }
        if onlyTranslates, takesShortcuts {
            var ctm = cairo_matrix_t()
            cairo_get_matrix(cr, &ctm)
            // Under translations alone (a PDF page's nodes), moving the matrix and setting it
            // back undoes the group exactly — its inverse is the negated offset either way — so
            // the save and restore of cairo's whole graphics state (clip, source, font) are not
            // needed: nothing else in a translated group outlives its item.
            if ctm.onlyTranslates {
                if !group.transform.isIdentity {
                    var matrix = cairoMatrix(group.transform)
                    cairo_transform(cr, &matrix)
                }
                for item in group.items {
                    try draw(item)
                }
                cairo_set_matrix(cr, &ctm)
                return
            }
        }
        cairo_save(cr)
        if !group.transform.isIdentity {
            var matrix = cairoMatrix(group.transform)
            cairo_transform(cr, &matrix)
        }
        let layered = group.opacity < 1
        var layerOpenedElement = false
        if layered {
            if layerDepth == 0, let structure {
                layerOpenedElement = try structure.enterLayer(group.items, cr)
            }
            // Group opacity: composite the children first, then fade the result once.
            cairo_push_group(cr)
            layerDepth += 1
        }
        if let shadow = group.shadow {
            if layerDepth == 0 { structure?.willPaintDecoration(cr) }
            try drawShadow(shadow, of: group)
        }
        let outerVisibleArea = visibleArea
        defer { visibleArea = outerVisibleArea }
        if let clip = group.clip {
            appendPath(clip)
            cairo_clip(cr)
            visibleArea = visibleArea.flatMap { narrowed($0, by: clip) }
        }
        for item in group.items {
            try draw(item)
        }
        if !onlyTranslates { flushGlyphs() }
        if layered {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, group.opacity)
            layerDepth -= 1
            if layerDepth == 0 { structure?.exitLayer(openedElement: layerOpenedElement) }
        }
        cairo_restore(cr)
        fontMayHaveChanged()
        if layerDepth == 0, !deferredTags.isEmpty {
            writeDeferredTags()
        }
    }

    private func writeDeferredTags() {
        cairo_save(cr)
        for (item, matrix) in deferredTags {
            var matrix = matrix
            cairo_set_matrix(cr, &matrix)
            writeTag(item)
        }
        cairo_restore(cr)
        deferredTags.removeAll(keepingCapacity: true)
    }

    func appendPath(_ path: Path) {
        cairo_new_path(cr)
        for element in path.elements {
            switch element {
            case .move(let p): cairo_move_to(cr, p.x, p.y)
            case .line(let p): cairo_line_to(cr, p.x, p.y)
            case .curve(let c1, let c2, let p): cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
            case .close: cairo_close_path(cr)
            }
        }
    }

    func setSource(_ color: Color) {
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
    }

    /// Forgets the tracked font after `cairo_restore`, which may bring back an older one.
    func fontMayHaveChanged() {
        currentFace = nil
    }

    // MARK: Glyph runs

    private func drawGlyphs(_ run: GlyphRun) throws(RenderError) {
        guard !run.glyphs.isEmpty, !run.color.isInvisible else { return }
        if forbidsMissingGlyphs, run.glyphs.contains(where: { $0.id == 0 }) {
            throw RenderError.pdfStandard(
                "the text \"\(run.text.prefix(60))\" has a character no font has: PDF/A and PDF/UA forbid drawing the "
                    + "missing-glyph (.notdef) glyph (ISO 19005-2 §6.2.11.8, ISO 14289-1 §7.21.8); add a font that has it "
                    + "(galley check lists such characters)")
        }
        let style = GlyphBatch.Style(
            face: try face(for: run.font), fontSize: run.fontSize, slant: run.syntheticSlant, color: run.color)
        if takesShortcuts, structure == nil, let visibleArea, !run.clustersBackward, run.hasInkedCharacter {
            var ctm = cairo_matrix_t()
            cairo_get_matrix(cr, &ctm)
            // Only under translations: positions then move to device space exactly as cairo
            // moves them (GlyphBatch.append), and the batch is drawn with an identity matrix.
            if ctm.onlyTranslates,
                run.lies(within: visibleArea, dx: ctm.x0, dy: ctm.y0)
            {
                if let gathered = glyphBatch.style, gathered != style { flushGlyphs() }
                let joins = !glyphBatch.isEmpty
                if glyphBatch.append(run, style: style, dx: ctm.x0, dy: ctm.y0, withText: true) {
                    if joins { gatheredRunCount += 1 }
                    return
                }
            }
        }
        flushGlyphs()
        let withText = mode == .vector && !run.text.isEmpty
        let mapsText = withText && glyphBatch.append(run, style: style, dx: 0, dy: 0, withText: true)
        if !mapsText {
            _ = glyphBatch.append(run, style: style, dx: 0, dy: 0, withText: false)
        }
        if layerDepth == 0, let structure {
            if withText, !mapsText {
                // Glyphs cairo cannot map back to the text: the text goes in /ActualText.
                try structure.willPaintGlyphs(actualText: run.text, cr)
            } else {
                try structure.willPaint(cr)
            }
        }
        showBatch(backward: run.clustersBackward)
    }

    /// `area` narrowed by a clip set under the current matrix; nil when the clip is not a
    /// rectangle in device space (runs are then not gathered inside it).
    private func narrowed(_ area: Rect, by clip: Path) -> Rect? {
        guard let rect = clip.axisAlignedRectangle else { return nil }
        var ctm = cairo_matrix_t()
        cairo_get_matrix(cr, &ctm)
        guard ctm.onlyTranslates else { return nil }
        let minX = max(area.minX, rect.minX + ctm.x0)
        let minY = max(area.minY, rect.minY + ctm.y0)
        let maxX = min(area.maxX, rect.maxX + ctm.x0)
        let maxY = min(area.maxY, rect.maxY + ctm.y0)
        return Rect(x: minX, y: minY, width: max(0, maxX - minX), height: max(0, maxY - minY))
    }

    /// Draws the gathered glyph runs (in device space) and empties the batch; called before
    /// anything else is painted, so the page's order of painting is kept.
    func flushGlyphs() {
        guard !glyphBatch.isEmpty else { return }
        var ctm = cairo_matrix_t()
        cairo_get_matrix(cr, &ctm)
        cairo_identity_matrix(cr)
        showBatch(backward: false)
        cairo_set_matrix(cr, &ctm)
    }

    /// Shows the batch with the current matrix: with its text when it has clusters.
    private func showBatch(backward: Bool) {
        defer { glyphBatch.removeAll() }
        guard let style = glyphBatch.style else { return }
        selectFont(style)
        setSource(style.color)
        guard glyphBatch.clusterCount > 0 else {
            // Raster output needs no text; cairo's image backend would ignore it anyway.
            cairo_show_glyphs(cr, glyphBatch.glyphs, Int32(glyphBatch.glyphCount))
            return
        }
        let flags = backward ? CAIRO_TEXT_CLUSTER_FLAG_BACKWARD : cairo_text_cluster_flags_t(0)
        glyphBatch.text.withUnsafeBufferPointer { text in
            text.withMemoryRebound(to: CChar.self) { text in
                cairo_show_text_glyphs(
                    cr, text.baseAddress, Int32(text.count), glyphBatch.glyphs, Int32(glyphBatch.glyphCount),
                    glyphBatch.clusters, Int32(glyphBatch.clusterCount), flags)
            }
        }
    }

    /// The cairo face of a font; consecutive runs mostly share one, so the process-wide cache
    /// (and its lock) is skipped for them.
    private func face(for font: FontResource) throws(RenderError) -> CairoFontFace {
        if let lastFace, lastFont == font { return lastFace }
        let face = try FontFaceCache.shared.face(for: font)
        lastFont = font
        lastFace = face
        return face
    }

    private func selectFont(_ style: GlyphBatch.Style) {
        if style.face.pointer != currentFace {
            cairo_set_font_face(cr, style.face.pointer)
            currentFace = style.face.pointer
            currentFontSize = -1
        }
        if style.fontSize != currentFontSize || style.slant != currentSlant {
            // A synthetic slant shears the font space: x' = x - slant·y (y grows downwards).
            var matrix = cairo_matrix_t(
                xx: style.fontSize, yx: 0, xy: -style.slant * style.fontSize, yy: style.fontSize, x0: 0, y0: 0)
            cairo_set_font_matrix(cr, &matrix)
            currentFontSize = style.fontSize
            currentSlant = style.slant
        }
    }
}

extension cairo_matrix_t {
    /// Whether the matrix only moves (its linear part is the identity): device positions are
    /// then user positions plus the offset, the same doubles cairo computes.
    var onlyTranslates: Bool { xx == 1 && yy == 1 && xy == 0 && yx == 0 }
}

func cairoMatrix(_ t: AffineTransform) -> cairo_matrix_t {
    cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
}
