import CCairo
import GalleyLayout

extension Painter {
    /// Draws barcode modules over `rect`: exact rectangles in a PDF; in a PNG, snapped to whole device pixels
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
}
