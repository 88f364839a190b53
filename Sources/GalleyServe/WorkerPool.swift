import Foundation
import GalleyBatch

/// A fixed number of render threads fed by a bounded queue: what keeps a server's memory and
/// CPU bounded whatever the number of connections. A request that finds the queue full is
/// refused (503) rather than queued without end.
final class WorkerPool: Sendable {
    typealias Job = @Sendable () -> Void
    private let queue: BoundedQueue<Job>
    private let threads = DispatchGroup()
    /// The number of render threads.
    let workers: Int

    /// Starts `workers` threads (8 MB stacks, as a batch's) over a queue of `capacity` jobs.
    init(workers: Int, capacity: Int) {
        self.workers = max(1, workers)
        queue = BoundedQueue(capacity: capacity)
        for number in 0..<self.workers {
            threads.enter()
            let queue = self.queue
            let group = threads
            let thread = Thread {
                while let job = queue.pop() { job() }
                group.leave()
            }
            thread.name = "galley-serve-\(number)"
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    /// Queues `job` if there is room now; false when the queue is full or closed.
    func trySubmit(_ job: @escaping Job) -> Bool { queue.tryPush(job) }

    /// Queues `job`, waiting for room (a batch's records); false once closed.
    func submit(_ job: @escaping Job) -> Bool { queue.push(job) }

    /// Jobs waiting for a thread.
    var queued: Int { queue.count }

    /// The queue's capacity.
    var capacity: Int { queue.capacity }

    /// Lets the queued jobs finish, then ends the threads.
    func finish() {
        queue.close()
        threads.wait()
    }
}

/// A value one thread produces and another waits for.
final class Completion<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `value` is read and written only while `condition` is locked.
    private let condition = NSCondition()
    private var value: Value?

    /// Hands the value over (the first call wins).
    func complete(_ result: Value) {
        condition.lock()
        if value == nil { value = result }
        condition.broadcast()
        condition.unlock()
    }

    /// Waits for the value.
    func wait() -> Value {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let value { return value }
            condition.wait()
        }
    }
}
