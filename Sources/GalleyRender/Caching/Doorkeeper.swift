/// A cache's admission filter: an entry goes in only the second time it is missed (TinyLFU's
/// "doorkeeper").
///
/// A batch's content is of two kinds — what every record repeats (labels, column titles, the
/// footer, a logo), and what one record alone has (descriptions, amounts, a customer's photo).
/// Caching the second kind costs an insert and keeps memory alive for nothing — for text, the
/// emptying of full shards freed hundreds of cold layouts at once (4% of a W1 PDF in perf); for
/// photos, each a few tens of MB, the cache would hold its whole budget of dead pixels. The
/// filter keeps them out while the repeated content is cached from its second record on. Used
/// by the paragraph cache (GalleyText) and the decoded-image cache (GalleyTemplates' loader).
///
/// It remembers one fingerprint per slot (1,024 slots, direct-mapped); a collision only makes
/// an entry wait one more miss, never returns a wrong entry.
public struct Doorkeeper: Sendable {
    private var seen = [UInt64](repeating: 0, count: 1024)

    /// An empty filter: every entry waits for its second miss.
    public init() {}

    /// Whether to admit the entry with this hash: true when it was offered before (and its
    /// slot has not been taken since).
    public mutating func admits(hash: Int) -> Bool {
        let fingerprint = UInt64(bitPattern: Int64(hash)) | 1  // 0 marks an empty slot
        // Sharded caches choose shards by the hash's low bits; the slot uses others.
        let slot = Int(truncatingIfNeeded: (fingerprint >> 8) & 1023)
        if seen[slot] == fingerprint { return true }
        seen[slot] = fingerprint
        return false
    }
}
