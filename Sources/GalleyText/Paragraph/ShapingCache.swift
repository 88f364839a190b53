import GalleyLayout
import GalleyRender

/// A glyph as HarfBuzz returns it, in font units (the font's scale is its upem), with its
/// cluster as a UTF-16 offset relative to the start of the shaped text.
struct RawGlyph: Hashable, Sendable {
    var id: UInt32
    var cluster: Int32
    var advance: Int32
    var xOffset: Int32
    var yOffset: Int32
    /// HarfBuzz's `HB_GLYPH_FLAG_UNSAFE_TO_BREAK`: a line break before this glyph's cluster
    /// changes the glyphs around it (kerning across the break, Arabic joining), so a line cut
    /// there is shaped again (`Position`).
    var unsafeToBreak = false
}

/// What a shaping result depends on. The font size is not part of it: shaping happens at
/// scale = upem and is scaled afterwards. The hash is computed once (the text as raw bytes):
/// the shard choice, the lookup and the insert on a miss all reuse it.
struct ShapeKey: Hashable, Sendable {
    let font: FontResource
    let features: [String]
    /// The item's code units with up to `ShapingSession.contextLength` units of the paragraph on
    /// each side, which HarfBuzz reads as context (Arabic joining, Indic reordering) but does not shape.
    let text: [UInt16]
    /// The item within `text` (all of it when there is no context).
    let item: Range<Int>
    let rtl: Bool
    let script: String
    let language: String
    let hash: Int

    init(
        font: FontResource, features: [String], text: [UInt16], item: Range<Int>? = nil, rtl: Bool, script: String,
        language: String
    ) {
        self.font = font
        self.features = features
        self.text = text
        self.item = item ?? 0..<text.count
        self.rtl = rtl
        self.script = script
        self.language = language
        var hasher = Hasher()
        hasher.combine(font)
        hasher.combine(features)
        text.withUnsafeBytes { hasher.combine(bytes: $0) }
        hasher.combine(text.count)
        hasher.combine(self.item.lowerBound)
        hasher.combine(self.item.upperBound)
        hasher.combine(rtl)
        hasher.combine(script)
        hasher.combine(language)
        hash = hasher.finalize()
    }

    /// The same key with its text in `storage` (equal code units, so the hash stands).
    private init(_ key: ShapeKey, text storage: [UInt16]) {
        font = key.font
        features = key.features
        text = storage
        item = key.item
        rtl = key.rtl
        script = key.script
        language = key.language
        hash = key.hash
    }

    /// The key with its text copied into `storage` (emptied first, its capacity kept): a key
    /// kept in the cache owns its code units instead of sharing the caller's buffer, which the
    /// caller then reuses for its next paragraph.
    func copyingText(into storage: inout [UInt16]) -> ShapeKey {
        storage.removeAll(keepingCapacity: true)
        storage.append(contentsOf: text)
        return ShapeKey(self, text: storage)
    }

    static func == (a: ShapeKey, b: ShapeKey) -> Bool {
        a.hash == b.hash && a.text == b.text && a.item == b.item && a.rtl == b.rtl && a.font == b.font
            && a.script == b.script
            && a.language == b.language && a.features == b.features
    }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }
}

/// A process-wide cache of shaped runs, split into shards so concurrent layouts rarely meet on
/// one lock; a lock is held only for a dictionary lookup or insert, never while shaping.
enum ShapingCache {
    private final class Shard: Sendable {
        struct State {
            var entries: [ShapeKey: [RawGlyph]] = [:]
            /// The entries' approximate heap size (`cost(text:glyphs:)`).
            var bytes = 0
            /// Runs shaped once, by slot (`probationSlot`): a second lookup moves one into
            /// `entries`; a newer run in its slot pushes it out.
            var probation = [(key: ShapeKey, glyphs: [RawGlyph])?](repeating: nil, count: probationSlots)
            var hits = 0
            var misses = 0
        }
        let state = Locked(State())
    }

    private static let shardCount = 16
    /// Per shard, in approximate heap bytes; a full shard is emptied (cheap). A budget in bytes
    /// rather than entries keeps the cache's memory bounded whatever the runs' lengths: 16 shards
    /// of 256 KB hold the working set of a batch of documents, while a long paged document (whose
    /// measured runs are looked up again when their page is drawn) cycles through it instead of
    /// keeping every run it shaped — a 10,000-row table's were 18 MB, and drawing it with cache
    /// misses took about 4% longer.
    private static let shardBudget = 256 * 1024
    private static let shards: [Shard] = (0..<shardCount).map { _ in Shard() }

    /// An entry's approximate heap bytes: its glyphs and text, and a fixed part for the dictionary
    /// slot and the two array headers.
    static func cost(text: Int, glyphs: Int) -> Int {
        160 + 2 * text + MemoryLayout<RawGlyph>.stride * glyphs
    }

    /// Probation slots per shard (1,024 in all): enough for the runs of a document or two, so a
    /// cell measured at two widths, or a page measured and then drawn, finds its run again.
    private static let probationSlots = 64

    private static func probationSlot(_ hash: Int) -> Int {
        // The shard is chosen by the hash's low bits; the slot uses others.
        Int(truncatingIfNeeded: (UInt(bitPattern: hash) >> 8) % UInt(probationSlots))
    }

    /// The glyphs for `key`, shaped on a miss: `shape` appends the key's glyphs to the empty
    /// array it is handed (the storage of the probation entry the miss replaces, or a new array).
    /// The key is handed to it too, so the closure captures nothing it would copy.
    ///
    /// A run shaped for the first time waits in a small probation area and enters the cache
    /// proper when it is looked up again (segmented-LRU style), or at once when
    /// `admittingAtOnce` (a paged body's measurement, drawn pages later). A batch's text is of
    /// two kinds — what every record repeats (labels, column titles, common words and amounts),
    /// and what one record alone has: keeping the second kind out spares the cache its inserts
    /// and its periodic emptying, which freed thousands of cold arrays at once (W1 PDF 4% faster).
    ///
    /// A miss that will wait in probation takes the slot's previous entry out at once and reuses
    /// its two arrays for the new one (a batch's one-record runs replace each other there, and
    /// made two arrays each); the key kept owns its code units, so the caller's stay its own.
    static func glyphs(
        for key: ShapeKey, admittingAtOnce: Bool = false, shape: (_ key: ShapeKey, _ glyphs: inout [RawGlyph]) -> Void
    ) -> [RawGlyph] {
        if key.text.count > largeRunLength { return largeRun(for: key, shape: shape) }
        let shard = shards[Int(UInt(bitPattern: key.hash) % UInt(shardCount))]
        let slot = probationSlot(key.hash)
        // The replaced entry's arrays, held nowhere else once it leaves the slot (the thread that
        // shaped it kept no reference), so they are emptied and refilled without allocating.
        var text: [UInt16] = []
        var glyphs: [RawGlyph] = []
        if let found = shard.state.withLock({ state -> [RawGlyph]? in
            if let found = state.entries[key] {
                state.hits += 1
                return found
            }
            if let waiting = state.probation[slot], waiting.key == key {
                state.probation[slot] = nil
                state.hits += 1
                // (The waiting key, which owns its code units, not the caller's.)
                insert(waiting.key, waiting.glyphs, into: &state)
                return waiting.glyphs
            }
            state.misses += 1
            if !admittingAtOnce, let replaced = state.probation[slot] {
                state.probation[slot] = nil
                // Only arrays not much larger than this run needs: a slot's arrays would otherwise
                // keep the room of the longest run that ever passed through it.
                let room = reusableCapacity(forCodeUnits: key.text.count)
                if replaced.key.text.capacity <= room { text = replaced.key.text }
                if replaced.glyphs.capacity <= room { glyphs = replaced.glyphs }
            }
            return nil
        }) {
            return found
        }
        glyphs.removeAll(keepingCapacity: true)
        shape(key, &glyphs)
        // An entry that alone outweighs its shard would empty it and still leave it over budget.
        guard cost(text: key.text.count, glyphs: glyphs.count) <= shardBudget else { return glyphs }
        let kept = key.copyingText(into: &text)
        shard.state.withLock { state in
            guard state.entries[key] == nil else { return }
            if admittingAtOnce {
                insert(kept, glyphs, into: &state)
            } else {
                state.probation[slot] = (kept, glyphs)
            }
        }
        return glyphs
    }

    /// The most room a reused probation array may have for a run of `count` code units (about
    /// as many glyphs): twice that and a little, so what a slot keeps stays near what `cost` counts.
    private static func reusableCapacity(forCodeUnits count: Int) -> Int { 2 * count + 32 }

    /// Runs longer than this (their entry would outweigh a shard) are kept in `large` instead.
    private static let largeRunLength = shardBudget / 24
    /// The most bytes the large-run slot holds: a run of about three million characters.
    private static let largeRunBudget = 64 << 20

    private struct LargeRun {
        var entry: (key: ShapeKey, glyphs: [RawGlyph])?
        var hits = 0
        var misses = 0
    }

    /// The latest long run (one paragraph of tens of thousands of characters or more): a paged
    /// document measures it and then typesets it again for every page it is drawn on, so it is
    /// worth one slot, but not a place in a shard — which it would empty, and a batch of such
    /// paragraphs would keep gigabytes in them.
    private static let large = Locked(LargeRun())

    private static func largeRun(for key: ShapeKey, shape: (_ key: ShapeKey, _ glyphs: inout [RawGlyph]) -> Void)
        -> [RawGlyph]
    {
        if let found = large.withLock({ slot -> [RawGlyph]? in
            guard let entry = slot.entry, entry.key == key else {
                slot.misses += 1
                return nil
            }
            slot.hits += 1
            return entry.glyphs
        }) {
            return found
        }
        var glyphs: [RawGlyph] = []
        shape(key, &glyphs)
        // A run cut short by its render's cancellation (`LongRunShaping`) must not be found again.
        guard !LayoutCancellation.shouldStop, cost(text: key.text.count, glyphs: glyphs.count) <= largeRunBudget
        else { return glyphs }
        large.withLock { $0.entry = (key, glyphs) }
        return glyphs
    }

    private static func insert(_ key: ShapeKey, _ glyphs: [RawGlyph], into state: inout Shard.State) {
        let cost = cost(text: key.text.count, glyphs: glyphs.count)
        if state.bytes + cost > shardBudget {
            state.entries.removeAll()
            state.bytes = 0
        }
        state.entries[key] = glyphs
        state.bytes += cost
    }

    /// Empties every shard, and zeroes the counters when asked.
    static func removeAll(resettingStatistics: Bool) {
        for shard in shards {
            shard.state.withLock { state in
                state.entries.removeAll()
                state.probation = [(key: ShapeKey, glyphs: [RawGlyph])?](repeating: nil, count: probationSlots)
                state.bytes = 0
                if resettingStatistics {
                    state.hits = 0
                    state.misses = 0
                }
            }
        }
        large.withLock { slot in
            slot.entry = nil
            if resettingStatistics {
                slot.hits = 0
                slot.misses = 0
            }
        }
    }

    /// The entries' approximate heap bytes, all shards together (the large-run slot apart).
    static var bytes: Int { shards.reduce(0) { total, shard in total + shard.state.withLock(\.bytes) } }

    /// The most `bytes` can reach.
    static var budget: Int { shardCount * shardBudget }

    static var statistics: (hits: Int, misses: Int) {
        let sharded = shards.reduce((hits: 0, misses: 0)) { total, shard in
            shard.state.withLock { (total.hits + $0.hits, total.misses + $0.misses) }
        }
        return large.withLock { (sharded.hits + $0.hits, sharded.misses + $0.misses) }
    }
}
