import GalleyLayout
import GalleyRender

/// Bitmaps of rasterized subtrees, reused when an equal subtree is drawn again — the same
/// letterhead on every invoice of a batch is drawn once.
///
/// Keys are the subtree's recorded display items (its draw parameters, in effect), its size
/// and the scale; equal keys draw equal pixels. The cache is bounded by a byte budget and
/// evicts the least recently used bitmap first. Safe to share between threads.
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
    }

    public struct Statistics: Sendable, Equatable {
        public var hits = 0
        public var misses = 0
        public var evictions = 0
        public var bytes = 0
        public var entries = 0

        public var hitRate: Double { hits + misses == 0 ? 0 : Double(hits) / Double(hits + misses) }
    }

    private struct Entry {
        let image: ImageBuffer
        var lastUse: UInt64
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var clock: UInt64 = 0
        var statistics = Statistics()
    }

    /// The process-wide cache used unless a render names another.
    public static let shared = RasterCache(byteBudget: 64 << 20)

    public let byteBudget: Int
    private let state = Locked(State())

    public init(byteBudget: Int) {
        self.byteBudget = byteBudget
    }

    /// The cached bitmap for `key`, counting a hit or a miss.
    public func image(for key: Key) -> ImageBuffer? {
        state.withLock { state in
            state.clock += 1
            guard var entry = state.entries[key] else {
                state.statistics.misses += 1
                return nil
            }
            entry.lastUse = state.clock
            state.entries[key] = entry
            state.statistics.hits += 1
            return entry.image
        }
    }

    /// Stores a bitmap, evicting least recently used ones past the budget. A bitmap larger
    /// than the whole budget is not stored.
    public func insert(_ image: ImageBuffer, for key: Key) {
        let cost = image.stride * image.height
        guard cost <= byteBudget else { return }
        state.withLock { state in
            state.clock += 1
            if let old = state.entries.updateValue(Entry(image: image, lastUse: state.clock), forKey: key) {
                state.statistics.bytes -= old.image.stride * old.image.height
            }
            state.statistics.bytes += cost
            while state.statistics.bytes > byteBudget,
                let victim = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse })
            {
                state.entries.removeValue(forKey: victim.key)
                state.statistics.bytes -= victim.value.image.stride * victim.value.image.height
                state.statistics.evictions += 1
            }
            state.statistics.entries = state.entries.count
        }
    }

    public var statistics: Statistics { state.withLock { $0.statistics } }

    public func removeAll() {
        state.withLock { $0 = State() }
    }
}
