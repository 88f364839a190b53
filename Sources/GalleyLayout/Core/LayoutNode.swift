/// The layout half of Texture's `ASDisplayNode`: a leaf that measures its content, or a composite that
/// returns a layout spec for its subnodes. Results are cached per constrained size.
///
/// A leaf's size is `Clamp(range, calculateSizeThatFits(range.max))`. The base `calculateSizeThatFits`
/// returns its argument when both axes are valid, else `0×0`, so a plain node **fills a finite max and
/// collapses to the min when either max is infinite**. Example: a plain node in `[0…100, 0…50]` is 100×50;
/// in `[0…100, 0…inf]` it is 0×0.
open class LayoutNode: LayoutElement {
    /// The node's layout properties.
    public var style = Style()
    /// An optional name shown in ascii art and dumps.
    open var debugName: String?

    /// How many times the node was measured (its `calculateSizeThatFits`/`layoutSpecThatFits` ran).
    public private(set) var measurementCount = 0

    /// The spec returned by the last measurement, used for ascii art.
    public private(set) var lastLayoutSpec: (any LayoutElement)?

    /// The cached result without the `Layout` object itself: a cached `Layout` would point back
    /// at this node (`element`) and keep every measured tree alive in a reference cycle.
    ///
    /// Unchecked exclusivity (the three cache fields): private to `layoutThatFits`, which reads
    /// them before measuring and writes them after, each access one statement that calls out to
    /// nothing; the runtime check ran for every node measured.
    @exclusivity(unchecked) private var cachedResult: (size: Size, sublayouts: [Layout])?
    @exclusivity(unchecked) private var cachedConstrainedSize = SizeRange(min: .zero, max: .zero)
    @exclusivity(unchecked) private var cachedParentSize = Size.zero

    /// Creates a node with default style.
    public init() {}

    /// Whether measuring keeps what only debugging and re-drawing use: each node's last layout
    /// spec (for ascii art) and, in text nodes, the glyph runs of their paragraphs. Paged
    /// documents bind it to false while they lay out and draw a body that can run to hundreds
    /// of thousands of nodes; the nodes then keep what pagination and drawing need (sizes,
    /// sublayouts, text metrics).
    public static let keepsMeasurementDetails = TaskLocal(wrappedValue: true)

    /// The short type name used in ascii art and dumps, e.g. "box" or "text".
    open var typeName: String { "node" }

    /// Nodes are leaves in ascii art; override to expose children for introspection.
    open var layoutChildren: [any LayoutElement] { [] }

    /// The type name followed by ` (debugName)` when set.
    open var asciiArtName: String {
        if let debugName { return "\(typeName) (\(debugName))" }
        return typeName
    }

    /// A node draws as its name; its own spec tree is in ``Layout/asciiArtString``.
    open var asciiArtString: String { asciiArtName }

    /// Texture's `calculateSizeThatFits:` for leaves: returns `constrainedSize` when both axes are valid
    /// (finite, ≥ 0, < 1e7), else `.zero`.
    open func calculateSizeThatFits(_ constrainedSize: Size) -> Size {
        isValidForSize(constrainedSize.width) && isValidForSize(constrainedSize.height) ? constrainedSize : .zero
    }

    /// For composites: a spec (or a node, which is wrapped) laying out the subnodes. `nil` makes a leaf.
    open func layoutSpecThatFits(_ constrainedSize: SizeRange) -> (any LayoutElement)? {
        nil
    }

    /// Measures the node, returning the cached layout when `constrainedSize` and `parentSize` equal the last
    /// request and the node was not invalidated (NaN sizes never compare equal, as in Texture).
    public func layoutThatFits(_ constrainedSize: SizeRange, parentSize: Size) -> Layout {
        if let cachedResult, cachedConstrainedSize == constrainedSize, cachedParentSize == parentSize {
            // A fresh object each time: parents set positions on what they receive.
            return Layout(element: self, size: cachedResult.size, sublayouts: cachedResult.sublayouts)
        }
        let range = constrainedSize.intersect(style.resolvedRange(parentSize: parentSize))
        let layout = calculateLayout(range)
        cachedResult = (layout.size, layout.sublayouts)
        cachedConstrainedSize = constrainedSize
        cachedParentSize = parentSize
        return layout
    }

    /// Drops the cached layout; the next request measures again. Call it when content changes.
    public func invalidateCalculatedLayout() {
        cachedResult = nil
    }

    /// `calculateLayoutThatFits:` (ASDisplayNode+LayoutSpec.mm:40-108): a leaf clamps its content size; a
    /// composite lays its spec out with its own range and flattens the result. The size is not clamped again.
    private func calculateLayout(_ range: SizeRange) -> Layout {
        measurementCount += 1
        guard let spec = layoutSpecThatFits(range) else {
            lastLayoutSpec = nil
            return Layout(element: self, size: range.clamp(calculateSizeThatFits(range.max)))
        }
        let root: any LayoutElement = spec is LayoutNode ? WrapperLayoutSpec(child: spec) : spec
        lastLayoutSpec = LayoutNode.keepsMeasurementDetails.get() ? root : nil
        let specLayout = root.layoutThatFits(range)
        specLayout.position = .zero
        return Layout(element: self, size: specLayout.size, sublayouts: Layout.flattenedNodeLayouts(under: specLayout))
    }
}
