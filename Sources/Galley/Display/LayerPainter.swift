import GalleyLayout
import GalleyRender

/// Draws a node's layer around what the node and its subnodes draw: shadow, group opacity and
/// transform (about the node's centre), background, clip, border — Core Animation's order.
///
/// The one place layer drawing lives. A whole node on a canvas or page, the fragment of a node
/// a page break cuts, a header or footer, and a node in an animation frame all come here, so a
/// layer looks the same wherever its node appears.
///
/// Corners are rounded each by its own radius (`cornerRadii`, CSS's order and overlap rule).
///
/// Example: a 100×40 node at (10, 20) with a red background, corner radius 8 and
/// `clipsToBounds` records one group translated by (10, 20) holding a filled rounded rectangle
/// (0, 0, 100, 40) and a group clipped to that shape with the contents in it.
enum LayerPainter {
    /// Records `layer` for a node of `size` whose top-left corner is `origin` in `context`'s
    /// coordinates. `contents` draws the node's own drawing and subnodes (clipped when the layer
    /// clips), `overlay` what goes above the border (links and anchors); both draw in the
    /// node's own coordinates, origin at its top-left corner. A fully transparent layer draws
    /// nothing. `reservingCapacity`: the items the group is expected to hold
    /// (`GraphicsContext.withGroup`).
    static func paint(
        _ layer: LayerProperties, origin: Point, size: Size, in context: GraphicsContext, reservingCapacity: Int = 0,
        contents: (GraphicsContext) throws -> Void, overlay: (GraphicsContext) -> Void = { _ in }
    ) rethrows {
        try group(layer, origin: origin, size: size, in: context, reservingCapacity: reservingCapacity) { context in
            try surface(layer, size: size, in: context, contents: contents, overlay: overlay)
        }
    }

    /// The layer's group: the translation to `origin` with its transform, its opacity and its
    /// shadow, around whatever `body` records in the node's own coordinates. A rasterized
    /// subtree puts its bitmap here (the bitmap holds the layer's surface).
    static func group(
        _ layer: LayerProperties, origin: Point, size: Size, in context: GraphicsContext, reservingCapacity: Int = 0,
        _ body: (GraphicsContext) throws -> Void
    ) rethrows {
        guard layer.opacity > 0 else { return }
        try context.withGroup(
            transform: transform(layer.transform, origin: origin, size: size), opacity: layer.opacity,
            shadow: layer.shadow, reservingCapacity: reservingCapacity, body)
    }

    /// The layer's surface in the node's own coordinates: background, the contents (clipped
    /// when the layer clips), border, then the overlay.
    static func surface(
        _ layer: LayerProperties, size: Size, in context: GraphicsContext, contents: (GraphicsContext) throws -> Void,
        overlay: (GraphicsContext) -> Void = { _ in }
    ) rethrows {
        let bounds = Rect(origin: .zero, size: size)
        // Backgrounds and borders are decoration: artifacts in tagged output.
        if let background = layer.backgroundColor {
            context.artifact(.layout) { context in
                context.fill(Path(roundedRect: bounds, radii: layer.cornerRadii), color: background)
            }
        }
        let clip = layer.clipsToBounds ? Path(roundedRect: bounds, radii: layer.cornerRadii) : nil
        try context.withGroup(clip: clip, contents)
        if layer.hasBorder {
            // Core Animation draws the border inside the bounds.
            let inset = layer.borderWidth / 2
            let rect = Rect(
                x: inset, y: inset, width: max(0, size.width - layer.borderWidth),
                height: max(0, size.height - layer.borderWidth))
            context.artifact(.layout) { context in
                context.stroke(
                    Path(roundedRect: rect, radii: layer.cornerRadii.inset(by: inset)), color: layer.borderColor,
                    lineWidth: layer.borderWidth)
            }
        }
        overlay(context)
    }

    /// The translation to `origin`, with the layer's transform applied about the node's centre
    /// (Core Animation's anchor point 0.5, 0.5).
    static func transform(_ transform: AffineTransform, origin: Point, size: Size) -> AffineTransform {
        let translation = AffineTransform.translation(x: origin.x, y: origin.y)
        guard !transform.isIdentity else { return translation }
        let cx = size.width / 2
        let cy = size.height / 2
        return AffineTransform.translation(x: -cx, y: -cy)
            .concatenating(transform)
            .concatenating(.translation(x: cx, y: cy))
            .concatenating(translation)
    }
}
