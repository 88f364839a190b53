import CCairo
import CImageCodecs
import Glibc

/// cairo image surfaces for the `ImageBuffer`s of one render call or one PDF document.
///
/// Reusing one surface per buffer is what makes a PDF embed an image once however many pages
/// draw it (cairo dedupes by surface). In a PDF a JPEG keeps its original bytes as MIME data so
/// it is embedded unchanged instead of recompressed; its surface then holds the pixels as the
/// file stores them (a phone photo turned on its side) and the painter turns them upright with
/// the current transform, so the bytes a viewer decodes and the pixels drawn are one picture.
/// cairo refuses image surfaces over 32,767 pixels a side, so a longer image is shrunk to fit by
/// area averaging (a page never shows more pixels than that across). Raster output shrinks
/// past 16,384 already: pixman samples in 16.16 fixed point, and its downscaling filter reaches
/// about half the scale factor beyond the source, so near 32,768 an image drawn small comes out
/// blank (measured: a 32,720 x 1 image drawn 400 pixels wide, a 32,000 x 1 one drawn 2 wide).
final class ImageSurfaceCache {
    /// A surface and how it maps onto its image.
    struct Entry {
        let surface: CairoSurface
        /// The surface's size: the image's, turned by `orientation`, or shrunk to cairo's limit.
        let width: Int
        let height: Int
        /// How the surface's pixels are turned to show the image (`.up` unless a PDF embeds
        /// a JPEG the way it is stored).
        let orientation: ImageOrientation
    }

    /// cairo's largest image surface side (`MAX_IMAGE_SIZE` in cairo-image-surface.c).
    static let pdfMaxSide = 32767
    /// The largest side pixman filters safely at any scale (see above).
    static let rasterMaxSide = 16384

    private var entries: [ObjectIdentifier: (image: ImageBuffer, entry: Entry)] = [:]
    private let attachJPEG: Bool
    private let maxSide: Int

    /// Surfaces for a painter in `mode`: a PDF (vector) embeds JPEGs unchanged.
    init(mode: Painter.Mode) {
        attachJPEG = mode == .vector
        maxSide = mode == .vector ? Self.pdfMaxSide : Self.rasterMaxSide
    }

    func surface(for image: ImageBuffer) throws(RenderError) -> Entry {
        if let cached = entries[ObjectIdentifier(image)] { return cached.entry }
        let entry = try makeEntry(image)
        entries[ObjectIdentifier(image)] = (image, entry)
        return entry
    }

    private func makeEntry(_ image: ImageBuffer) throws(RenderError) -> Entry {
        try validateLayout(image, "image surface")
        let orientation = image.encodedOrientation
        let storedWidth = orientation.swapsWidthAndHeight ? image.height : image.width
        let storedHeight = orientation.swapsWidthAndHeight ? image.width : image.height
        if attachJPEG, image.encodedFormat == .jpeg, let jpeg = image.encoded, !jpeg.isEmpty,
            storedWidth <= maxSide, storedHeight <= maxSide
        {
            let surface = try makeSurface(image, width: storedWidth, height: storedHeight) { data, stride in
                // Back to the stored orientation, the one the JPEG bytes have.
                image.pixels.withUnsafeBytes { source in
                    guard let base = source.bindMemory(to: UInt8.self).baseAddress else { return }
                    imagecodecs_orient(
                        base, UInt32(image.width), UInt32(image.height), image.stride,
                        Int32(orientation.inverse.rawValue), data, stride)
                }
            }
            try attachMIMEData(jpeg, type: CAIRO_MIME_TYPE_JPEG, to: surface)
            return Entry(surface: surface, width: storedWidth, height: storedHeight, orientation: orientation)
        }
        if image.width > maxSide || image.height > maxSide {
            return try shrunkEntry(image)
        }
        let rowBytes = image.width * 4
        let surface = try makeSurface(image, width: image.width, height: image.height) { data, stride in
            image.pixels.withUnsafeBytes { source in
                guard let base = source.baseAddress else { return }
                for row in 0..<image.height {
                    memcpy(data + row * stride, base + row * image.stride, rowBytes)
                }
            }
        }
        return Entry(surface: surface, width: image.width, height: image.height, orientation: .up)
    }

    /// A surface of the image shrunk, keeping its proportions, until each side fits cairo.
    private func shrunkEntry(_ image: ImageBuffer) throws(RenderError) -> Entry {
        let factor = min(Double(maxSide) / Double(image.width), Double(maxSide) / Double(image.height))
        let width = min(maxSide, max(1, Int((Double(image.width) * factor).rounded())))
        let height = min(maxSide, max(1, Int((Double(image.height) * factor).rounded())))
        let surface = try makeSurface(image, width: width, height: height) { data, stride throws(RenderError) in
            var message = CodecMessage()
            let status = image.pixels.withUnsafeBytes { source -> Int32 in
                guard let base = source.bindMemory(to: UInt8.self).baseAddress else { return Int32(IMAGECODECS_ERROR) }
                return message.buffer.withUnsafeMutableBufferPointer { text in
                    imagecodecs_downscale(
                        base, UInt32(image.width), UInt32(image.height), image.stride, data, UInt32(width),
                        UInt32(height), stride, text.baseAddress)
                }
            }
            guard status == Int32(IMAGECODECS_OK) else {
                throw RenderError.imageDecode(
                    "shrinking a \(image.width)x\(image.height) image to \(width)x\(height): \(message.text)")
            }
        }
        return Entry(surface: surface, width: width, height: height, orientation: .up)
    }

    /// A cairo surface `width` x `height` (RGB24 for opaque images: faster compositing and no
    /// soft mask in PDF) whose pixels `fill` writes, given the data pointer and the stride.
    private func makeSurface(
        _ image: ImageBuffer, width: Int, height: Int,
        fill: (UnsafeMutablePointer<UInt8>, Int) throws(RenderError) -> Void
    ) throws(RenderError) -> CairoSurface {
        let format = image.isOpaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32
        let surface = try CairoSurface(
            owning: cairo_image_surface_create(format, Int32(width), Int32(height)),
            operation: "image surface \(width)x\(height)")
        cairo_surface_flush(surface.pointer)
        guard let data = cairo_image_surface_get_data(surface.pointer) else {
            throw RenderError.cairo(operation: "cairo_image_surface_get_data", status: "NULL data")
        }
        try fill(data, Int(cairo_image_surface_get_stride(surface.pointer)))
        cairo_surface_mark_dirty(surface.pointer)
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
