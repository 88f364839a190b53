/// Why rendering, encoding, decoding or writing output failed.
///
/// Every failure of the C libraries under this layer becomes one of these cases, named after
/// the operation that failed; nothing in GalleyRender traps on bad input.
public enum RenderError: Error, Sendable, CustomStringConvertible {
    /// A cairo call left a surface or context in an error state.
    case cairo(operation: String, status: String)
    /// Image bytes in no format Galley reads, or corrupt.
    case imageDecode(String)
    /// An image (or canvas) whose pixel count is over `limit`; refused before allocating.
    case imageTooLarge(width: Int, height: Int, limit: Int)
    /// A file or stream could not be written (also used for encoder failures, with a path of `<memory>`).
    case io(path: String, message: String)
    /// The disk (or the user's quota) is full: no later write to it can succeed either.
    case storageFull(path: String, message: String)
    /// `isCancelled()` returned true between two items.
    case cancelled
    /// libqpdf could not read, change or write a PDF.
    case pdf(operation: String, message: String)
    /// The document needs something the PDF standard it claims forbids (or lacks something it
    /// requires); the message names the element, the rule and the fix.
    case pdfStandard(String)
    /// A library loaded on first use (librsvg, libqpdf, libzint, giflib, libwebp, libtiff) cannot be loaded; the
    /// message names it and the Debian package that installs it.
    case libraryUnavailable(String)
    /// Galley's own PDF writer (GalleyRender/PDFFile) could not embed a font or image, or met
    /// what it does not draw yet; the message names which.
    case pdfWriter(operation: String, message: String)

    public var description: String {
        switch self {
        case .cairo(let operation, let status): "cairo: \(operation) failed: \(status)"
        case .imageDecode(let message): "image decode failed: \(message)"
        case .imageTooLarge(let width, let height, let limit):
            // A header may claim 4 billion pixels a side: the product can pass Int.max.
            "image too large: \(width)x\(height) = \(Self.pixelCount(width, height)) pixels, limit \(limit)"
        case .io(let path, let message), .storageFull(let path, let message): "\(path): \(message)"
        case .cancelled: "rendering cancelled"
        case .pdf(let operation, let message): "qpdf: \(operation) failed: \(message)"
        case .pdfStandard(let message): message
        case .libraryUnavailable(let message): message
        case .pdfWriter(let operation, let message): "PDF writer: \(operation): \(message)"
        }
    }

    /// `width` x `height` as text, without overflowing: "more than 9223372036854775807" past `Int.max`.
    static func pixelCount(_ width: Int, _ height: Int) -> String {
        let pixels = width.multipliedReportingOverflow(by: height)
        return pixels.overflow ? "more than \(Int.max)" : String(pixels.partialValue)
    }
}
