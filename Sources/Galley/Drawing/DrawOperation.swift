import GalleyLayout
import GalleyRender

/// A node's drawing, snapshotted: its parameters and its class's static routine, ready to run
/// on any thread. Equal keys draw equal pictures (what the raster cache relies on).
public struct DrawOperation: Sendable {
    /// The node's class and draw parameters, made when asked for (the raster cache and tests
    /// ask; drawing does not): boxing the parameters into an `AnyHashable` for every node of
    /// every document cost an allocation and a dynamic cast each.
    public var key: DrawKey { snapshot.key }
    /// Whether the operation produces a finished bitmap (an `ImageDisplayingNode`): such work
    /// is independent of the rest of the page and may be displayed on a worker thread.
    public let producesImage: Bool
    private let snapshot: any DrawSnapshot

    /// Snapshots a drawing node.
    public init<Node: DrawingNode>(_ node: Node) {
        snapshot = DrawingSnapshot<Node>(parameters: node.drawParameters())
        producesImage = false
    }

    /// Snapshots an image-displaying node: the image is produced (decoded, rendered) when the
    /// operation runs, which may be on a worker thread.
    public init<Node: ImageDisplayingNode>(imageNode node: Node) {
        snapshot = ImageSnapshot<Node>(parameters: node.drawParameters())
        producesImage = true
    }

    public func draw(in context: GraphicsContext, bounds: Rect, isCancelled: CancellationCheck, isRasterizing: Bool)
        throws
    {
        try snapshot.draw(in: context, bounds: bounds, isCancelled: isCancelled, isRasterizing: isRasterizing)
    }
}

/// A node class's draw parameters with its static routine. The snapshots are structs: held as
/// `any DrawSnapshot`, parameters of up to three words (a text node's item list) are stored in
/// the existential itself, and only larger ones are boxed — a class was an allocation per
/// drawing node of every document.
private protocol DrawSnapshot: Sendable {
    var key: DrawKey { get }
    func draw(in context: GraphicsContext, bounds: Rect, isCancelled: CancellationCheck, isRasterizing: Bool) throws
}

private struct DrawingSnapshot<Node: DrawingNode>: DrawSnapshot {
    let parameters: Node.Parameters

    init(parameters: Node.Parameters) { self.parameters = parameters }

    var key: DrawKey { DrawKey(Node.self, parameters) }

    func draw(in context: GraphicsContext, bounds: Rect, isCancelled: CancellationCheck, isRasterizing: Bool) throws {
        try Node.draw(parameters, in: context, bounds: bounds, isCancelled: isCancelled, isRasterizing: isRasterizing)
    }
}

private struct ImageSnapshot<Node: ImageDisplayingNode>: DrawSnapshot {
    let parameters: Node.Parameters

    init(parameters: Node.Parameters) { self.parameters = parameters }

    var key: DrawKey { DrawKey(Node.self, parameters) }

    func draw(in context: GraphicsContext, bounds: Rect, isCancelled: CancellationCheck, isRasterizing: Bool) throws {
        guard let image = try Node.display(parameters, isCancelled: isCancelled) else { return }
        let rect = Node.imageRect(for: parameters, image: image, bounds: bounds)
        context.withGroup(clip: Path(rect: bounds)) { context in
            context.draw(image, in: rect)
        }
    }
}

/// A hashable, sendable identity of a drawing: the node class plus its parameters.
public struct DrawKey: Hashable, Sendable {
    // AnyHashable is not Sendable in general, but the only values stored here come from the
    // generic initialiser, which requires `Hashable & Sendable`; the box adds no shared state.
    private struct Box: Hashable, @unchecked Sendable {
        let value: AnyHashable
    }

    private let type: ObjectIdentifier
    private let parameters: Box

    public init<Parameters: Hashable & Sendable>(_ type: Any.Type, _ parameters: Parameters) {
        self.type = ObjectIdentifier(type)
        self.parameters = Box(value: AnyHashable(parameters))
    }
}
