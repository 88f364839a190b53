import GalleyLayout
import GalleyRender

extension CanvasTransition {
    /// Walks a page's layout in drawing order and keys every drawn node for matching.
    struct Walker {
        let options: DisplayOptions
        let ungroupedPrefix: String
        var entries: [Entry] = []
        var idCounts: [String: Int] = [:]
        var positional: [String: Int] = [:]

        init(options: DisplayOptions, ungroupedPrefix: String = "") {
            self.options = options
            self.ungroupedPrefix = ungroupedPrefix
        }

        /// The key of a node: `#id` (numbered when repeated), else its type and index in its group.
        mutating func key(of node: DisplayNode, scope: String) -> (key: String, scope: String) {
            if let id = node.identifier {
                let count = (idCounts[id] ?? 0) + 1
                idCounts[id] = count
                let key = count == 1 ? "#" + id : "#\(id)@\(count)"
                return (key, key)
            }
            // A spec's id groups the nodes it lays out, inside the nearest identified node.
            let group = node.transitionGroup.map { "#" + $0 } ?? scope
            let slot = (group.isEmpty ? ungroupedPrefix : group) + "/" + node.typeName
            let index = positional[slot] ?? 0
            positional[slot] = index + 1
            return ("\(slot)[\(index)]", group)
        }

        mutating func walk(_ layout: Layout, origin: Point, opacity: Double, scope: String, parent: String?) throws {
            guard let node = layout.element as? DisplayNode else { return }
            let (key, childScope) = key(of: node, scope: scope)
            let frame = Rect(origin: origin, size: layout.size)
            let layer = node.layer
            entries.append(
                Entry(
                    key: key, node: node, state: AnimatableState(layer: layer, frame: frame), parent: parent,
                    inheritedOpacity: opacity, content: try Self.content(of: node, size: layout.size, options: options),
                    border: layer.hasBorder ? TrackBorder(width: layer.borderWidth, color: layer.borderColor) : nil,
                    clipsContent: layer.clipsToBounds))
            for sublayout in layout.sublayouts {
                let position = sublayout.frame.origin
                try walk(
                    sublayout, origin: Point(x: origin.x + position.x, y: origin.y + position.y),
                    opacity: opacity * layer.opacity, scope: childScope, parent: key)
            }
        }

        /// The node's own drawing (no layer, no subnodes); the animated layer clips it when the
        /// node's layer clips (`AnimationTrack.clipsContent`).
        static func content(of node: DisplayNode, size: Size, options: DisplayOptions) throws -> NodeContent? {
            guard let operation = node.makeDrawOperationForAnimation(size: size) else { return nil }
            let bounds = Rect(origin: .zero, size: size)
            let context = GraphicsContext()
            try operation.draw(in: context, bounds: bounds, isCancelled: options.isCancelled, isRasterizing: false)
            let items = context.takeItems().filter { !$0.isInteractive }
            return items.isEmpty ? nil : NodeContent(size: size, items: items)
        }
    }
}

extension DisplayNode {
    /// Sets the bounds the drawing snapshot reads, then snapshots it.
    func makeDrawOperationForAnimation(size: Size) -> DrawOperation? {
        bounds = Rect(origin: .zero, size: size)
        return makeDrawOperation()
    }
}
