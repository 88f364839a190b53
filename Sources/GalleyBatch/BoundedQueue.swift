import Glibc

/// A blocking first-in first-out queue with a fixed capacity: the reader waits while it is full,
/// workers wait while it is empty, so a batch holds at most `capacity` records at once — and,
/// when elements are pushed with a weight (a record's size in bytes), at most `weightCapacity`
/// of weight, or one element whatever its weight.
///
/// Waking a thread costs a context switch on a core that is rendering, so the queue wakes only
/// whom it must: one waiting consumer per element pushed (two conditions, not one broadcast
/// that woke every worker and the reader alike); producers once the queue has drained to half
/// its capacity (and the waiting element's weight fits), so a reader refills it in a burst
/// instead of once per record; and a consumer gathering a group (`popAll`) once its group is
/// there, not at every push. A thread is woken after the lock is released, so it does not wake
/// only to wait for the lock its waker still holds.
package final class BoundedQueue<Element: Sendable>: @unchecked Sendable {
    // @unchecked: every stored var is read and written only with `mutex` locked; the mutex and
    // the conditions are allocated once, never moved, and destroyed in deinit when no thread
    // can be waiting on them any more.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    /// Consumers wait on it for elements.
    private let notEmpty = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Producers wait on it for room.
    private let notFull = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// The queued elements with their weights (0 for an element pushed without one).
    private var items: [(element: Element, weight: Int)] = []
    private var head = 0
    private var closed = false
    /// Consumers waiting for any element.
    private var waitingForOne = 0
    /// The group size a gathering consumer waits for (0: none waits).
    private var gatheringFor = 0
    private var waitingProducers = 0
    /// The weight of the elements queued.
    private var queuedWeight = 0
    /// The largest weight a waiting producer waits to push (0: none waits for weight).
    private var waitingWeight = 0
    package let capacity: Int
    package let weightCapacity: Int

    /// A queue of at most `capacity` elements and, of weighed elements, at most `weightCapacity`
    /// of weight (one element is always let in).
    package init(capacity: Int, weightCapacity: Int = .max) {
        self.capacity = max(1, capacity)
        self.weightCapacity = max(1, weightCapacity)
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

    /// Whom to wake once the lock is released.
    private enum Wake {
        case none, oneConsumer, allConsumers, producers
    }

    private func withLock<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }

    /// Runs `body` locked, then wakes whom it asked for, unlocked.
    private func withLockThenWake<T>(_ body: () -> (T, Wake)) -> T {
        pthread_mutex_lock(mutex)
        let (result, wake) = body()
        pthread_mutex_unlock(mutex)
        switch wake {
        case .none: break
        case .oneConsumer: pthread_cond_signal(notEmpty)
        case .allConsumers: pthread_cond_broadcast(notEmpty)
        case .producers: pthread_cond_broadcast(notFull)
        }
        return result
    }

    /// Whether an element of `weight` may join the queue now.
    private func hasRoom(for weight: Int) -> Bool {
        queued == 0 || (queued < capacity && queuedWeight + weight <= weightCapacity)
    }

    private var queued: Int { items.count - head }

    /// Adds an element of `weight` (0 for none), waiting for room; returns false (dropping it)
    /// once the queue is closed.
    package func push(_ element: Element, weight: Int = 0) -> Bool {
        withLockThenWake {
            while !closed && !hasRoom(for: weight) {
                waitingProducers += 1
                waitingWeight = max(waitingWeight, weight)
                pthread_cond_wait(notFull, mutex)
                waitingProducers -= 1
                if waitingProducers == 0 { waitingWeight = 0 }
            }
            guard !closed else { return (false, .none) }
            return (true, append(element, weight: weight))
        }
    }

    /// Adds an element only if there is room now; false when the queue is full or closed (a
    /// server answers 503 instead of waiting).
    package func tryPush(_ element: Element) -> Bool {
        withLockThenWake {
            guard !closed, hasRoom(for: 0) else { return (false, .none) }
            return (true, append(element, weight: 0))
        }
    }

    /// Appends; returns the consumer this element is for, if one waits for it.
    private func append(_ element: Element, weight: Int) -> Wake {
        items.append((element, weight))
        queuedWeight += weight
        if waitingForOne > 0 { return .oneConsumer }
        if gatheringFor > 0 && queued >= gatheringFor { return .allConsumers }
        return .none
    }

    /// How many elements wait.
    package var count: Int { withLock { queued } }

    /// How many producers wait for room.
    var producersWaiting: Int { withLock { waitingProducers } }

    /// The next element, waiting for one; nil once the queue is closed and empty.
    package func pop() -> Element? {
        withLockThenWake {
            waitForOne()
            guard head < items.count else { return (nil, .none) }
            let element = items[head].element
            head += 1
            return (element, taken(1))
        }
    }

    /// Everything queued, up to `limit`, waiting for at least one element and then up to
    /// `gathering` seconds for more (until `limit` are there, half the capacity, or the queue
    /// closes); empty once the queue is closed and empty. (A consumer that handles elements in
    /// groups.)
    package func popAll(limit: Int, gathering: Double = 0) -> [Element] {
        withLockThenWake {
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
            let taken = items[head..<min(items.count, head + max(1, limit))].map(\.element)
            head += taken.count
            return (taken, self.taken(taken.count))
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

    /// After `count` elements were taken: drops their weight, compacts the storage now and then,
    /// and asks to wake the producers once the queue has drained to half its capacity and what
    /// they wait to push fits.
    private func taken(_ count: Int) -> Wake {
        for index in (head - count)..<head { queuedWeight -= items[index].weight }
        if head > 64 && head * 2 > items.count {
            items.removeFirst(head)
            head = 0
        }
        // An empty queue always has room, so the last take wakes a waiting producer.
        return waitingProducers > 0 && queued <= capacity / 2 && hasRoom(for: waitingWeight) ? .producers : .none
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
            queuedWeight = 0
            head = 0
            pthread_cond_broadcast(notEmpty)
            pthread_cond_broadcast(notFull)
            return dropped
        }
    }
}
