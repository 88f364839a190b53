import Foundation

/// A blocking first-in first-out queue with a fixed capacity: the reader waits while it is full,
/// workers wait while it is empty, so a batch holds at most `capacity` records at once.
package final class BoundedQueue<Element: Sendable>: @unchecked Sendable {
    // @unchecked: every stored property is guarded by `condition`.
    private let condition = NSCondition()
    private var items: [Element] = []
    private var head = 0
    private var closed = false
    package let capacity: Int

    package init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Adds an element, waiting for room; returns false (dropping it) once the queue is closed.
    package func push(_ element: Element) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !closed && items.count - head >= capacity { condition.wait() }
        guard !closed else { return false }
        items.append(element)
        condition.broadcast()
        return true
    }

    /// Adds an element only if there is room now; false when the queue is full or closed (a
    /// server answers 503 instead of waiting).
    package func tryPush(_ element: Element) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !closed, items.count - head < capacity else { return false }
        items.append(element)
        condition.broadcast()
        return true
    }

    /// How many elements wait.
    package var count: Int {
        condition.lock()
        defer { condition.unlock() }
        return items.count - head
    }

    /// The next element, waiting for one; nil once the queue is closed and empty.
    package func pop() -> Element? {
        condition.lock()
        defer { condition.unlock() }
        while !closed && head == items.count { condition.wait() }
        guard head < items.count else { return nil }
        let element = items[head]
        head += 1
        if head > 64 && head * 2 > items.count {
            items.removeFirst(head)
            head = 0
        }
        condition.broadcast()
        return element
    }

    /// Everything queued, up to `limit`, waiting for at least one element and then up to
    /// `gathering` seconds for more (until `limit` are there, half the capacity, or the queue
    /// closes); empty once the queue is closed and empty. (A consumer that handles elements in
    /// groups.)
    package func popAll(limit: Int, gathering: Double = 0) -> [Element] {
        condition.lock()
        defer { condition.unlock() }
        while !closed && head == items.count { condition.wait() }
        let enough = min(limit, max(1, capacity / 2))
        let deadline = Date(timeIntervalSinceNow: gathering)
        while !closed && items.count - head < enough && condition.wait(until: deadline) {}
        let taken = Array(items[head..<min(items.count, head + max(1, limit))])
        head += taken.count
        if head > 64 && head * 2 > items.count {
            items.removeFirst(head)
            head = 0
        }
        condition.broadcast()
        return taken
    }

    /// No more elements: consumers drain what is queued, then get nil.
    package func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// Closes and drops everything still queued (used when stopping early); returns how many
    /// elements were dropped.
    @discardableResult
    package func cancel() -> Int {
        condition.lock()
        defer { condition.unlock() }
        let dropped = items.count - head
        closed = true
        items.removeAll()
        head = 0
        condition.broadcast()
        return dropped
    }
}
