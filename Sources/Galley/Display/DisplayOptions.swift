import GalleyRender

/// What a display pass needs besides the node tree.
public struct DisplayOptions: Sendable {
    /// Pixels per point for subtrees flattened into bitmaps (`rasterize: true`). A PNG passes
    /// its own output scale; PDF output uses `pdfRasterizationScale`.
    public var rasterizationScale: Double
    public var isCancelled: CancellationCheck
    /// Reuses bitmaps of equal rasterized subtrees (across documents of a batch too); nil = off.
    public var rasterCache: RasterCache?

    public init(rasterizationScale: Double = 1, isCancelled: CancellationCheck = .never, rasterCache: RasterCache? = .shared) {
        self.rasterizationScale = rasterizationScale
        self.isCancelled = isCancelled
        self.rasterCache = rasterCache
    }

    /// Rasterized subtrees in a PDF are drawn at 144 dpi, sharp in print and on screen.
    public static let pdfRasterizationScale = 2.0
}
