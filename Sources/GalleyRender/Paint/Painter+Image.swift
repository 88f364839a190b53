import CCairo
import GalleyLayout

extension Painter {
    /// Draws an image scaled to fill `rect`.
    func drawImage(_ image: ImageBuffer, in rect: Rect, interpolation: ImageInterpolation) throws(RenderError) {
        guard rect.width > 0, rect.height > 0, image.width > 0, image.height > 0 else { return }
        let entry = try images.surface(for: image)
        cairo_save(cr)
        // User space becomes the image's own pixels (upright, `image.width` x `image.height`)...
        cairo_translate(cr, rect.minX, rect.minY)
        cairo_scale(cr, rect.width / Double(image.width), rect.height / Double(image.height))
        // ...then the surface's: turned as the JPEG bytes are stored, or shrunk to cairo's limit.
        if entry.orientation != .up {
            var matrix = cairoMatrix(
                entry.orientation.transform(storedWidth: Double(entry.width), storedHeight: Double(entry.height)))
            cairo_transform(cr, &matrix)
        } else if entry.width != image.width || entry.height != image.height {
            cairo_scale(cr, Double(image.width) / Double(entry.width), Double(image.height) / Double(entry.height))
        }
        cairo_set_source_surface(cr, entry.surface.pointer, 0, 0)
        if let pattern = cairo_get_source(cr) {
            cairo_pattern_set_filter(pattern, interpolation == .nearest ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_GOOD)
            // PAD keeps raster edges sharp when smoothing (no fade to transparent at the border);
            // a PDF image XObject needs no such help.
            cairo_pattern_set_extend(pattern, mode == .raster ? CAIRO_EXTEND_PAD : CAIRO_EXTEND_NONE)
        }
        cairo_rectangle(cr, 0, 0, Double(entry.width), Double(entry.height))
        cairo_fill(cr)
        cairo_restore(cr)
        fontMayHaveChanged()
    }
}

extension Painter {
    /// Draws an SVG stretched over `rect`, as vectors (librsvg draws straight into this context: paths and text
    /// in a PDF, pixels at the device's resolution in a PNG).
    func drawVector(_ image: VectorImage, in rect: Rect) throws(RenderError) {
        guard rect.width > 0, rect.height > 0 else { return }
        cairo_save(cr)
        cairo_translate(cr, rect.minX, rect.minY)
        cairo_scale(cr, rect.width / image.size.width, rect.height / image.size.height)
        // librsvg draws inside a save/restore of its own; what it leaves on failure is undone here.
        let result = Result(catching: { () throws(RenderError) in try image.render(into: cr) })
        cairo_restore(cr)
        fontMayHaveChanged()
        try result.get()
        try context.checkStatus("drawing an SVG")
    }
}
