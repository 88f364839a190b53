import GalleyLayout
import GalleyRender

/// What a paragraph's layout depends on: its spans, its paragraph style, the widths it is
/// broken and aligned at, and the registry its fonts come from. The hash is computed once.
struct ParagraphKey: Hashable, Sendable {
    let spans: [TextSpan]
    let paragraph: ParagraphStyle
    /// Bit patterns, so a NaN width still equals itself.
    let width: UInt64
    let alignmentWidth: UInt64?
    /// Held strongly: an identity that could be reused by a later registry would hit entries
    /// laid out with other fonts.
    let registry: FontRegistry
    let hash: Int

    init(spans: [TextSpan], paragraph: ParagraphStyle, width: Double, alignmentWidth: Double?, registry: FontRegistry) {
        self.spans = spans
        self.paragraph = paragraph
        self.width = width.bitPattern
        self.alignmentWidth = alignmentWidth?.bitPattern
        self.registry = registry
        var hasher = Hasher()
        hasher.combine(spans)
        hasher.combine(paragraph)
        hasher.combine(self.width)
        hasher.combine(self.alignmentWidth)
        hasher.combine(ObjectIdentifier(registry))
        hash = hasher.finalize()
    }

    static func == (a: ParagraphKey, b: ParagraphKey) -> Bool {
        a.hash == b.hash && a.width == b.width && a.alignmentWidth == b.alignmentWidth && a.registry === b.registry
            && a.spans == b.spans && a.paragraph == b.paragraph
    }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }
}

/// A process-wide cache of whole paragraph layouts. A batch renders one template over many
/// records, and much of its text is the same in every record (labels, headings, column titles,
/// small numbers): a hit skips itemizing, shaping, breaking and positioning altogether.
/// Sharded like `ShapingCache`; a lock is held only for a lookup or an insert, never while
/// laying out, and a full shard is emptied so memory stays bounded over a long batch. A layout
/// is inserted on its second miss (`Doorkeeper`): text that only one record has stays out.
enum ParagraphCache {
    private final class Shard: Sendable {
        struct State {
            var entries: [ParagraphKey: ParagraphLayout] = [:]
            var doorkeeper = Doorkeeper()
            var hits = 0
            var misses = 0
        }
        let state = Locked(State())
    }

    private static let shardCount = 16
    /// 4,096 paragraphs in all (a few MB): enough for the text every record repeats.
    private static let shardCapacity = 256
    private static let shards: [Shard] = (0..<shardCount).map { _ in Shard() }

    static func layout(for key: ParagraphKey, make: () -> ParagraphLayout) -> ParagraphLayout {
        let shard = shards[Int(UInt(bitPattern: key.hash) % UInt(shardCount))]
        if let found = shard.state.withLock({ state -> ParagraphLayout? in
            let found = state.entries[key]
            if found != nil { state.hits += 1 } else { state.misses += 1 }
            return found
        }) {
            return found
        }
        let layout = make()
        // A layout cut short by its render's cancellation must not be found by another render.
        if LayoutCancellation.shouldStop { return layout }
        shard.state.withLock { state in
            guard state.doorkeeper.admits(hash: key.hash) else { return }
            if state.entries.count >= shardCapacity { state.entries.removeAll(keepingCapacity: true) }
            state.entries[key] = layout
        }
        return layout
    }

    static func removeAll(resettingStatistics: Bool) {
        for shard in shards {
            shard.state.withLock { state in
                state.entries.removeAll()
                if resettingStatistics {
                    state.hits = 0
                    state.misses = 0
                }
            }
        }
    }

    static var statistics: (hits: Int, misses: Int) {
        shards.reduce((hits: 0, misses: 0)) { total, shard in
            shard.state.withLock { (total.hits + $0.hits, total.misses + $0.misses) }
        }
    }
}
