import CCairo
import Glibc

/// cairo image surfaces for the `ImageBuffer`s of one render call or one PDF document.
///
/// Reusing one surface per buffer is what makes a PDF embed an image once however many pages
/// draw it (cairo dedupes by surface). JPEG images keep their original bytes as MIME data so
/// the PDF embeds them unchanged instead of recompressing pixels.
final class ImageSurfaceCache {
    private var surfaces: [ObjectIdentifier: (image: ImageBuffer, surface: CairoSurface)] = [:]
    private let attachJPEG: Bool

    init(attachJPEG: Bool) {
        self.attachJPEG = attachJPEG
    }

    func surface(for image: ImageBuffer) throws(RenderError) -> CairoSurface {
        if let cached = surfaces[ObjectIdentifier(image)] { return cached.surface }
        let surface = try makeSurface(image)
        surfaces[ObjectIdentifier(image)] = (image, surface)
        return surface
    }

    private func makeSurface(_ image: ImageBuffer) throws(RenderError) -> CairoSurface {
        let rowBytes = image.width * 4
        guard image.width > 0, image.height > 0, image.stride >= rowBytes,
            image.pixels.count >= image.stride * (image.height - 1) + rowBytes
        else {
            throw RenderError.imageDecode(
                "image buffer \(image.width)x\(image.height) stride \(image.stride) has \(image.pixels.count) bytes")
        }
        // Opaque images as RGB24: faster compositing and no soft mask in PDF.
        let format = image.isOpaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32
        let surface = try CairoSurface(
            owning: cairo_image_surface_create(format, Int32(image.width), Int32(image.height)),
            operation: "image surface \(image.width)x\(image.height)")
        cairo_surface_flush(surface.pointer)
        guard let data = cairo_image_surface_get_data(surface.pointer) else {
            throw RenderError.cairo(operation: "cairo_image_surface_get_data", status: "NULL data")
        }
        let stride = Int(cairo_image_surface_get_stride(surface.pointer))
        image.pixels.withUnsafeBytes { source in
            guard let base = source.baseAddress else { return }
            for row in 0..<image.height {
                memcpy(data + row * stride, base + row * image.stride, rowBytes)
            }
        }
        cairo_surface_mark_dirty(surface.pointer)
        if attachJPEG, image.encodedFormat == .jpeg, let jpeg = image.encoded, !jpeg.isEmpty {
            try attachMIMEData(jpeg, type: CAIRO_MIME_TYPE_JPEG, to: surface)
        }
        return surface
    }

    private func attachMIMEData(_ bytes: [UInt8], type: String, to surface: CairoSurface) throws(RenderError) {
        guard let copy = malloc(bytes.count) else {
            throw RenderError.cairo(operation: "attach \(type)", status: "out of memory")
        }
        bytes.withUnsafeBytes { source in
            if let base = source.baseAddress { _ = memcpy(copy, base, bytes.count) }
        }
        let status = cairo_surface_set_mime_data(
            surface.pointer, type, copy.assumingMemoryBound(to: UInt8.self), UInt(bytes.count),
            { free($0) }, copy)
        if status != CAIRO_STATUS_SUCCESS { free(copy) }
        try checkCairo(status, "attach \(type)")
    }
}
