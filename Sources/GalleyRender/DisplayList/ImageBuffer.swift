/// A decoded bitmap: premultiplied ARGB, 32 bits a pixel in native byte order (cairo's
/// `CAIRO_FORMAT_ARGB32`), rows `stride` bytes apart.
///
/// Immutable once made, so one decoded image is shared by every thread and document that
/// draws it. The pixels are upright (decoders apply EXIF orientation). `encoded` keeps the
/// original file bytes when there are any, so a PDF can embed a JPEG as it came instead of
/// recompressing it; those bytes are still stored the camera's way, and `encodedOrientation`
/// says how to turn them to get `pixels`.
public final class ImageBuffer: Sendable, Hashable {
    public enum EncodedFormat: String, Sendable {
        case png, jpeg
    }

    public let width: Int
    public let height: Int
    public let stride: Int
    public let pixels: [UInt8]
    public let isOpaque: Bool
    public let encoded: [UInt8]?
    public let encodedFormat: EncodedFormat?
    /// How `encoded` must be turned to show `pixels` (`.up` when it needs no turning).
    public let encodedOrientation: ImageOrientation

    public init(
        width: Int, height: Int, stride: Int, pixels: [UInt8], isOpaque: Bool,
        encoded: [UInt8]? = nil, encodedFormat: EncodedFormat? = nil, encodedOrientation: ImageOrientation = .up
    ) {
        self.width = width
        self.height = height
        self.stride = stride
        self.pixels = pixels
        self.isOpaque = isOpaque
        self.encoded = encoded
        self.encodedFormat = encodedFormat
        self.encodedOrientation = encodedOrientation
    }

    /// The memory this image holds: its pixels plus any original file bytes (what image
    /// caches charge against their byte budgets).
    public var byteCount: Int { pixels.count + (encoded?.count ?? 0) }

    /// Identity: two buffers are the same image only if they are the same object; pixel
    /// comparison would cost more than it saves in caches keyed by image.
    public static func == (lhs: ImageBuffer, rhs: ImageBuffer) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// The premultiplied ARGB value of one pixel, for tests and tools.
    public func pixel(x: Int, y: Int) -> (a: UInt8, r: UInt8, g: UInt8, b: UInt8) {
        let offset = y * stride + x * 4
        let value =
            UInt32(pixels[offset]) | UInt32(pixels[offset + 1]) << 8
            | UInt32(pixels[offset + 2]) << 16 | UInt32(pixels[offset + 3]) << 24
        let argb = UInt32(littleEndian: value)
        return (UInt8(argb >> 24), UInt8((argb >> 16) & 0xff), UInt8((argb >> 8) & 0xff), UInt8(argb & 0xff))
    }
}
