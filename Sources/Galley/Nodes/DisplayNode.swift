import GalleyLayout
import GalleyRender

/// A node of a document: a layout element with a layer, subnodes and (optionally) content
/// drawn by a class-level routine (see `DrawingNode`).
///
/// Layout lives in `LayoutNode` (GalleyLayout), layer properties in `LayerProperties`, and
/// drawing in the static routines of `DrawingNode` types, so this class stays small.
open class DisplayNode: LayoutNode {
    /// The node's layer: background, corner radius, border, opacity, clip, shadow, rasterize.
    public var layer: LayerProperties {
        get { layerStorage?.value ?? LayerProperties() }
        set {
            if let layerStorage {
                layerStorage.value = newValue
            } else if newValue != LayerProperties() {
                // A layer left at its defaults needs no box (a template's style often names none).
                layerStorage = Box(newValue)
            }
        }
    }
    /// The template `id`: names the node in layout dumps, internal links and transitions.
    public var identifier: String? {
        get { attributes?.value.identifier }
        set { updateAttributes(newValue == nil) { $0.identifier = newValue } }
    }
    /// Makes the node's frame a link (PDF output).
    public var link: LinkTarget? {
        get { attributes?.value.link }
        set { updateAttributes(newValue == nil) { $0.link = newValue } }
    }
    /// Whether the node's `identifier` names a destination that internal links (`#id`) and
    /// outline entries can jump to (PDF output).
    public var exportsAnchor: Bool {
        get { attributes?.value.exportsAnchor ?? false }
        set { updateAttributes(!newValue) { $0.exportsAnchor = newValue } }
    }
    /// An outline entry (PDF bookmark) pointing at this node.
    public var bookmark: (title: String, level: Int)? {
        get { attributes?.value.bookmark }
        set { updateAttributes(newValue == nil) { $0.bookmark = newValue } }
    }
    /// Texture's `layoutSpecBlock`: a spec laying out this node's subnodes, for composition
    /// without subclassing. Template containers use it.
    public var layoutSpecBlock: ((SizeRange) -> (any LayoutElement)?)? {
        get { attributes?.value.layoutSpecBlock }
        set { updateAttributes(newValue == nil) { $0.layoutSpecBlock = newValue } }
    }
    /// How the node appears in a tagged PDF: its role, alternate text, language
    /// (`StructureTagging.swift`); nil takes the node class's default role.
    public var accessibility: NodeAccessibility? {
        get { attributes?.value.accessibility }
        set { updateAttributes(newValue == nil) { $0.accessibility = newValue } }
    }
    /// The node's structure element identity for the whole document, given when first tagged.
    var structureIdentifier: Int? {
        get { attributes?.value.structureIdentifier }
        set { updateAttributes(newValue == nil) { $0.structureIdentifier = newValue } }
    }
    /// This node's animation timing in transitions, overriding the default (template `transition`).
    public var transitionTiming: AnimationTiming? {
        get { attributes?.value.transitionTiming }
        set { updateAttributes(newValue == nil) { $0.transitionTiming = newValue } }
    }

    /// For a node without an `identifier`: the id of the nearest identified layout spec around it (below its
    /// nearest identified node). Transitions match such a node by its place in that group, so the texts of a
    /// row that an identified stack lays out travel with the row (`CanvasTransition`). Templates set it from a
    /// spec element's `id`.
    public var transitionGroup: String? {
        get { attributes?.value.transitionGroup }
        set { updateAttributes(newValue == nil) { $0.transitionGroup = newValue } }
    }

    /// What built the node (a template element), so a warning about it can say where it came
    /// from. Inline, not with the rare attributes: templates set it on every node, and a
    /// reference costs no allocation.
    public var origin: (any NodeOrigin)?

    /// The layer and the rarely set properties live out of line, allocated when first set: a
    /// paged body can hold hundreds of thousands of nodes (a table cell is two), most with
    /// neither, and inline they were over half of a node's 744 bytes.
    private var layerStorage: Box<LayerProperties>?
    private var attributes: Box<Attributes>?

    private struct Attributes {
        var identifier: String?
        var link: LinkTarget?
        var exportsAnchor = false
        var bookmark: (title: String, level: Int)?
        var layoutSpecBlock: ((SizeRange) -> (any LayoutElement)?)?
        var transitionTiming: AnimationTiming?
        var transitionGroup: String?
        var accessibility: NodeAccessibility?
        var structureIdentifier: Int?
    }

    /// Applies `update` to the attributes, allocating them unless the new value is the default.
    private func updateAttributes(_ isDefault: Bool, _ update: (inout Attributes) -> Void) {
        if let attributes {
            update(&attributes.value)
        } else if !isDefault {
            var value = Attributes()
            update(&value)
            attributes = Box(value)
        }
    }

    /// With automatic management, the subnodes are exactly the nodes the layout spec returns;
    /// adding or removing them by hand is an error.
    public var automaticallyManagesSubnodes = false
    /// Layout transition bookkeeping: calculated layout, transition IDs, default timing (Transition/).
    public private(set) lazy var layoutTransitionState = LayoutTransitionState()

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

    /// What looks wrong about the node laid out at `size` (one sentence each): text that does
    /// not fit, characters no font has. Nodes without such checks have none.
    open func layoutWarnings(size: Size) -> [String] { [] }

    /// The structure role of a node of this class in a tagged PDF when its `accessibility`
    /// names none, given the role of the element it is inside: nil for none (the node's
    /// content belongs to the element around it). Text is a paragraph (a heading when
    /// bookmarked), images and custom drawings figures, tables their table roles.
    open func defaultStructureRole(inside parent: StructureRole?) -> StructureRole? { nil }

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

/// A mutable value held by reference: one node's out-of-line storage, never shared.
private final class Box<Value> {
    var value: Value

    init(_ value: Value) { self.value = value }
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
