import Dispatch
import GalleyLayout
import GalleyRender
import Synchronization

/// The independent work of one layer, snapshotted on the thread that owns the nodes: only
/// `Sendable` values, so any worker thread may display it.
enum PendingLayer: Sendable {
    /// A rasterized subtree: its recorded items flattened into one bitmap (or taken from the
    /// raster cache), followed by its links and anchors.
    case rasterize(RasterCache.Key, interactive: [DisplayItem])
    /// An image-displaying node's `display(parameters:)`, placed in its bounds.
    case image(DrawOperation, bounds: Rect)

    /// The items the layer stands for, exactly what displaying it inline records.
    func display(options: DisplayOptions) throws -> [DisplayItem] {
        switch self {
        case .rasterize(let key, let interactive):
            let image: ImageBuffer
            if let cached = options.rasterCache?.image(for: key) {
                image = cached
            } else {
                let check = options.isCancelled
                image = try RasterRenderer.render(
                    items: key.items, size: key.size, scale: key.scale, isCancelled: { check() })
                options.rasterCache?.insert(image, for: key)
            }
            return [.image(image, Rect(origin: .zero, size: key.size), .smooth)] + interactive
        case .image(let operation, let bounds):
            try options.isCancelled.throwIfCancelled()
            let context = GraphicsContext()
            try operation.draw(in: context, bounds: bounds, isCancelled: options.isCancelled, isRasterizing: false)
            return context.takeItems()
        }
    }
}

/// The layers one display pass deferred, in the order it met them. Belongs to the pass's task.
final class PendingLayers {
    private var layers: [PendingLayer] = []
    /// Equal rasterized subtrees of one page share one job (and one bitmap).
    private var rasterJobs: [RasterCache.Key: Int] = [:]

    func reset() {
        layers.removeAll()
        rasterJobs.removeAll()
    }

    /// Queues a layer and returns the placeholder item to record in its place.
    func add(_ layer: PendingLayer) -> DisplayItem {
        if case .rasterize(let key, _) = layer {
            if let index = rasterJobs[key] { return ConcurrentLayers.placeholder(index) }
            rasterJobs[key] = layers.count
        }
        layers.append(layer)
        return ConcurrentLayers.placeholder(layers.count - 1)
    }

    func take() -> [PendingLayer] {
        defer { reset() }
        return layers
    }
}

enum ConcurrentLayers {
    /// The marker recorded in a deferred layer's place (`PendingLayerMarker`).
    static func placeholder(_ index: Int) -> DisplayItem { PendingLayerMarker.item(index) }

    private static func placeholderIndex(_ item: DisplayItem) -> Int? { PendingLayerMarker.index(of: item) }

    /// Displays `layers` on up to `options.maxConcurrentLayers` threads; results in input order.
    /// The first failure in input order is rethrown (a cancellation, usually).
    static func run(_ layers: [PendingLayer], options: DisplayOptions) throws -> [[DisplayItem]] {
        let workers = min(options.maxConcurrentLayers, layers.count)
        if workers <= 1 {
            return try layers.map { try $0.display(options: options) }
        }
        let results = Locked([Result<[DisplayItem], any Error>?](repeating: nil, count: layers.count))
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < layers.count else { return }
                let result = Result { try layers[index].display(options: options) }
                results.withLock { $0[index] = result }
            }
        }
        return try results.withLock { results in
            try results.map { try $0!.get() }
        }
    }

    /// Replaces each placeholder with its layer's items. A group left empty is dropped, as
    /// `GraphicsContext.withGroup` drops empty groups when drawing inline. Only the groups on
    /// the way to a placeholder are rebuilt; the rest of the list is shared, not copied (a page
    /// with one image layer used to be copied whole, group by group).
    static func splice(_ results: [[DisplayItem]], into items: [DisplayItem]) -> [DisplayItem] {
        spliced(results, items) ?? items
    }

    /// `items` with the placeholders at any depth replaced, or nil when it has none (and no
    /// empty group to drop).
    private static func spliced(_ results: [[DisplayItem]], _ items: [DisplayItem]) -> [DisplayItem]? {
        var output: [DisplayItem]?
        for (position, item) in items.enumerated() {
            var replacement: [DisplayItem]?
            if let index = placeholderIndex(item) {
                replacement = results[index]
            } else if case .group(var group) = item {
                if let inner = spliced(results, group.items) {
                    group.items = inner
                    replacement = inner.isEmpty ? [] : [.group(group)]
                } else if group.items.isEmpty {
                    replacement = []
                }
            }
            if let replacement {
                if output == nil {
                    output = []
                    output?.reserveCapacity(items.count + replacement.count)
                    output?.append(contentsOf: items[..<position])
                }
                output?.append(contentsOf: replacement)
            } else {
                output?.append(item)
            }
        }
        return output
    }
}
