import GalleyLayout
import GalleyRender

/// A node of a document: a layout element with a layer, subnodes and (optionally) content
/// drawn by a class-level routine (see `DrawingNode`).
///
/// Layout lives in `LayoutNode` (GalleyLayout), layer properties in `LayerProperties`, and
/// drawing in the static routines of `DrawingNode` types, so this class stays small.
open class DisplayNode: LayoutNode {
    /// The node's layer: background, corner radius, border, opacity, clip, shadow, rasterize.
    public var layer = LayerProperties()
    /// The template `id`: names the node in layout dumps, internal links and transitions.
    public var identifier: String?
    /// Makes the node's frame a link (PDF output).
    public var link: LinkTarget?
    /// Whether the node's `identifier` names a destination that internal links (`#id`) and
    /// outline entries can jump to (PDF output).
    public var exportsAnchor = false
    /// An outline entry (PDF bookmark) pointing at this node.
    public var bookmark: (title: String, level: Int)?
    /// Texture's `layoutSpecBlock`: a spec laying out this node's subnodes, for composition
    /// without subclassing. Template containers use it.
    public var layoutSpecBlock: ((SizeRange) -> (any LayoutElement)?)?
    /// With automatic management, the subnodes are exactly the nodes the layout spec returns;
    /// adding or removing them by hand is an error.
    public var automaticallyManagesSubnodes = false
    /// Layout transition bookkeeping: calculated layout, transition IDs, default timing (Transition/).
    public private(set) lazy var layoutTransitionState = LayoutTransitionState()
    /// This node's animation timing in transitions, overriding the default (template `transition`).
    public var transitionTiming: AnimationTiming?

    /// The node's bounds from its last layout (origin zero). Set by the display pipeline before
    /// it snapshots the node's drawing, so `drawParameters()` may read it.
    public internal(set) var bounds: Rect = .zero

    public private(set) var subnodes: [DisplayNode] = []
    public private(set) weak var supernode: DisplayNode?

    public override init() {
        super.init()
    }

    open override var typeName: String { "node" }

    open override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> (any LayoutElement)? {
        layoutSpecBlock?(constrainedSize)
    }

    /// Texture's `animateLayoutTransition:`: animate from the context's initial to its final
    /// layout and call `completeTransition` once. Default: fade inserted nodes in, removed out,
    /// move and resize the rest (`defaultAnimateLayoutTransition`, Transition/).
    open func animateLayoutTransition(_ context: LayoutTransitionContext) {
        defaultAnimateLayoutTransition(context)
    }

    /// Texture's `didCompleteLayoutTransition:`: by default removes the removed subnodes (or,
    /// for a cancelled transition, restores the previous ones).
    open func didCompleteLayoutTransition(_ context: LayoutTransitionContext) {
        defaultDidCompleteLayoutTransition(context)
    }

    /// Adds a subnode by hand (nodes that lay out their subnodes themselves).
    public func addSubnode(_ node: DisplayNode) throws(SubnodeError) {
        guard !automaticallyManagesSubnodes else { throw .automaticallyManaged(operation: "addSubnode") }
        node.removeFromSupernodeUnchecked()
        subnodes.append(node)
        node.supernode = self
    }

    public func removeFromSupernode() throws(SubnodeError) {
        if let supernode, supernode.automaticallyManagesSubnodes {
            throw .automaticallyManaged(operation: "removeFromSupernode")
        }
        removeFromSupernodeUnchecked()
    }

    /// Replaces the subnodes with those a layout placed (automatic subnode management).
    func setManagedSubnodes(_ nodes: [DisplayNode]) {
        for node in subnodes where !nodes.contains(where: { $0 === node }) { node.supernode = nil }
        subnodes = nodes
        for node in nodes { node.supernode = self }
    }

    private func removeFromSupernodeUnchecked() {
        guard let parent = supernode else { return }
        parent.subnodes.removeAll { $0 === self }
        supernode = nil
    }

    /// The node's drawing, snapshotted for any thread; nil when only the layer is drawn.
    open func makeDrawOperation() -> DrawOperation? {
        if let drawing = self as? any DrawingNode { return Self.snapshot(drawing) }
        if let imageNode = self as? any ImageDisplayingNode { return Self.snapshot(image: imageNode) }
        return nil
    }

    private static func snapshot<Node: DrawingNode>(_ node: Node) -> DrawOperation { DrawOperation(node) }
    private static func snapshot<Node: ImageDisplayingNode>(image node: Node) -> DrawOperation {
        DrawOperation(imageNode: node)
    }
}

/// A misuse of the subnode API.
public enum SubnodeError: Error, Sendable, CustomStringConvertible {
    case automaticallyManaged(operation: String)

    public var description: String {
        switch self {
        case .automaticallyManaged(let operation):
            "\(operation) on a node that automatically manages its subnodes: its layout spec decides them"
        }
    }
}
