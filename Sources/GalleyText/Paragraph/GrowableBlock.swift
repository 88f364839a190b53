/// A growable block of trivial values that is not reference counted, freed by its owner with
/// ``deallocate()`` (or handed on): `HyphenationPatterns` adds 280,000 states and 900,000 pattern
/// bytes for German, and Swift arrays' uniqueness and bounds checks on every append cost more
/// than the trie itself.
struct GrowableBlock<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    subscript(index: Int) -> Element {
        get { base[index] }
        nonmutating set { base[index] = newValue }
    }

    mutating func append(_ element: Element) {
        if count == capacity { grow(to: count + 1) }
        base[count] = element
        count += 1
    }

    mutating func append(_ elements: UnsafeBufferPointer<Element>) {
        guard let source = elements.baseAddress, !elements.isEmpty else { return }
        if count + elements.count > capacity { grow(to: count + elements.count) }
        (base + count).update(from: source, count: elements.count)
        count += elements.count
    }

    private mutating func grow(to needed: Int) {
        capacity = max(needed, capacity * 2)
        let grown = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
        grown.update(from: base, count: count)
        base.deallocate()
        base = grown
    }

    /// Room for `extra` more elements, so that they can be written through `base` and counted with `extend`.
    mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    mutating func extend(by added: Int) { count += added }

    func deallocate() { base.deallocate() }
}
