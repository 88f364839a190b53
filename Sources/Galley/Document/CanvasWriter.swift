import GalleyLayout
import GalleyRender

/// Writes a canvas to a PNG or PDF file, atomically: a cancelled or failed render leaves no
/// file behind (and never a half-written one where a good one was expected).
public enum CanvasWriter {
    /// Lays out, draws and writes `canvas`; the file appears at `path` only when complete.
    ///
    /// - Parameters:
    ///   - canvas: the document to write.
    ///   - format: PNG or PDF.
    ///   - path: the output file (`-` for standard output).
    ///   - scale: pixels per point for PNG output (1 = 72 dpi); ignored for PDF.
    ///   - cancellation: stops the render at the next `isCancelled` check; throws `RenderCancelled`.
    ///   - rasterCache: where rasterized subtrees are looked up and stored; nil draws them every time.
    public static func write(
        _ canvas: Canvas, format: OutputFormat, to path: String, scale: Double = 1,
        cancellation: CancellationSource? = nil, rasterCache: RasterCache? = .shared
    ) throws {
        let check = CancellationCheck(source: cancellation)
        let options = DisplayOptions(
            rasterizationScale: format == .png ? scale : DisplayOptions.pdfRasterizationScale,
            isCancelled: check, rasterCache: rasterCache)
        let page = try canvas.displayPage(options: options)
        try withCancellationMapped(cancellation) {
            switch format {
            case .png:
                let bytes = try pngBytes(page, scale: scale, isCancelled: check)
                try check.throwIfCancelled()
                try FileOutput.writeAtomically(bytes, to: path)
            case .pdf:
                let writer = try PDFWriter(path: path, metadata: canvas.metadata)
                try writer.addPage(page)
                try check.throwIfCancelled()
                try writer.finish()
            }
        }
    }

    /// The PNG encoding of a page at `scale`.
    public static func pngBytes(_ page: DisplayPage, scale: Double, isCancelled: CancellationCheck = .never) throws
        -> [UInt8]
    {
        let image = try RasterRenderer.render(page, scale: scale, isCancelled: { isCancelled() })
        return try PNGEncoder.encode(image)
    }

    /// Turns the renderer's `.cancelled` into the reason the source gives (cancelled or timed out).
    static func withCancellationMapped(_ source: CancellationSource?, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch RenderError.cancelled {
            throw RenderCancelled(reason: source?.reason ?? .cancelled)
        }
    }
}
