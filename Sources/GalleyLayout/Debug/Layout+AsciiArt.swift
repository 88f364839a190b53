extension Layout {
    /// Texture's `asciiArtString` for the element behind this layout. For a node with a layout spec this is its
    /// spec tree (subnodes draw as their names); for a leaf node, its name.
    ///
    /// Example: a node whose spec is a horizontal stack of two boxes draws
    /// ```
    /// --StackLayoutSpec--
    /// |  box  box       |
    /// -------------------
    /// ```
    public var asciiArtString: String {
        if let node = element as? LayoutNode, let spec = node.lastLayoutSpec {
            return spec.asciiArtString
        }
        return element.asciiArtString
    }
}
