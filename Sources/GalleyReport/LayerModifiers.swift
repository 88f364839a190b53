import Galley
import GalleyLayout
import GalleyRender

/// Layer properties (`LayerProperties`): background colour, border, corner radius, opacity,
/// clipping, shadow and rasterization. A spec is hosted in a `BoxNode` to carry them.
extension ReportContent {
    /// Fills the element's frame (rounded by `.cornerRadius`).
    public func background(_ color: Color) -> ModifiedContent { onNode { $0.node.layer.backgroundColor = color } }

    /// A border of `width` points inside the element's frame.
    public func border(_ color: Color = .black, width: Double = 1) -> ModifiedContent {
        onNode { edit in
            edit.node.layer.borderColor = color
            edit.node.layer.borderWidth = width
        }
    }

    public func cornerRadius(_ radius: Double) -> ModifiedContent { onNode { $0.node.layer.cornerRadius = radius } }

    /// Group opacity, 0 to 1.
    public func opacity(_ opacity: Double) -> ModifiedContent {
        onNode { $0.node.layer.opacity = min(1, max(0, opacity)) }
    }

    /// Clips the content (and subnodes) to the element's frame.
    public func clipped(_ clips: Bool = true) -> ModifiedContent { onNode { $0.node.layer.clipsToBounds = clips } }

    public func shadow(
        color: Color = Color(red: 0, green: 0, blue: 0, alpha: 0.33), radius: Double = 4, x: Double = 0, y: Double = 2
    ) -> ModifiedContent {
        onNode { $0.node.layer.shadow = Shadow(offset: Point(x: x, y: y), blurRadius: radius, color: color) }
    }

    /// Draws the subtree once into a bitmap (Texture's `shouldRasterizeDescendants`).
    public func rasterized(_ rasterizes: Bool = true) -> ModifiedContent {
        onNode { $0.node.layer.rasterizesSubtree = rasterizes }
    }
}
