import GalleyRender

/// A glyph as HarfBuzz returns it, in font units (the font's scale is its upem), with its
/// cluster as a UTF-16 offset relative to the start of the shaped text.
struct RawGlyph: Hashable, Sendable {
    var id: UInt32
    var cluster: Int32
    var advance: Int32
    var xOffset: Int32
    var yOffset: Int32
}

/// What a shaping result depends on. The font size is not part of it: shaping happens at
/// scale = upem and is scaled afterwards. The hash is computed once (the text as raw bytes):
/// the shard choice, the lookup and the insert on a miss all reuse it.
struct ShapeKey: Hashable, Sendable {
    let font: FontResource
    let features: [String]
    let text: [UInt16]
    let rtl: Bool
    let script: String
    let language: String
    let hash: Int

    init(font: FontResource, features: [String], text: [UInt16], rtl: Bool, script: String, language: String) {
        self.font = font
        self.features = features
        self.text = text
        self.rtl = rtl
        self.script = script
        self.language = language
        var hasher = Hasher()
        hasher.combine(font)
        hasher.combine(features)
        text.withUnsafeBytes { hasher.combine(bytes: $0) }
        hasher.combine(text.count)
        hasher.combine(rtl)
        hasher.combine(script)
        hasher.combine(language)
        hash = hasher.finalize()
    }

    static func == (a: ShapeKey, b: ShapeKey) -> Bool {
        a.hash == b.hash && a.text == b.text && a.rtl == b.rtl && a.font == b.font && a.script == b.script
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
            var doorkeeper = Doorkeeper()
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

    /// The glyphs for `key`, shaped on a miss. A run is inserted on its second miss
    /// (`Doorkeeper`), or on its first when `admittingAtOnce`: a run shaped to measure a
    /// paragraph whose layout is dropped (a paged body) is shaped again when its page is drawn.
    static func glyphs(for key: ShapeKey, admittingAtOnce: Bool = false, shape: () -> [RawGlyph]) -> [RawGlyph] {
        let shard = shards[Int(UInt(bitPattern: key.hash) % UInt(shardCount))]
        if let found = shard.state.withLock({ state -> [RawGlyph]? in
            let found = state.entries[key]
            if found != nil { state.hits += 1 } else { state.misses += 1 }
            return found
        }) {
            return found
        }
        let glyphs = shape()
        let cost = cost(text: key.text.count, glyphs: glyphs.count)
        shard.state.withLock { state in
            guard state.entries[key] == nil, state.doorkeeper.admits(hash: key.hash) || admittingAtOnce else { return }
            if state.bytes + cost > shardBudget {
                state.entries.removeAll()
                state.bytes = 0
            }
            state.entries[key] = glyphs
            state.bytes += cost
        }
        return glyphs
    }

    /// Empties every shard, and zeroes the counters when asked.
    static func removeAll(resettingStatistics: Bool) {
        for shard in shards {
            shard.state.withLock { state in
                state.entries.removeAll()
                state.bytes = 0
                if resettingStatistics {
                    state.hits = 0
                    state.misses = 0
                }
            }
        }
    }

    /// The entries' approximate heap bytes, all shards together.
    static var bytes: Int { shards.reduce(0) { total, shard in total + shard.state.withLock(\.bytes) } }

    /// The most `bytes` can reach.
    static var budget: Int { shardCount * shardBudget }

    static var statistics: (hits: Int, misses: Int) {
        shards.reduce((hits: 0, misses: 0)) { total, shard in
            shard.state.withLock { (total.hits + $0.hits, total.misses + $0.misses) }
        }
    }
}
