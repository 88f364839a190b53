import GalleyLayout
import GalleyRender

/// A node that draws its own content, the Texture way.
///
/// The node never draws from its own state. On the thread that owns it, it snapshots what it
/// needs into a `Sendable` value (`drawParameters()`); later, on any thread, the *static*
/// routine draws from that value alone. Because the routine touches no node, documents and
/// layers can be displayed concurrently, and equal parameters can reuse a cached bitmap.
///
/// ```swift
/// final class StampNode: DisplayNode, DrawingNode {
///     var label = "PAID"
///     struct Parameters: Hashable, Sendable { var label: String; var color: Color }
///     func drawParameters() -> Parameters { Parameters(label: label, color: .red) }
///     static func draw(_ p: Parameters, in context: GraphicsContext, bounds: Rect,
///                      isCancelled: CancellationCheck, isRasterizing: Bool) throws {
///         context.stroke(Path(roundedRect: bounds, cornerRadius: 6), color: p.color, lineWidth: 3)
///     }
/// }
/// ```
public protocol DrawingNode: DisplayNode {
    associatedtype Parameters: Hashable & Sendable

    /// Captures the node's drawing state. Called on the node's own thread after layout.
    func drawParameters() -> Parameters

    /// Draws `parameters` into `context`, whose origin is the node's top-left corner.
    ///
    /// - Parameters:
    ///   - parameters: what `drawParameters()` captured.
    ///   - context: records the drawing; its origin is the node's top-left corner.
    ///   - bounds: the node's bounds (origin zero, the laid-out size).
    ///   - isCancelled: check between expensive steps; return early (or throw) when true.
    ///   - isRasterizing: true when drawing into an ancestor's flattened bitmap; do not clear it.
    static func draw(
        _ parameters: Parameters, in context: GraphicsContext, bounds: Rect, isCancelled: CancellationCheck,
        isRasterizing: Bool
    ) throws
}

/// A node whose content is a finished bitmap (Texture's `displayWithParameters:isCancelled:`),
/// such as a decoded photo or an image a custom routine renders itself.
public protocol ImageDisplayingNode: DisplayNode {
    associatedtype Parameters: Hashable & Sendable

    func drawParameters() -> Parameters

    /// Returns the image to show in the node's bounds, or nil for none.
    static func display(_ parameters: Parameters, isCancelled: CancellationCheck) throws -> ImageBuffer?

    /// Where the image goes inside `bounds` (default: filling them).
    static func imageRect(for parameters: Parameters, image: ImageBuffer, bounds: Rect) -> Rect
}

extension ImageDisplayingNode {
    public static func imageRect(for parameters: Parameters, image: ImageBuffer, bounds: Rect) -> Rect { bounds }
}
