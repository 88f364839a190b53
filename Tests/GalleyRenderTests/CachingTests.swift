import GalleyRender
import GalleyTestSupport
import Testing

/// The cache building blocks the layers above share: the LRU byte-budget cache and the
/// second-miss admission filter.
@Suite("Caching")
struct CachingTests {
    @Test func doorkeeperAdmitsOnTheSecondOffer() {
        var doorkeeper = Doorkeeper()
        // Another hash in 42's slot (the slot ignores bit 40) takes it: 42 must be offered twice again.
        let rival = 42 ^ (1 << 40)
        let offers = [42, 42, 7, rival, 42, 42].map { doorkeeper.admits(hash: $0) }
        #expect(offers == [false, true, false, false, false, true])
    }

    @Test func evictsTheLeastRecentlyUsedPastTheBudget() {
        var cache = LRUCache<String, Int>(byteBudget: 100)
        cache.insert(1, for: "a", cost: 40)
        cache.insert(2, for: "b", cost: 40)
        #expect(cache.value(for: "a") == 1)  // a is now the most recent; b the least
        cache.insert(3, for: "c", cost: 40)
        #expect(cache.value(for: "b") == nil)
        #expect(cache.value(for: "a") == 1 && cache.value(for: "c") == 3)
        #expect(cache.bytes == 80 && cache.count == 2 && cache.evictions == 1)
        // A value costing more than the budget is not stored, and replaces nothing but its key.
        cache.insert(4, for: "huge", cost: 101)
        #expect(cache.value(for: "huge") == nil && cache.count == 2)
        cache.insert(5, for: "a", cost: 10)
        #expect(cache.value(for: "a") == 5 && cache.bytes == 50)
        cache.remove("c")
        #expect(cache.count == 1 && cache.bytes == 10)
        cache.removeAll()
        #expect(cache.count == 0 && cache.bytes == 0 && cache.value(for: "a") == nil)
    }

    @Test func staysWithinItsBudgetOverManyInserts() {
        var cache = LRUCache<Int, Int>(byteBudget: 1_000)
        var generator = SplitMix64(state: 7)
        var expectedOrder: [Int] = []  // least recently used first, as a model
        var costs: [Int: Int] = [:]
        for _ in 0..<5_000 {
            let key = Int(generator.next() % 64)
            if generator.next() % 3 == 0 {
                if cache.value(for: key) != nil {
                    expectedOrder.removeAll { $0 == key }
                    expectedOrder.append(key)
                }
                continue
            }
            let cost = Int(generator.next() % 120)
            cache.insert(key, for: key, cost: cost)
            expectedOrder.removeAll { $0 == key }
            costs[key] = cost
            expectedOrder.append(key)
            while expectedOrder.reduce(0, { $0 + (costs[$1] ?? 0) }) > 1_000 { expectedOrder.removeFirst() }
            #expect(cache.bytes <= 1_000)
        }
        #expect(cache.count == expectedOrder.count)
        #expect(cache.bytes == expectedOrder.reduce(0) { $0 + (costs[$1] ?? 0) })
        for key in expectedOrder { #expect(cache.value(for: key) == key) }
    }
}
