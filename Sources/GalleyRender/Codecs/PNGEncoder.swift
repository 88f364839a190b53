import CImageCodecs

/// Encodes bitmaps as PNG through libpng (zlib level 1 and no row filter by default: 4x faster
/// than cairo's writer and smaller on document pages; toolchain notes §5).
public enum PNGEncoder {
    /// Encodes `image` as an 8-bit PNG: RGB when the image is opaque, else RGBA with
    /// un-premultiplied colour. Failures (out of memory, a malformed buffer) are `.io` errors
    /// with the path `<memory>`.
    public static func encode(_ image: ImageBuffer, compressionLevel: Int = 1) throws(RenderError) -> [UInt8] {
        try validateLayout(image, "PNG encode")
        var output = imagecodecs_buffer()
        var message = CodecMessage()
        let level = Int32(min(max(compressionLevel, 0), 9))
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            message.buffer.withUnsafeMutableBufferPointer { text in
                imagecodecs_png_encode(
                    pixels.baseAddress, UInt32(image.width), UInt32(image.height), image.stride,
                    image.isOpaque ? 0 : 1, level, &output, text.baseAddress)
            }
        }
        defer { imagecodecs_buffer_free(&output) }
        guard status == Int32(IMAGECODECS_OK), let data = output.data else {
            throw RenderError.io(path: "<memory>", message: "PNG encode failed: \(message.text)")
        }
        return Array(UnsafeBufferPointer(start: data, count: output.size))
    }

    /// Encodes frames of equal size as an animated PNG (APNG) that plays `loops` times
    /// (0 = forever); `delays[i]` is frame i's duration in seconds (the last delay repeats when
    /// there are fewer delays than frames). Viewers without APNG support show the first frame.
    ///
    /// The same as `AnimationFormat.apng.encode(…)`, which is the one entry point for every animated format;
    /// this spelling stays until the CLI picks the format from the output's extension.
    public static func encodeAnimated(
        frames: [ImageBuffer], delays: [Double], loops: Int = 0, compressionLevel: Int = 1
    ) throws(RenderError) -> [UInt8] {
        try AnimationFormat.apng.encode(
            frames: frames, delays: delays, loops: loops,
            options: AnimationEncodingOptions(pngCompressionLevel: compressionLevel))
    }
}
