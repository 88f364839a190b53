import CCairo
import GalleyLayout

extension Painter {
    /// Draws barcode modules over `rect`: exact shapes in a PDF; in a PNG, snapped to whole device pixels
    /// (each module the same whole number of pixels across, the symbol centred in the rect) unless the
    /// transform turns or shears them or a module would be under a pixel, which draw exactly.
    func drawModules(_ shapes: ModuleShapes, in rect: Rect, color: Color) {
        guard rect.width > 0, rect.height > 0, shapes.size.width > 0, shapes.size.height > 0, !shapes.rects.isEmpty
        else { return }
        setSource(color)
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        let axisAligned = matrix.xy == 0 && matrix.yx == 0 && matrix.xx > 0 && matrix.yy > 0
        let deviceWidth = rect.width * matrix.xx
        let deviceHeight = rect.height * matrix.yy
        let across = (deviceWidth / shapes.size.width).rounded(.down)
        guard mode == .raster, axisAligned, across >= 1 else {
            let sx = rect.width / shapes.size.width
            let sy = rect.height / shapes.size.height
            if mode == .vector, let lineWidth = shapes.strokeWidth {
                strokeModules(shapes, lineWidth: lineWidth, in: rect, sx: sx, sy: sy)
                return
            }
            cairo_new_path(cr)
            for module in shapes.rects {
                cairo_rectangle(
                    cr, rect.minX + module.minX * sx, rect.minY + module.minY * sy, module.width * sx,
                    module.height * sy)
            }
            cairo_fill(cr)
            return
        }
        // Device space: whole pixels per module across; matrix symbols keep square modules.
        let down = shapes.isMatrix ? across : deviceHeight / shapes.size.height
        let left = (rect.minX * matrix.xx + matrix.x0 + (deviceWidth - across * shapes.size.width) / 2).rounded()
        let top = (rect.minY * matrix.yy + matrix.y0 + (deviceHeight - down * shapes.size.height) / 2).rounded()
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_new_path(cr)
        for module in shapes.rects {
            let x0 = left + (module.minX * across).rounded()
            let x1 = left + (module.maxX * across).rounded()
            let y0 = top + (module.minY * down).rounded()
            let y1 = top + (module.maxY * down).rounded()
            cairo_rectangle(cr, x0, y0, x1 - x0, y1 - y0)
        }
        cairo_fill(cr)
        cairo_restore(cr)
    }

    /// PDF: the modules as butt-capped segments of one stroke. cairo writes a segment as its two ends, 4
    /// numbers, where a filled rectangle is `x y m x y l x y l x y l h`, 8; each number is an `snprintf`, most
    /// of a QR code's cost. The pen is in module units (one unit is `sx` across, `sy` down), so a line of
    /// `lineWidth` is exactly that many modules thick whichever way it runs. A rectangle takes as many
    /// segments across its covered side as it needs, the first and last flush with its edges (where they
    /// overlap, one stroke is still one shape): exact geometry, and like one fill, no seams where modules touch.
    private func strokeModules(_ shapes: ModuleShapes, lineWidth: Double, in rect: Rect, sx: Double, sy: Double) {
        cairo_save(cr)
        cairo_translate(cr, rect.minX, rect.minY)
        cairo_scale(cr, sx, sy)
        cairo_new_path(cr)
        for module in shapes.rects {
            let plan = ModuleShapes.segments(of: module, lineWidth: lineWidth)
            for index in 0..<plan.count {
                let offset = plan.count == 1 ? 0.5 : Double(index) / Double(plan.count - 1)
                if plan.horizontal {
                    let y = module.minY + lineWidth / 2 + (module.height - lineWidth) * offset
                    cairo_move_to(cr, module.minX, y)
                    cairo_line_to(cr, module.maxX, y)
                } else {
                    let x = module.minX + lineWidth / 2 + (module.width - lineWidth) * offset
                    cairo_move_to(cr, x, module.minY)
                    cairo_line_to(cr, x, module.maxY)
                }
            }
        }
        cairo_set_line_width(cr, lineWidth)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
        cairo_stroke(cr)
        cairo_restore(cr)
    }
}

extension ModuleShapes {
    /// The line width (module units) that draws the rectangles in the fewest segments, or nil when filling
    /// them writes fewer numbers. zint's rectangles are runs of a row, merged down over rows that repeat them:
    /// for QR, Data Matrix and Aztec width 1, a taller run drawn as rows or as columns, whichever are fewer;
    /// for PDF417 its row height; for a linear symbol its bar height, each bar one segment however wide (EAN
    /// guard bars and ITF-14 bearer bars, longer or wider, take two or more overlapping ones).
    fileprivate var strokeWidth: Double? {
        var sides = Set<Double>()
        for rect in rects {
            sides.insert(rect.width)
            sides.insert(rect.height)
        }
        // Sorted, so that a tie picks the same width in every process.
        let candidates = sides.sorted()
        var best: (width: Double, segments: Int)?
        candidates: for width in candidates where width > 0 {
            var segments = 0
            for rect in rects {
                let plan = Self.segments(of: rect, lineWidth: width)
                guard plan.count > 0 else { continue candidates }
                segments += plan.count
                if let best, segments >= best.segments { continue candidates }
            }
            best = (width, segments)
        }
        // The stroke's matrix and width cost about 8 numbers; a filled rectangle 8.
        guard let best, 4 * best.segments + 8 < 8 * rects.count else { return nil }
        return best.width
    }

    /// How many segments of `lineWidth` cover `rect` edge to edge, along its width (horizontal) or its height,
    /// whichever takes fewer; a count of 0 when both sides are narrower than the line.
    fileprivate static func segments(of rect: Rect, lineWidth: Double) -> (count: Int, horizontal: Bool) {
        // A side a millionth over a whole number of lines (zint's floats) takes that number: the sliver left is
        // far below the 1/256 unit cairo stores coordinates in.
        func count(_ side: Double) -> Int? {
            side >= lineWidth ? Int((side / lineWidth - 1e-6).rounded(.up)) : nil
        }
        switch (count(rect.height), count(rect.width)) {
        case (let rows?, let columns?): return rows <= columns ? (rows, true) : (columns, false)
        case (let rows?, nil): return (rows, true)
        case (nil, let columns?): return (columns, false)
        case (nil, nil): return (0, true)
        }
    }
}
