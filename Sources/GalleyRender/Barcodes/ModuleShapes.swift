import GalleyLayout

/// A barcode's dark modules as axis-aligned rectangles in module units (one unit is the narrowest
/// bar, or one square of a matrix symbol), on a `size` of module units including quiet zones.
///
/// A `.modules` display item maps this space linearly onto its rect. The PDF painter draws the
/// rectangles exactly, as one stroke of butt-capped segments (`Painter.strokeModules`: about half the
/// numbers of filled rectangles); the raster painter fills them snapped to whole device pixels:
/// a module becomes a whole number of pixels across (the largest that fits), so every bar of one
/// width is the same width and edges are sharp, which is what scanners need.
public struct ModuleShapes: Hashable, Sendable {
    /// The symbol's extent in module units, quiet zones included.
    public var size: Size
    /// The dark modules, merged into runs where they touch.
    public var rects: [Rect]
    /// A matrix symbol (QR, Data Matrix, Aztec, PDF417): modules keep their aspect when snapped. A linear
    /// one's bars may stretch vertically.
    public var isMatrix: Bool

    /// Shapes of `rects` on a `size` of module units.
    public init(size: Size, rects: [Rect], isMatrix: Bool) {
        self.size = size
        self.rects = rects
        self.isMatrix = isMatrix
    }
}
