import CImageCodecs
import CWebP

/// Decodes WebP through libwebp (CWebP): lossy, lossless and with alpha; an animated WebP gives its first
/// frame as shown (libwebpdemux's `WebPAnimDecoder`, which composites it on the canvas).
///
/// The header's size is checked against the pixel limit before any pixel memory is allocated. Pixels come
/// out as straight RGBA and are premultiplied with the rounding Pillow and pixman use.
enum WebPDecoder {
    static func decode(_ bytes: [UInt8], maxPixels: Int) throws(RenderError) -> ImageBuffer {
        try LazyLibrary.check(galley_webp_decoder_load())
        var features = WebPBitstreamFeatures()
        let status = bytes.withUnsafeBufferPointer { galley_WebPGetFeatures($0.baseAddress, $0.count, &features) }
        guard status == VP8_STATUS_OK else { throw failure(status, "reading the header") }
        let (width, height) = (Int(features.width), Int(features.height))
        guard width > 0, height > 0 else { throw RenderError.imageDecode("WebP: the image is empty") }
        guard width * height <= maxPixels else {
            throw RenderError.imageTooLarge(width: width, height: height, limit: maxPixels)
        }
        var rgba = features.has_animation != 0 ? try firstFrame(bytes) : try still(bytes, width: width, height: height)
        let opaque = rgba.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return Int32(0) }
            return imagecodecs_premultiply_rgba(base, UInt32(width), UInt32(height), width * 4)
        }
        return ImageBuffer(width: width, height: height, stride: width * 4, pixels: rgba, isOpaque: opaque != 0)
    }

    private static func still(_ bytes: [UInt8], width: Int, height: Int) throws(RenderError) -> [UInt8] {
        let stride = width * 4
        var rgba = [UInt8](repeating: 0, count: stride * height)
        let decoded = rgba.withUnsafeMutableBufferPointer { output in
            bytes.withUnsafeBufferPointer { input in
                galley_WebPDecodeRGBAInto(
                    input.baseAddress, input.count, output.baseAddress, output.count, Int32(stride))
            }
        }
        // libwebp fails a truncated or corrupt bitstream here (NULL), having checked it while decoding.
        guard decoded != nil else {
            throw RenderError.imageDecode("WebP: the image data is truncated or corrupt")
        }
        return rgba
    }

    private static func firstFrame(_ bytes: [UInt8]) throws(RenderError) -> [UInt8] {
        var options = WebPAnimDecoderOptions()
        guard galley_WebPAnimDecoderOptionsInit(&options) != 0 else {
            throw RenderError.imageDecode("WebP: libwebpdemux's version does not match its headers")
        }
        options.color_mode = MODE_RGBA
        options.use_threads = 0
        return try bytes.withUnsafeBufferPointer { input throws(RenderError) -> [UInt8] in
            var data = WebPData(bytes: input.baseAddress, size: input.count)
            guard let decoder = galley_WebPAnimDecoderNew(&data, &options) else {
                throw RenderError.imageDecode("WebP: the animation's container is corrupt")
            }
            defer { galley_WebPAnimDecoderDelete(decoder) }
            var info = WebPAnimInfo()
            guard galley_WebPAnimDecoderGetInfo(decoder, &info) != 0 else {
                throw RenderError.imageDecode("WebP: the animation's header is corrupt")
            }
            var frame: UnsafeMutablePointer<UInt8>?
            var timestamp: Int32 = 0
            guard galley_WebPAnimDecoderGetNext(decoder, &frame, &timestamp) != 0, let frame else {
                throw RenderError.imageDecode("WebP: the animation's first frame is truncated or corrupt")
            }
            return Array(UnsafeBufferPointer(start: frame, count: Int(info.canvas_width * info.canvas_height * 4)))
        }
    }

    private static func failure(_ status: VP8StatusCode, _ operation: String) -> RenderError {
        let reason =
            switch status {
            case VP8_STATUS_NOT_ENOUGH_DATA: "the data is truncated"
            case VP8_STATUS_BITSTREAM_ERROR: "the bitstream is corrupt"
            case VP8_STATUS_UNSUPPORTED_FEATURE: "it uses a feature libwebp does not support"
            case VP8_STATUS_OUT_OF_MEMORY: "out of memory"
            default: "libwebp status \(status.rawValue)"
            }
        return RenderError.imageDecode("WebP: \(operation) failed: \(reason)")
    }
}
