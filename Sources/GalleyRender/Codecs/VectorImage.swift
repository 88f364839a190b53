import CRsvg
import GalleyLayout

/// A parsed SVG document, drawn as vectors wherever it is painted: paths and text in a PDF, pixels
/// at the output's own resolution in a PNG (librsvg, through CRsvg; this is its only user).
///
/// Parsed once (``init(svg:baseFile:)``) and then immutable, so one `VectorImage` serves every
/// document and thread of a batch, like a decoded ``ImageBuffer``. Its intrinsic size comes from
/// the root element's `width`/`height` (physical units at 72 dpi, so `1in` is 72 points and a
/// plain number is one point a pixel, as for bitmaps), or from its `viewBox` when it has no size.
///
/// External references (`<image href>`, `<use href>` to another file) resolve against `baseFile`
/// and librsvg loads them only from the SVG's own folder or below it (after resolving links);
/// without a base file (an SVG from a `data:` URI) only `data:` references load.
public final class VectorImage: @unchecked Sendable, Hashable {
    // Safety of `@unchecked Sendable`: the handle is fully loaded (closed) in `init` and never
    // changed after; librsvg's handle is not safe to render from two threads at once (its state
    // sits behind Rust `RefCell`s, and text goes through pango's font maps), so every use after
    // `init` holds `renderLock`, one for the process.
    private let handle: UnsafeMutablePointer<RsvgHandle>
    /// The intrinsic size in points.
    public let size: Size
    /// The SVG source's length: what caches charge for it (a parsed tree is a few times larger).
    public let sourceByteCount: Int

    private static let renderLock = Locked(())

    /// Parses `svg`; `baseFile` (the SVG's canonical path) is where its relative references resolve.
    /// - Throws: `.imageDecode` with librsvg's message (malformed XML, not an SVG, no size), or for an
    ///   SVG over a cost limit (`SVGCostLimits`: a convolution kernel over 32 x 32, entities spelling out
    ///   markup, gzip data inflating past 64 MB).
    public init(svg: [UInt8], baseFile: String?) throws(RenderError) {
        try LazyLibrary.check(galley_rsvg_load())
        guard !svg.isEmpty else { throw RenderError.imageDecode("SVG: the file is empty") }
        // What librsvg parses: checked, and inflated when it is an .svgz (numOctaves lowered to 10).
        let svg = try SVGCostLimits.checked(svg)
        let stream = svg.withUnsafeBytes { bytes -> UnsafeMutablePointer<GInputStream>? in
            // The stream copies the bytes (g_memdup2), so it outlives `svg`'s buffer.
            guard let base = bytes.baseAddress, let copy = galley_g_memdup2(base, gsize(bytes.count)) else {
                return nil
            }
            return galley_g_memory_input_stream_new_from_data(copy, gssize(bytes.count), galley_g_free)
        }
        guard let stream else { throw RenderError.imageDecode("SVG: out of memory") }
        defer { galley_g_object_unref(UnsafeMutableRawPointer(stream)) }
        let base = baseFile.flatMap { galley_g_file_new_for_path($0) }
        defer { if let base { galley_g_object_unref(UnsafeMutableRawPointer(base)) } }
        var error: UnsafeMutablePointer<GError>?
        let loaded = galley_rsvg_handle_new_from_stream_sync(stream, base, RSVG_HANDLE_FLAGS_NONE, nil, &error)
        guard let loaded else {
            let message = String(cString: galley_rsvg_error_message(error))
            if error != nil { galley_g_error_free(error) }
            throw RenderError.imageDecode("SVG: \(message)")
        }
        if error != nil { galley_g_error_free(error) }
        // 72 dpi: a physical length (mm, in, pt) in the SVG becomes that many points.
        galley_rsvg_handle_set_dpi(loaded, 72)
        handle = loaded
        sourceByteCount = svg.count
        var width = 0.0
        var height = 0.0
        if galley_rsvg_handle_get_intrinsic_size_in_pixels(loaded, &width, &height) == 0 {
            // A percentage width or height (or none) has no absolute size: the viewBox gives one.
            var hasWidth: gboolean = 0
            var hasHeight: gboolean = 0
            var hasViewBox: gboolean = 0
            var viewBox = RsvgRectangle()
            galley_rsvg_handle_get_intrinsic_dimensions(loaded, &hasWidth, nil, &hasHeight, nil, &hasViewBox, &viewBox)
            guard hasViewBox != 0 else {
                galley_g_object_unref(loaded)
                throw RenderError.imageDecode(
                    "SVG: the root <svg> has no absolute width and height and no viewBox, so it has no size "
                        + "(add width=\"…\" height=\"…\" or a viewBox)")
            }
            width = viewBox.width
            height = viewBox.height
        }
        guard width.isFinite, height.isFinite, width > 0, height > 0 else {
            galley_g_object_unref(loaded)
            throw RenderError.imageDecode("SVG: its size is \(width)x\(height); it needs a positive width and height")
        }
        size = Size(width: width, height: height)
    }

    deinit {
        galley_g_object_unref(handle)
    }

    /// Draws the document at its intrinsic size at the context's current origin (user units); the
    /// painter scales the context to stretch it over its rect.
    func render(into cr: OpaquePointer) throws(RenderError) {
        var viewport = RsvgRectangle(x: 0, y: 0, width: size.width, height: size.height)
        var error: UnsafeMutablePointer<GError>?
        let drawn = Self.renderLock.withLock { _ in galley_rsvg_handle_render_document(handle, cr, &viewport, &error) }
        guard drawn != 0 else {
            let message = String(cString: galley_rsvg_error_message(error))
            if error != nil { galley_g_error_free(error) }
            throw RenderError.imageDecode("SVG: drawing failed: \(message)")
        }
    }

    /// Identity, as for ``ImageBuffer``: two are the same image only if they are the same object.
    public static func == (lhs: VectorImage, rhs: VectorImage) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
