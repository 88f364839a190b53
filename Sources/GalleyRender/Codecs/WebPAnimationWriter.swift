import CWebP

/// An animated WebP being assembled by libwebp's `WebPAnimEncoder` (the only use of CWebP). Owns the encoder
/// and deletes it in `deinit`.
final class WebPAnimationWriter {
    private let encoder: OpaquePointer
    private var config = WebPConfig()
    private let width: Int
    private let height: Int

    /// Encodes frames as an animated WebP (``AnimationFormat/webp``): lossless when `quality` is nil, else lossy.
    static func encode(
        frames: [ImageBuffer], delays: [Double], loops: Int, quality: Double?, method: Int
    ) throws(RenderError) -> [UInt8] {
        try AnimationFrames.validate(frames, "WebP")
        guard frames[0].width <= 16_383, frames[0].height <= 16_383 else {
            throw failure("\(frames[0].width)x\(frames[0].height) is over WebP's 16383x16383")
        }
        let writer = try WebPAnimationWriter(
            width: frames[0].width, height: frames[0].height, loops: loops, quality: quality, method: method)
        var stamps = AnimationFrames.timestamps(delays, count: frames.count, unitsPerSecond: 1000)
        // libwebp wants strictly increasing timestamps: a frame lasts at least 1 ms.
        for index in 1..<stamps.count { stamps[index] = max(stamps[index], stamps[index - 1] + 1) }
        for (index, frame) in frames.enumerated() { try writer.add(frame, timestamp: stamps[index], index: index) }
        return try writer.finish(at: stamps[frames.count])
    }

    init(width: Int, height: Int, loops: Int, quality: Double?, method: Int) throws(RenderError) {
        try LazyLibrary.check(galley_webp_encoder_load())
        self.width = width
        self.height = height
        var options = WebPAnimEncoderOptions()
        guard galley_WebPAnimEncoderOptionsInit(&options) != 0, galley_WebPConfigInit(&config) != 0 else {
            throw Self.failure("libwebp's version does not match its headers")
        }
        options.anim_params.loop_count = Int32(max(0, min(65_535, loops)))
        if let quality {
            config.lossless = 0
            config.quality = Float(max(0, min(100, quality.isFinite ? quality : 75)))
        } else {
            config.lossless = 1
        }
        config.method = Int32(max(0, min(6, method)))
        guard galley_WebPValidateConfig(&config) != 0 else { throw Self.failure("invalid encoder configuration") }
        guard let encoder = galley_WebPAnimEncoderNew(Int32(width), Int32(height), &options) else {
            throw Self.failure("WebPAnimEncoderNew failed (out of memory?)")
        }
        self.encoder = encoder
    }

    deinit {
        galley_WebPAnimEncoderDelete(encoder)
    }

    /// Adds a frame shown from `timestamp` milliseconds.
    func add(_ frame: ImageBuffer, timestamp: Int, index: Int) throws(RenderError) {
        var picture = WebPPicture()
        guard galley_WebPPictureInit(&picture) != 0 else { throw Self.failure("WebPPictureInit failed") }
        defer { galley_WebPPictureFree(&picture) }
        picture.use_argb = 1
        picture.width = Int32(width)
        picture.height = Int32(height)
        // libwebp wants straight colour in B, G, R, A byte order: the buffer's own order, un-premultiplied.
        let pixels = frame.straightPixels()
        let imported = pixels.withUnsafeBufferPointer {
            galley_WebPPictureImportBGRA(&picture, $0.baseAddress, Int32(width * 4))
        }
        guard imported != 0 else { throw Self.failure("frame \(index): out of memory importing the pixels") }
        guard galley_WebPAnimEncoderAdd(encoder, &picture, Int32(timestamp), &config) != 0 else {
            throw Self.failure("frame \(index): \(lastError)")
        }
    }

    /// Closes the animation at `timestamp` (the last frame's end) and returns the file's bytes.
    func finish(at timestamp: Int) throws(RenderError) -> [UInt8] {
        guard galley_WebPAnimEncoderAdd(encoder, nil, Int32(timestamp), nil) != 0 else { throw Self.failure(lastError) }
        var data = WebPData()
        WebPDataInit(&data)
        defer { galley_WebPDataClear(&data) }
        guard galley_WebPAnimEncoderAssemble(encoder, &data) != 0, let bytes = data.bytes else {
            throw Self.failure("assembling the file: \(lastError)")
        }
        return Array(UnsafeBufferPointer(start: bytes, count: data.size))
    }

    private var lastError: String {
        galley_WebPAnimEncoderGetError(encoder).map { String(cString: $0) } ?? "unknown error"
    }

    private static func failure(_ message: String) -> RenderError {
        RenderError.io(path: "<memory>", message: "WebP encode: \(message)")
    }
}
