import CCairo
import GalleyLayout
import Glibc

/// Paints pages into bitmaps.
public enum RasterRenderer {
    /// The largest canvas a render may allocate, in pixels (a 16k x 16k bitmap).
    public static let maxPixels = 1 << 28

    /// Renders a page at `scale` (pixels per point; 1 = 72 dpi).
    ///
    /// The bitmap is `ceil(size * scale)` pixels; the page background (transparent when unset)
    /// is painted first. Throws `.cancelled` when `isCancelled` turns true between items.
    public static func render(
        _ page: DisplayPage, scale: Double, isCancelled: @Sendable () -> Bool = { false }
    ) throws(RenderError) -> ImageBuffer {
        try renderBitmap(
            items: page.items, size: page.size, scale: scale, background: page.background, isCancelled: isCancelled)
    }

    /// Renders loose items into a transparent bitmap of `size` points at `scale`, the items'
    /// origin at pixel (0, 0). Used to rasterize a subtree into one bitmap.
    public static func render(
        items: [DisplayItem], size: Size, scale: Double, isCancelled: @Sendable () -> Bool = { false }
    ) throws(RenderError) -> ImageBuffer {
        try renderBitmap(items: items, size: size, scale: scale, background: nil, isCancelled: isCancelled)
    }

    private static func renderBitmap(
        items: [DisplayItem], size: Size, scale: Double, background: Color?, isCancelled: () -> Bool
    ) throws(RenderError) -> ImageBuffer {
        assert(!PendingLayerMarker.occurs(in: items), "a raster render got an unresolved deferred layer")
        guard scale > 0, scale.isFinite, size.width.isFinite, size.height.isFinite else {
            throw RenderError.cairo(operation: "raster canvas", status: "invalid size \(size) at scale \(scale)")
        }
        let width = Int(max(0, (size.width * scale).rounded(.up)))
        let height = Int(max(0, (size.height * scale).rounded(.up)))
        guard width <= Int(Int32.max), height <= Int(Int32.max),
            width.multipliedReportingOverflow(by: height)
                .partialValue <= maxPixels
        else {
            throw RenderError.imageTooLarge(width: width, height: height, limit: maxPixels)
        }
        let isOpaque = background?.isOpaque ?? false
        guard width > 0, height > 0 else {
            return ImageBuffer(width: width, height: height, stride: width * 4, pixels: [], isOpaque: isOpaque)
        }
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
        var failure: RenderError?
        // cairo paints straight into the array's storage: no copy of the finished bitmap.
        let pixels = [UInt8](unsafeUninitializedCapacity: stride * height) { buffer, count in
            guard let base = buffer.baseAddress else { return }
            memset(base, 0, stride * height)
            count = stride * height
            do throws(RenderError) {
                try paint(
                    into: base, width: width, height: height, stride: stride, scale: scale, items: items,
                    background: background, isCancelled: isCancelled)
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        return ImageBuffer(width: width, height: height, stride: stride, pixels: pixels, isOpaque: isOpaque)
    }

    private static func paint(
        into data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, scale: Double,
        items: [DisplayItem], background: Color?, isCancelled: () -> Bool
    ) throws(RenderError) {
        let surface = try CairoSurface(
            owning: cairo_image_surface_create_for_data(
                data, CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(stride)),
            operation: "image surface \(width)x\(height)")
        let context = try CairoContext(surface: surface)
        let painter = try Painter(
            context: context, mode: .raster, images: ImageSurfaceCache(mode: .raster),
            canvasWidth: Double(width), canvasHeight: Double(height))
        cairo_scale(context.pointer, scale, scale)
        if let background, !background.isInvisible {
            painter.setSource(background)
            cairo_paint(context.pointer)
        }
        try painter.paint(items, isCancelled: isCancelled)
        cairo_surface_flush(surface.pointer)
        try surface.checkStatus("raster render")
    }
}
