import Glibc

/// A blocking first-in first-out queue with a fixed capacity: the reader waits while it is full,
/// workers wait while it is empty, so a batch holds at most `capacity` records at once.
///
/// Waking a thread costs a context switch on a core that is rendering, so the queue wakes only
/// whom it must: one waiting consumer per element pushed (two conditions, not one broadcast
/// that woke every worker and the reader alike); producers once the queue has drained to half
/// its capacity, so a reader refills it in a burst instead of once per record; and a consumer
/// gathering a group (`popAll`) once its group is there, not at every push.
package final class BoundedQueue<Element: Sendable>: @unchecked Sendable {
    // @unchecked: every stored var is read and written only with `mutex` locked; the mutex and
    // the conditions are allocated once, never moved, and destroyed in deinit when no thread
    // can be waiting on them any more.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    /// Consumers wait on it for elements.
    private let notEmpty = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Producers wait on it for room.
    private let notFull = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var items: [Element] = []
    private var head = 0
    private var closed = false
    /// Consumers waiting for any element.
    private var waitingForOne = 0
    /// The group size a gathering consumer waits for (0: none waits).
    private var gatheringFor = 0
    private var waitingProducers = 0
    package let capacity: Int

    package init(capacity: Int) {
        self.capacity = max(1, capacity)
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        // Timed waits measure a duration: a clock that jumps would cut or stretch it.
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(notEmpty, &attributes)
        pthread_cond_init(notFull, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(notEmpty)
        pthread_cond_destroy(notFull)
        pthread_mutex_destroy(mutex)
        notEmpty.deallocate()
        notFull.deallocate()
        mutex.deallocate()
    }

    private func withLock<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }

    private var queued: Int { items.count - head }

    /// Adds an element, waiting for room; returns false (dropping it) once the queue is closed.
    package func push(_ element: Element) -> Bool {
        withLock {
            while !closed && queued >= capacity {
                waitingProducers += 1
                pthread_cond_wait(notFull, mutex)
                waitingProducers -= 1
            }
            guard !closed else { return false }
            append(element)
            return true
        }
    }

    /// Adds an element only if there is room now; false when the queue is full or closed (a
    /// server answers 503 instead of waiting).
    package func tryPush(_ element: Element) -> Bool {
        withLock {
            guard !closed, queued < capacity else { return false }
            append(element)
            return true
        }
    }

    /// Appends and wakes the consumer this element is for, if one waits for it.
    private func append(_ element: Element) {
        items.append(element)
        if waitingForOne > 0 {
            pthread_cond_signal(notEmpty)
        } else if gatheringFor > 0 && queued >= gatheringFor {
            pthread_cond_broadcast(notEmpty)
        }
    }

    /// How many elements wait.
    package var count: Int { withLock { queued } }

    /// How many producers wait for room.
    var producersWaiting: Int { withLock { waitingProducers } }

    /// The next element, waiting for one; nil once the queue is closed and empty.
    package func pop() -> Element? {
        withLock {
            waitForOne()
            guard head < items.count else { return nil }
            let element = items[head]
            head += 1
            taken()
            return element
        }
    }

    /// Everything queued, up to `limit`, waiting for at least one element and then up to
    /// `gathering` seconds for more (until `limit` are there, half the capacity, or the queue
    /// closes); empty once the queue is closed and empty. (A consumer that handles elements in
    /// groups.)
    package func popAll(limit: Int, gathering: Double = 0) -> [Element] {
        withLock {
            waitForOne()
            let enough = min(limit, max(1, capacity / 2))
            if gathering > 0 && !closed && queued < enough {
                let deadline = Self.deadline(after: gathering)
                gatheringFor = enough
                while !closed && queued < enough {
                    var time = deadline
                    if pthread_cond_timedwait(notEmpty, mutex, &time) == ETIMEDOUT { break }
                }
                gatheringFor = 0
            }
            let taken = Array(items[head..<min(items.count, head + max(1, limit))])
            head += taken.count
            self.taken()
            return taken
        }
    }

    /// Waits (locked) until an element is there or the queue is closed.
    private func waitForOne() {
        while !closed && head == items.count {
            waitingForOne += 1
            pthread_cond_wait(notEmpty, mutex)
            waitingForOne -= 1
        }
    }

    /// After elements were taken: compacts the storage now and then, and wakes the producers
    /// once the queue has drained to half its capacity.
    private func taken() {
        if head > 64 && head * 2 > items.count {
            items.removeFirst(head)
            head = 0
        }
        if waitingProducers > 0 && queued <= capacity / 2 { pthread_cond_broadcast(notFull) }
    }

    private static func deadline(after seconds: Double) -> timespec {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let nanoseconds = Int(now.tv_nsec) + Int((seconds - seconds.rounded(.down)) * 1e9)
        return timespec(
            tv_sec: now.tv_sec + Int(seconds.rounded(.down)) + nanoseconds / 1_000_000_000,
            tv_nsec: nanoseconds % 1_000_000_000)
    }

    /// No more elements: consumers drain what is queued, then get nil.
    package func close() {
        withLock {
            closed = true
            pthread_cond_broadcast(notEmpty)
            pthread_cond_broadcast(notFull)
        }
    }

    /// Closes and drops everything still queued (used when stopping early); returns how many
    /// elements were dropped.
    @discardableResult
    package func cancel() -> Int {
        withLock {
            let dropped = queued
            closed = true
            items.removeAll()
            head = 0
            pthread_cond_broadcast(notEmpty)
            pthread_cond_broadcast(notFull)
            return dropped
        }
    }
}
