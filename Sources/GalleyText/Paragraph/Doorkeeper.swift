/// The paragraph cache's admission filter: an entry goes in only the second time it is missed
/// (TinyLFU's "doorkeeper"). A batch's text is of two kinds — what every record repeats (labels, column
/// titles, the footer), and what one record alone has (descriptions, amounts). Caching the
/// second kind costs an insert, keeps its memory alive until its shard is emptied, and makes
/// that emptying free hundreds of cold layouts at once (4% of a W1 PDF in perf); the filter
/// keeps it out while the repeated text is cached from its second record on. (The shaping
/// cache keeps a run's glyphs in probation instead, as a cell measured at two widths shapes the
/// same run twice in one document.)
///
/// It remembers one fingerprint per slot (1,024 slots, direct-mapped); a collision only makes
/// an entry wait one more miss, never returns a wrong entry.
struct Doorkeeper {
    private var seen = [UInt64](repeating: 0, count: 1024)

    /// Whether to admit the entry with this hash: true when it was offered before (and its
    /// slot has not been taken since).
    mutating func admits(hash: Int) -> Bool {
        let fingerprint = UInt64(bitPattern: Int64(hash)) | 1  // 0 marks an empty slot
        // Shards are chosen by the hash's low bits; the slot uses others.
        let slot = Int(truncatingIfNeeded: (fingerprint >> 8) & 1023)
        if seen[slot] == fingerprint { return true }
        seen[slot] = fingerprint
        return false
    }
}
