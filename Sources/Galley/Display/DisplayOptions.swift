import Foundation
import GalleyRender

/// What a display pass needs besides the node tree.
public struct DisplayOptions: Sendable {
    /// Pixels per point for subtrees flattened into bitmaps (`rasterize: true`). A PNG passes
    /// its own output scale; PDF output uses `pdfRasterizationScale`.
    public var rasterizationScale: Double
    public var isCancelled: CancellationCheck
    /// Reuses bitmaps of equal rasterized subtrees (across documents of a batch too); nil = off.
    public var rasterCache: RasterCache?
    /// How many independent layers (rasterized subtrees, image-displaying nodes) of one page
    /// are displayed at once on worker threads. 1 displays everything inline, in order.
    public var maxConcurrentLayers: Int
    /// Whether pages carry structure markers (tagged PDF: elements and artifacts).
    public var tagsStructure: Bool

    public init(
        rasterizationScale: Double = 1, isCancelled: CancellationCheck = .never, rasterCache: RasterCache? = .shared,
        maxConcurrentLayers: Int = DisplayOptions.defaultMaxConcurrentLayers, tagsStructure: Bool = false
    ) {
        self.tagsStructure = tagsStructure
        self.rasterizationScale = rasterizationScale
        self.isCancelled = isCancelled
        self.rasterCache = rasterCache
        self.maxConcurrentLayers = max(1, maxConcurrentLayers)
    }

    /// The machine's active cores.
    public static let defaultMaxConcurrentLayers = ProcessInfo.processInfo.activeProcessorCount

    /// Rasterized subtrees in a PDF are drawn at 144 dpi, sharp in print and on screen.
    public static let pdfRasterizationScale = 2.0
}
