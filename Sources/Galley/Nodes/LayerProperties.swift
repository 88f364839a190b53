import GalleyLayout
import GalleyRender

/// A node's layer: what is drawn around and over its content, Core Animation style.
public struct LayerProperties: Hashable, Sendable {
    public var backgroundColor: Color?
    /// Rounds the background and border, each corner by its own radius; with `clipsToBounds` it also
    /// clips content and subnodes.
    public var cornerRadii: CornerRadii = .zero
    public var borderWidth: Double = 0
    public var borderColor: Color = .black
    /// Group opacity: the node and its subnodes are composited first, then faded once.
    public var opacity: Double = 1
    public var clipsToBounds = false
    public var shadow: Shadow?
    /// Texture's `shouldRasterizeDescendants`: the whole subtree is flattened into one bitmap.
    public var rasterizesSubtree = false
    /// An affine transform about the node's centre (animations: scale, rotation, translation).
    public var transform: AffineTransform = .identity

    public init() {}

    /// One radius for every corner (reads the largest of the four).
    public var cornerRadius: Double {
        get { cornerRadii.maximum }
        set { cornerRadii = CornerRadii(newValue) }
    }

    public var hasBorder: Bool { borderWidth > 0 && !borderColor.isInvisible }
}
