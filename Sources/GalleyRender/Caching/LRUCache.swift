/// Values kept under a byte budget, the least recently used evicted first; every operation is
/// O(1) (a dictionary into slots linked from most to least recently used).
///
/// A plain value with no lock: a cache shared by threads keeps it in a `Locked`. Each value is
/// charged the cost its inserter names; one costing more than the whole budget is not stored.
///
/// ```swift
/// var cache = LRUCache<String, ImageBuffer>(byteBudget: 64 << 20)
/// cache.insert(logo, for: "logo.png", cost: logo.byteCount)
/// let again = cache.value(for: "logo.png")  // now the most recently used
/// ```
public struct LRUCache<Key: Hashable, Value> {
    private struct Slot {
        var key: Key
        var value: Value
        var cost: Int
        /// Neighbours towards the most and the least recently used end (-1: none).
        var newer: Int
        var older: Int
    }

    /// The most the values may cost together.
    public let byteBudget: Int
    /// What the stored values cost together (at most `byteBudget`).
    public private(set) var bytes = 0
    /// How many values were evicted to make room, since the cache was made.
    public private(set) var evictions = 0

    private var slots: [Slot?] = []
    private var indices: [Key: Int] = [:]
    private var freeSlots: [Int] = []
    private var newest = -1
    private var oldest = -1

    /// An empty cache holding at most `byteBudget` bytes of values.
    public init(byteBudget: Int) {
        self.byteBudget = max(0, byteBudget)
    }

    /// How many values are stored.
    public var count: Int { indices.count }

    /// The value for `key`, which becomes the most recently used; nil when not stored.
    public mutating func value(for key: Key) -> Value? {
        guard let index = indices[key], let slot = slots[index] else { return nil }
        unlink(index)
        linkAsNewest(index)
        return slot.value
    }

    /// Stores `value` as the most recently used, replacing any value for `key`, then evicts the
    /// least recently used values until the cache is within its budget. A value costing more
    /// than the budget is not stored (and any old value for `key` is removed).
    public mutating func insert(_ value: Value, for key: Key, cost: Int) {
        remove(key)
        guard cost <= byteBudget else { return }
        let slot = Slot(key: key, value: value, cost: max(0, cost), newer: -1, older: -1)
        let index: Int
        if let free = freeSlots.popLast() {
            index = free
            slots[index] = slot
        } else {
            index = slots.count
            slots.append(slot)
        }
        indices[key] = index
        bytes += slot.cost
        linkAsNewest(index)
        while bytes > byteBudget, oldest >= 0, let victim = slots[oldest] {
            remove(victim.key)
            evictions += 1
        }
    }

    /// Removes the value for `key`, if stored.
    public mutating func remove(_ key: Key) {
        guard let index = indices.removeValue(forKey: key), let slot = slots[index] else { return }
        unlink(index)
        bytes -= slot.cost
        slots[index] = nil
        freeSlots.append(index)
    }

    /// Removes every value (the eviction count stays).
    public mutating func removeAll() {
        slots = []
        indices = [:]
        freeSlots = []
        newest = -1
        oldest = -1
        bytes = 0
    }

    private mutating func unlink(_ index: Int) {
        guard let slot = slots[index] else { return }
        if slot.newer >= 0 { slots[slot.newer]?.older = slot.older } else { newest = slot.older }
        if slot.older >= 0 { slots[slot.older]?.newer = slot.newer } else { oldest = slot.newer }
        slots[index]?.newer = -1
        slots[index]?.older = -1
    }

    private mutating func linkAsNewest(_ index: Int) {
        slots[index]?.older = newest
        slots[index]?.newer = -1
        if newest >= 0 { slots[newest]?.newer = index }
        newest = index
        if oldest < 0 { oldest = index }
    }
}
