/// A bare layout spec (Texture's `ASLayoutSpec`) and the base class of every spec. On its own it is an empty
/// spacer whose size is `cs.min`, so with `flexGrow` it soaks up a stack's free space.
///
/// Example: a spacer with `flexGrow = 1` between two 10-point boxes in a stack exactly 100 wide is 80 wide.
open class LayoutSpec: LayoutElement {
    /// The spec's layout properties; they apply to the spec inside its parent.
    public var style = Style()
    /// An optional name shown in ascii art.
    open var debugName: String?
    /// The spec's children.
    public var children: [any LayoutElement]

    /// Creates a spec with the given children (none for a spacer).
    public init(children: [any LayoutElement] = []) {
        self.children = children
    }

    /// The children, for ascii art and introspection.
    open var layoutChildren: [any LayoutElement] { children }

    /// The Swift type name followed by ` (debugName)` when set.
    open var asciiArtName: String {
        let name = String(describing: type(of: self))
        if let debugName { return "\(name) (\(debugName))" }
        return name
    }

    /// Children side by side in a box titled ``asciiArtName`` (stacks override for vertical direction).
    open var asciiArtString: String {
        AsciiArtBox.horizontal(children: children.map(\.asciiArtString), parent: asciiArtName)
    }

    /// Intersects the constrained size with the resolved style (the constrained size wins) and calls
    /// ``calculateLayoutThatFits(_:)``.
    open func layoutThatFits(_ constrainedSize: SizeRange, parentSize: Size) -> Layout {
        calculateLayoutThatFits(constrainedSize.intersect(style.resolvedRange(parentSize: parentSize)))
    }

    /// Lays out the spec in its resolved range; the bare spec is `constrainedSize.min` with no children.
    open func calculateLayoutThatFits(_ constrainedSize: SizeRange) -> Layout {
        Layout(element: self, size: constrainedSize.min)
    }
}
