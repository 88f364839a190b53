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
    /// Scratch arrays reused by every glyph run (no per-run allocation).
    private var glyphs: UnsafeMutablePointer<cairo_glyph_t>
    private var glyphCapacity = 64
    private var clusters: UnsafeMutablePointer<cairo_text_cluster_t>
    private var clusterCapacity = 64
    /// Links and anchors met inside an opacity layer, emitted after the layer is composited.
    private var layerDepth = 0
    private var deferredTags: [(DisplayItem, cairo_matrix_t)] = []
    /// Names of the anchors written (the PDF writer checks outline destinations against them).
    private(set) var anchorNames: [String] = []
    /// Tagged PDF: follows the structure markers and marks content (nil: markers are ignored).
    var structure: StructureRecorder?
    /// PDF/A and PDF/UA: drawing the missing-glyph glyph (id 0) is an error.
    var forbidsMissingGlyphs = false

    func recordAnchor(_ name: String) { anchorNames.append(name) }

    init(
        context: CairoContext, mode: Mode, images: ImageSurfaceCache, canvasWidth: Double, canvasHeight: Double,
        shadowResolution: Double = 1
    ) throws(RenderError) {
        self.context = context
        self.cr = context.pointer
        self.mode = mode
        self.images = images
        self.canvasWidth = canvasWidth
        self.canvasHeight = canvasHeight
        self.shadowResolution = shadowResolution
        self.fontOptions = try CairoFontOptions()
        glyphs = .allocate(capacity: glyphCapacity)
        clusters = .allocate(capacity: clusterCapacity)
        cairo_set_font_options(cr, fontOptions.pointer)
    }

    deinit {
        glyphs.deallocate()
        clusters.deallocate()
    }

    /// Draws `items` in order, checking `isCancelled` before each one.
    func paint(_ items: [DisplayItem], isCancelled: () -> Bool) throws(RenderError) {
        for item in items {
            if isCancelled() { throw RenderError.cancelled }
            try draw(item)
        }
        try context.checkStatus("drawing")
    }

    func draw(_ item: DisplayItem) throws(RenderError) {
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
        if let clip = group.clip {
            appendPath(clip)
            cairo_clip(cr)
        }
        for item in group.items {
            try draw(item)
        }
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
        let count = run.glyphs.count
        guard count > 0, !run.color.isInvisible else { return }
        try setFont(run)
        if count > glyphCapacity {
            glyphs.deallocate()
            glyphCapacity = max(count, glyphCapacity * 2)
            glyphs = .allocate(capacity: glyphCapacity)
        }
        let (ox, oy) = (run.origin.x, run.origin.y)
        var index = 0
        for glyph in run.glyphs {
            glyphs[index] = cairo_glyph_t(index: UInt(glyph.id), x: ox + glyph.x, y: oy + glyph.y)
            index += 1
        }
        setSource(run.color)
        if forbidsMissingGlyphs, run.glyphs.contains(where: { $0.id == 0 }) {
            throw RenderError.pdfStandard(
                "the text \"\(run.text.prefix(60))\" has a character no font has: PDF/A and PDF/UA forbid drawing the "
                    + "missing-glyph (.notdef) glyph (ISO 19005-2 §6.2.11.8, ISO 14289-1 §7.21.8); add a font that has it "
                    + "(galley check lists such characters)")
        }
        let clusterCount = mode == .vector && !run.text.isEmpty ? fillClusters(run) : nil
        if layerDepth == 0, let structure {
            if clusterCount == nil, !run.text.isEmpty {
                // Glyphs cairo cannot map back to the text: the text goes in /ActualText.
                try structure.willPaintGlyphs(actualText: run.text, cr)
            } else {
                try structure.willPaint(cr)
            }
        }
        guard let clusterCount else {
            // Raster output needs no text; cairo's image backend would ignore it anyway.
            cairo_show_glyphs(cr, glyphs, Int32(count))
            return
        }
        let flags = run.clustersBackward ? CAIRO_TEXT_CLUSTER_FLAG_BACKWARD : cairo_text_cluster_flags_t(0)
        let byteCount = run.text.utf8.count
        run.text.withCString { text in
            cairo_show_text_glyphs(
                cr, text, Int32(byteCount), glyphs, Int32(count), clusters, Int32(clusterCount), flags)
        }
    }

    /// Copies the run's clusters into the scratch array; nil when they do not cover the text
    /// and glyphs exactly (cairo would put the context into a permanent error state).
    private func fillClusters(_ run: GlyphRun) -> Int? {
        let byteCount = run.text.utf8.count
        guard let list = run.clusterList else {
            // Each glyph one byte of the text (GlyphRun.clusterList): as many clusters as glyphs.
            guard byteCount == run.glyphs.count else { return nil }
            reserveClusters(byteCount)
            for index in 0..<byteCount { clusters[index] = cairo_text_cluster_t(num_bytes: 1, num_glyphs: 1) }
            return byteCount
        }
        guard !list.isEmpty else {
            // No clusters: the whole text maps to the whole run (still extractable).
            clusters[0] = cairo_text_cluster_t(num_bytes: Int32(byteCount), num_glyphs: Int32(run.glyphs.count))
            return 1
        }
        reserveClusters(list.count)
        var bytes = 0
        var glyphTotal = 0
        var index = 0
        // GlyphRun lists clusters in visual glyph order. cairo's BACKWARD flag wants them in
        // text order, mapped to glyphs from the end of the glyph array: the reverse order.
        let ordered = run.clustersBackward ? Array(list.reversed()) : list
        for cluster in ordered {
            guard cluster.byteCount >= 0, cluster.glyphCount >= 0 else { return nil }
            bytes += cluster.byteCount
            glyphTotal += cluster.glyphCount
            clusters[index] = cairo_text_cluster_t(
                num_bytes: Int32(cluster.byteCount), num_glyphs: Int32(cluster.glyphCount))
            index += 1
        }
        guard bytes == byteCount, glyphTotal == run.glyphs.count else { return nil }
        return index
    }

    /// Grows the cluster scratch array to hold `count` clusters.
    private func reserveClusters(_ count: Int) {
        guard count > clusterCapacity else { return }
        clusters.deallocate()
        clusterCapacity = max(count, clusterCapacity * 2)
        clusters = .allocate(capacity: clusterCapacity)
    }

    private func setFont(_ run: GlyphRun) throws(RenderError) {
        // Consecutive runs mostly share a font: skip the process-wide cache's lock for them.
        let face: CairoFontFace
        if let lastFace, lastFont == run.font {
            face = lastFace
        } else {
            face = try FontFaceCache.shared.face(for: run.font)
            lastFont = run.font
            lastFace = face
        }
        if face.pointer != currentFace {
            cairo_set_font_face(cr, face.pointer)
            currentFace = face.pointer
            currentFontSize = -1
        }
        if run.fontSize != currentFontSize || run.syntheticSlant != currentSlant {
            // A synthetic slant shears the font space: x' = x - slant·y (y grows downwards).
            var matrix = cairo_matrix_t(
                xx: run.fontSize, yx: 0, xy: -run.syntheticSlant * run.fontSize, yy: run.fontSize, x0: 0, y0: 0)
            cairo_set_font_matrix(cr, &matrix)
            currentFontSize = run.fontSize
            currentSlant = run.syntheticSlant
        }
    }
}

func cairoMatrix(_ t: AffineTransform) -> cairo_matrix_t {
    cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
}
