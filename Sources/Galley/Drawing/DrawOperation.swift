import GalleyLayout
import GalleyRender

/// A node's drawing, snapshotted: its parameters and its class's static routine, ready to run
/// on any thread. Equal keys draw equal pictures (what the raster cache relies on).
public struct DrawOperation: Sendable {
    public let key: DrawKey
    /// Whether the operation produces a finished bitmap (an `ImageDisplayingNode`): such work
    /// is independent of the rest of the page and may be displayed on a worker thread.
    public let producesImage: Bool
    let run: @Sendable (GraphicsContext, Rect, CancellationCheck, Bool) throws -> Void

    /// Snapshots a drawing node.
    public init<Node: DrawingNode>(_ node: Node) {
        let parameters = node.drawParameters()
        key = DrawKey(Node.self, parameters)
        producesImage = false
        run = { context, bounds, isCancelled, isRasterizing in
            try Node.draw(
                parameters, in: context, bounds: bounds, isCancelled: isCancelled, isRasterizing: isRasterizing)
        }
    }

    /// Snapshots an image-displaying node: the image is produced (decoded, rendered) when the
    /// operation runs, which may be on a worker thread.
    public init<Node: ImageDisplayingNode>(imageNode node: Node) {
        let parameters = node.drawParameters()
        key = DrawKey(Node.self, parameters)
        producesImage = true
        run = { context, bounds, isCancelled, _ in
            guard let image = try Node.display(parameters, isCancelled: isCancelled) else { return }
            let rect = Node.imageRect(for: parameters, image: image, bounds: bounds)
            context.withGroup(clip: Path(rect: bounds)) { context in
                context.draw(image, in: rect)
            }
        }
    }

    public func draw(in context: GraphicsContext, bounds: Rect, isCancelled: CancellationCheck, isRasterizing: Bool)
        throws
    {
        try run(context, bounds, isCancelled, isRasterizing)
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
