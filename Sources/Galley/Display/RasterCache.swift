import GalleyLayout
import GalleyRender

/// Bitmaps of rasterized subtrees, reused when an equal subtree is drawn again — the same
/// letterhead on every invoice of a batch is drawn once.
///
/// Keys are the subtree's recorded display items (its draw parameters, in effect), its size
/// and the scale; equal keys draw equal pixels. A bitmap enters on its second miss
/// (`Doorkeeper`): a subtree one record alone has (a customer's photo in a rasterized card) is
/// never kept, what every record repeats is kept from the second record on. Entries live under
/// a byte budget (`LRUCache`, least recently used evicted first) that charges each one its
/// bitmap *and* the images its key holds alive — a key keeps its photo's pixels as much as the
/// bitmap does. Safe to share between threads.
public final class RasterCache: Sendable {
    public struct Key: Hashable, Sendable {
        public let items: [DisplayItem]
        public let size: Size
        public let scale: Double

        public init(items: [DisplayItem], size: Size, scale: Double) {
            self.items = items
            self.size = size
            self.scale = scale
        }

        /// The bytes of the images the key's items hold.
        var imageBytes: Int { Self.imageBytes(items) }

        private static func imageBytes(_ items: [DisplayItem]) -> Int {
            items.reduce(0) { total, item in
                switch item {
                case .image(let image, _, _): total + image.stride * image.height
                case .group(let group): total + imageBytes(group.items)
                default: total
                }
            }
        }
    }

    public struct Statistics: Sendable, Equatable {
        public var hits = 0
        public var misses = 0
        public var evictions = 0
        public var bytes = 0
        public var entries = 0

        public var hitRate: Double { hits + misses == 0 ? 0 : Double(hits) / Double(hits + misses) }
    }

    private struct State {
        var entries: LRUCache<Key, ImageBuffer>
        var doorkeeper = Doorkeeper()
        var hits = 0
        var misses = 0
    }

    /// The process-wide cache used unless a render names another.
    public static let shared = RasterCache(byteBudget: 64 << 20)

    public let byteBudget: Int
    private let state: Locked<State>

    public init(byteBudget: Int) {
        self.byteBudget = byteBudget
        state = Locked(State(entries: LRUCache(byteBudget: byteBudget)))
    }

    /// The cached bitmap for `key`, counting a hit or a miss.
    public func image(for key: Key) -> ImageBuffer? {
        state.withLock { state in
            guard let image = state.entries.value(for: key) else {
                state.misses += 1
                return nil
            }
            state.hits += 1
            return image
        }
    }

    /// Offers a bitmap: it is stored from the second offer of its key on, evicting the least
    /// recently used past the budget. An entry costing more than the whole budget is not stored.
    public func insert(_ image: ImageBuffer, for key: Key) {
        let cost = image.stride * image.height + key.imageBytes
        guard cost <= byteBudget else { return }
        state.withLock { state in
            guard state.doorkeeper.admits(hash: key.hashValue) else { return }
            state.entries.insert(image, for: key, cost: cost)
        }
    }

    public var statistics: Statistics {
        state.withLock { state in
            Statistics(
                hits: state.hits, misses: state.misses, evictions: state.entries.evictions, bytes: state.entries.bytes,
                entries: state.entries.count)
        }
    }

    public func removeAll() {
        state.withLock { $0 = State(entries: LRUCache(byteBudget: byteBudget)) }
    }
}
