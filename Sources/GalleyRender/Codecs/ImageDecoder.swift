import CImageCodecs

/// Decodes PNG and JPEG files into premultiplied ARGB32 bitmaps.
public enum ImageDecoder {
    /// Decodes PNG (any colour type and bit depth, palettes, tRNS, 16-bit, interlaced) or JPEG.
    ///
    /// The header's dimensions are checked against `maxPixels` before any pixel memory is
    /// allocated, so a decompression bomb fails fast with `.imageTooLarge`. JPEGs keep their
    /// original bytes in `encoded`, so a PDF can embed them unchanged. Corrupt or unknown data
    /// throws `.imageDecode` with the codec's message.
    public static func decode(_ bytes: [UInt8], maxPixels: Int = 100_000_000) throws(RenderError) -> ImageBuffer {
        let isPNG = bytes.starts(with: [0x89, 0x50, 0x4E, 0x47])
        let isJPEG = bytes.starts(with: [0xFF, 0xD8, 0xFF])
        guard isPNG || isJPEG else {
            throw RenderError.imageDecode("unrecognised image data (\(bytes.count) bytes): not a PNG or JPEG file")
        }
        var image = imagecodecs_image()
        var message = CodecMessage()
        let limit = UInt64(max(0, maxPixels))
        let status = bytes.withUnsafeBufferPointer { data in
            message.buffer.withUnsafeMutableBufferPointer { text in
                isPNG
                    ? imagecodecs_png_decode(data.baseAddress, data.count, limit, &image, text.baseAddress)
                    : imagecodecs_jpeg_decode(data.baseAddress, data.count, limit, &image, text.baseAddress)
            }
        }
        defer { imagecodecs_image_free(&image) }
        let format = isPNG ? "PNG" : "JPEG"
        switch status {
        case Int32(IMAGECODECS_OK):
            break
        case Int32(IMAGECODECS_TOO_LARGE):
            throw RenderError.imageTooLarge(width: Int(image.width), height: Int(image.height), limit: maxPixels)
        default:
            throw RenderError.imageDecode("\(format): \(message.text)")
        }
        guard let pixels = image.pixels else { throw RenderError.imageDecode("\(format): no pixels decoded") }
        let count = image.stride * Int(image.height)
        return ImageBuffer(
            width: Int(image.width), height: Int(image.height), stride: image.stride,
            pixels: Array(UnsafeBufferPointer(start: pixels, count: count)), isOpaque: image.opaque != 0,
            encoded: isJPEG ? bytes : nil, encodedFormat: isJPEG ? .jpeg : nil)
    }
}
