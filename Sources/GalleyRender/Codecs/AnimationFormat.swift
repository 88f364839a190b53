/// An animated image format: the one way GalleyRender encodes frames with their delays, whatever the file.
///
/// Every format takes frames of one size (premultiplied ``ImageBuffer``s) and delays in seconds — `delays[i]` is
/// frame i's duration, the last delay repeats when there are fewer delays than frames, none means 0.1 s — and a
/// loop count (0 = forever). What each format does with them:
/// - ``apng``: lossless with full alpha; delays as 16-bit fractions (milliseconds when they fit).
/// - ``gif``: a palette of at most 256 colours per frame (exact when a frame has that few, else median cut,
///   optionally Floyd–Steinberg dithered), 1-bit transparency (alpha below 128), delays in centiseconds rounded
///   on the running total so the animation does not drift (at least 2 cs: browsers slow shorter delays to 10 cs).
/// - ``webp``: libwebp's animation encoder, lossless or lossy at a quality; timestamps in milliseconds on the
///   running total. libwebp merges a frame identical to the one before into a longer frame.
///
/// Example: `try AnimationFormat.gif.encode(frames: frames, delays: [1.0 / 30])` is a looping 30 fps GIF.
public enum AnimationFormat: String, Sendable, CaseIterable {
    /// Animated PNG.
    case apng
    /// GIF89a with a palette per frame.
    case gif
    /// Animated WebP.
    case webp

    /// The format a file name's extension names (case-insensitive): `png` and `apng` are APNG, `gif`, `webp`.
    public init?(pathExtension: String) {
        switch pathExtension.lowercased() {
        case "png", "apng": self = .apng
        case "gif": self = .gif
        case "webp": self = .webp
        default: return nil
        }
    }

    /// The usual extension of the format's files.
    public var pathExtension: String { self == .apng ? "png" : rawValue }

    /// Encodes the frames as one animation that plays `loops` times (0 = forever).
    ///
    /// - Throws: ``RenderError/io(path:message:)`` with the path `<memory>` for no frames, frames of different
    ///   sizes, a malformed buffer, or an encoder failure (naming the format and the frame).
    public func encode(
        frames: [ImageBuffer], delays: [Double], loops: Int = 0, options: AnimationEncodingOptions = .init()
    ) throws(RenderError) -> [UInt8] {
        switch self {
        case .apng:
            try APNGWriter.encode(frames: frames, delays: delays, loops: loops, level: options.pngCompressionLevel)
        case .gif:
            try GIFEncoder.encode(frames: frames, delays: delays, loops: loops, dithering: options.gifDithering)
        case .webp:
            try WebPAnimationWriter.encode(
                frames: frames, delays: delays, loops: loops, quality: options.webpQuality, method: options.webpMethod)
        }
    }
}

/// The knobs of ``AnimationFormat/encode(frames:delays:loops:options:)``; each format reads its own.
public struct AnimationEncodingOptions: Hashable, Sendable {
    /// APNG: the zlib level, 0–9 (default 1: fast, and small on flat document pages).
    public var pngCompressionLevel: Int
    /// GIF: Floyd–Steinberg error diffusion for frames with more colours than the palette (default off).
    public var gifDithering: Bool
    /// WebP: nil for lossless (default), else the lossy quality 0–100.
    public var webpQuality: Double?
    /// WebP: libwebp's effort, 0 (fastest) to 6 (smallest); default 4, libwebp's own.
    public var webpMethod: Int

    /// Creates options; every default is the format's usual choice.
    public init(
        pngCompressionLevel: Int = 1, gifDithering: Bool = false, webpQuality: Double? = nil, webpMethod: Int = 4
    ) {
        self.pngCompressionLevel = pngCompressionLevel
        self.gifDithering = gifDithering
        self.webpQuality = webpQuality
        self.webpMethod = webpMethod
    }
}

/// What the three encoders share: checking the frames and reading delays.
enum AnimationFrames {
    /// Checks there is at least one frame, every buffer is well formed, and all have the first one's size.
    static func validate(_ frames: [ImageBuffer], _ format: String) throws(RenderError) {
        guard let first = frames.first else {
            throw RenderError.io(path: "<memory>", message: "\(format) encode: no frames")
        }
        for (index, frame) in frames.enumerated() {
            try validateLayout(frame, "\(format) frame \(index)")
            guard frame.width == first.width, frame.height == first.height else {
                throw RenderError.io(
                    path: "<memory>",
                    message: "\(format) encode: frame \(index) is \(frame.width)x\(frame.height), "
                        + "expected \(first.width)x\(first.height)")
            }
        }
    }

    /// Frame `index`'s delay in seconds: the last delay repeats; no delays means 0.1 s; negative or NaN is 0.
    static func delay(_ delays: [Double], at index: Int) -> Double {
        let delay = delays.isEmpty ? 0.1 : delays[min(index, delays.count - 1)]
        return delay.isFinite ? max(0, delay) : 0
    }

    /// Each frame's start on a clock of `unitsPerSecond` ticks, rounded on the running total (so 1/30 s in
    /// centiseconds is 3, 3, 4, 3, 3, 4… and 30 frames last exactly one second), followed by the end time.
    static func timestamps(_ delays: [Double], count: Int, unitsPerSecond: Double) -> [Int] {
        var total = 0.0
        var stamps = [0]
        for index in 0..<count {
            total += delay(delays, at: index)
            stamps.append(Int((total * unitsPerSecond).rounded()))
        }
        return stamps
    }
}
