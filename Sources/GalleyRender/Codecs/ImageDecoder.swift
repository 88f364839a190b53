import CImageCodecs

/// Decodes PNG, JPEG, GIF, WebP and TIFF files into upright, premultiplied ARGB32 bitmaps.
public enum ImageDecoder {
    /// The bitmap formats ``decode(_:maxPixels:)`` reads, told apart by their first bytes.
    public enum Format: String, Sendable, CaseIterable {
        case png = "PNG"
        case jpeg = "JPEG"
        case gif = "GIF"
        case webp = "WebP"
        case tiff = "TIFF"

        /// The format `bytes` start like, or nil.
        public init?(sniffing bytes: [UInt8]) {
            if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
                self = .png
            } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
                self = .jpeg
            } else if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) {
                self = .gif
            } else if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)),
                Array(bytes[8..<12]) == Array("WEBP".utf8)
            {
                self = .webp
            } else if bytes.starts(with: [0x49, 0x49, 0x2A, 0x00]) || bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) {
                self = .tiff
            } else {
                return nil
            }
        }
    }

    /// Decodes PNG (any colour type and bit depth, palettes, tRNS, 16-bit, interlaced), JPEG
    /// (grey, YCbCr, RGB, CMYK and YCCK, baseline or progressive), GIF (the first frame), WebP
    /// (lossy, lossless, alpha; an animation's first frame) or TIFF (the first page; grey,
    /// palette, RGB, CMYK, YCbCr, with alpha).
    ///
    /// The header's dimensions are checked against `maxPixels` before any pixel memory is
    /// allocated, so a decompression bomb fails fast with `.imageTooLarge`. The whole image is
    /// decoded before anything is returned: truncated or corrupt data (including what libjpeg
    /// only warns about, such as a premature end of data) throws `.imageDecode` with the codec's
    /// message, so broken bytes never reach an output. CMYK becomes RGB as Pillow converts it.
    /// An EXIF orientation (JPEG APP1, PNG `eXIf`) is applied, so the bitmap — and its size —
    /// is upright. An RGB or grey JPEG keeps its original bytes in `encoded` (with the
    /// orientation they still need in `encodedOrientation`) so a PDF can embed it unchanged; a
    /// CMYK one does not, because a PDF would show Adobe's inverted CMYK inverted.
    public static func decode(_ bytes: [UInt8], maxPixels: Int = 100_000_000) throws(RenderError) -> ImageBuffer {
        guard let format = Format(sniffing: bytes) else {
            throw RenderError.imageDecode(
                "unrecognised image data (\(bytes.count) bytes): not a PNG, JPEG, GIF, WebP or TIFF file")
        }
        switch format {
        case .gif: return try GIFDecoder.decode(bytes, maxPixels: max(0, maxPixels))
        case .webp: return try WebPDecoder.decode(bytes, maxPixels: max(0, maxPixels))
        case .png, .jpeg, .tiff: return try decodeInShim(bytes, format: format, maxPixels: maxPixels)
        }
    }

    /// The formats whose libraries report errors in ways Swift cannot take (CImageCodecs).
    private static func decodeInShim(_ bytes: [UInt8], format: Format, maxPixels: Int) throws(RenderError)
        -> ImageBuffer
    {
        var image = imagecodecs_image()
        var message = CodecMessage()
        let limit = UInt64(max(0, maxPixels))
        let status = bytes.withUnsafeBufferPointer { data in
            message.buffer.withUnsafeMutableBufferPointer { text in
                switch format {
                case .png: imagecodecs_png_decode(data.baseAddress, data.count, limit, &image, text.baseAddress)
                case .jpeg: imagecodecs_jpeg_decode(data.baseAddress, data.count, limit, &image, text.baseAddress)
                default: imagecodecs_tiff_decode(data.baseAddress, data.count, limit, &image, text.baseAddress)
                }
            }
        }
        defer { imagecodecs_image_free(&image) }
        switch status {
        case Int32(IMAGECODECS_OK):
            break
        case Int32(IMAGECODECS_TOO_LARGE):
            throw RenderError.imageTooLarge(width: Int(image.width), height: Int(image.height), limit: maxPixels)
        case Int32(IMAGECODECS_UNAVAILABLE):
            throw RenderError.libraryUnavailable(message.text)
        default:
            throw RenderError.imageDecode("\(format.rawValue): \(message.text)")
        }
        guard let pixels = image.pixels, image.width > 0, image.height > 0 else {
            throw RenderError.imageDecode("\(format.rawValue): no pixels decoded")
        }
        let orientation: ImageOrientation =
            switch format {
            case .png: ExifOrientation.read(png: bytes)
            case .jpeg: ExifOrientation.read(jpeg: bytes)
            default: .up  // libtiff applied the TIFF's own orientation
            }
        let passThrough = format == .jpeg && image.cmyk == 0
        return ImageBuffer(
            oriented: orientation, pixels: pixels, width: Int(image.width), height: Int(image.height),
            stride: image.stride, isOpaque: image.opaque != 0, encoded: passThrough ? bytes : nil)
    }
}

extension ImageBuffer {
    /// A bitmap of stored pixels (`width` x `height` as stored) shown upright in `orientation`,
    /// copied once into the buffer's own storage.
    fileprivate convenience init(
        oriented orientation: ImageOrientation, pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int,
        isOpaque: Bool, encoded: [UInt8]?
    ) {
        let shownWidth = orientation.swapsWidthAndHeight ? height : width
        let shownHeight = orientation.swapsWidthAndHeight ? width : height
        let shownStride = orientation == .up ? stride : shownWidth * 4
        let count = shownStride * shownHeight
        let shown = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            if orientation == .up {
                base.update(from: pixels, count: count)
            } else {
                imagecodecs_orient(
                    pixels, UInt32(width), UInt32(height), stride, Int32(orientation.rawValue), base, shownStride)
            }
            initialized = count
        }
        self.init(
            width: shownWidth, height: shownHeight, stride: shownStride, pixels: shown, isOpaque: isOpaque,
            encoded: encoded, encodedFormat: encoded == nil ? nil : .jpeg, encodedOrientation: orientation)
    }
}
