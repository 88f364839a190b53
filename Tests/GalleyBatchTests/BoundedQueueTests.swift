import Foundation
import Synchronization
import Testing

@testable import GalleyBatch

/// The queue between a batch's reader, its workers and its committer: every element comes out
/// exactly once, in order for one consumer; a full queue holds its producer until it has
/// drained to half; a gathering consumer gets its group when it is there or when its time is up;
/// closing releases everyone.
@Suite struct BoundedQueueTests {
    /// Runs `body` on a new thread; the returned group is left when it ends.
    private func thread(_ body: @escaping @Sendable () -> Void) -> DispatchGroup {
        let group = DispatchGroup()
        group.enter()
        Thread.detachNewThread {
            body()
            group.leave()
        }
        return group
    }

    @Test func manyProducersAndConsumersPassEveryElementExactlyOnce() {
        let queue = BoundedQueue<Int>(capacity: 3)
        let received = Mutex<[Int]>([])
        let consumers = (0..<4).map { _ in
            thread {
                while let value = queue.pop() { received.withLock { $0.append(value) } }
            }
        }
        let producers = (0..<4).map { producer in
            thread {
                for value in 0..<2_000 { #expect(queue.push(producer * 10_000 + value)) }
            }
        }
        for producer in producers { producer.wait() }
        queue.close()
        for consumer in consumers { consumer.wait() }
        let values = received.withLock { $0 }
        #expect(values.count == 8_000)
        #expect(Set(values) == Set((0..<4).flatMap { producer in (0..<2_000).map { producer * 10_000 + $0 } }))
    }

    @Test func oneConsumerGetsElementsInOrder() {
        let queue = BoundedQueue<Int>(capacity: 2)
        let producer = thread {
            for value in 0..<1_000 { _ = queue.push(value) }
            queue.close()
        }
        var values: [Int] = []
        while let value = queue.pop() { values.append(value) }
        producer.wait()
        #expect(values == Array(0..<1_000))
    }

    @Test func aFullQueueHoldsItsProducerUntilItHasDrainedToHalf() {
        let queue = BoundedQueue<Int>(capacity: 4)
        for value in 0..<4 { #expect(queue.push(value)) }
        let producer = thread { #expect(queue.push(4)) }
        while queue.producersWaiting == 0 { Thread.sleep(forTimeInterval: 0.001) }
        #expect(queue.pop() == 0)
        // Three are queued, more than half: the producer still waits.
        Thread.sleep(forTimeInterval: 0.05)
        #expect(queue.count == 3)
        #expect(queue.pop() == 1)
        // Two are queued: the producer is woken and pushes.
        #expect(producer.wait(timeout: .now() + 5) == .success)
        #expect(queue.count == 3)
        #expect((0..<3).map { _ in queue.pop() } == [2, 3, 4])
    }

    @Test func weighedElementsFillTheQueueToItsWeightAndAHeavyOneStillGetsIn() {
        let queue = BoundedQueue<Int>(capacity: 32, weightCapacity: 100)
        #expect(queue.push(0, weight: 40))
        #expect(queue.push(1, weight: 40))
        // 80 + 40 is over 100: the producer waits although the count leaves room.
        let producer = thread { #expect(queue.push(2, weight: 40)) }
        while queue.producersWaiting == 0 { Thread.sleep(forTimeInterval: 0.001) }
        #expect(queue.count == 2)
        #expect(queue.pop() == 0)
        // 40 + 40 fits: the producer is let in.
        #expect(producer.wait(timeout: .now() + 5) == .success)
        #expect(queue.count == 2)
        #expect(queue.pop() == 1)
        #expect(queue.pop() == 2)
        // Heavier than the whole capacity: it waits for an empty queue, then gets in alone.
        #expect(queue.push(3, weight: 10))
        let heavy = thread { #expect(queue.push(4, weight: 500)) }
        while queue.producersWaiting == 0 { Thread.sleep(forTimeInterval: 0.001) }
        #expect(queue.pop() == 3)
        #expect(heavy.wait(timeout: .now() + 5) == .success)
        #expect(queue.pop() == 4)
    }

    @Test func aGatheringConsumerTakesItsGroupWhenItIsThereOrWhenTimeIsUp() {
        let queue = BoundedQueue<Int>(capacity: 8)
        // Four (half the capacity) are there: taken at once, without waiting the second.
        for value in 0..<4 { _ = queue.push(value) }
        let start = ContinuousClock.now
        #expect(queue.popAll(limit: 100, gathering: 10) == [0, 1, 2, 3])
        #expect(ContinuousClock.now - start < .seconds(5))
        // One is there: the consumer waits its 0.1 s for more, then takes what came.
        _ = queue.push(4)
        let producer = thread { _ = queue.push(5) }
        let waited = ContinuousClock.now
        let group = queue.popAll(limit: 100, gathering: 0.1)
        producer.wait()
        #expect(ContinuousClock.now - waited >= .milliseconds(95))
        let rest = queue.count > 0 ? queue.popAll(limit: 100) : []
        #expect(group + rest == [4, 5])
    }

    @Test func closingReleasesWaitingProducersAndConsumers() {
        let full = BoundedQueue<Int>(capacity: 1)
        _ = full.push(0)
        let producer = thread { #expect(!full.push(1)) }
        let empty = BoundedQueue<Int>(capacity: 1)
        let consumer = thread { #expect(empty.pop() == nil) }
        let gatherer = thread { #expect(empty.popAll(limit: 10, gathering: 60).isEmpty) }
        Thread.sleep(forTimeInterval: 0.05)
        full.close()
        empty.close()
        #expect(producer.wait(timeout: .now() + 5) == .success)
        #expect(consumer.wait(timeout: .now() + 5) == .success)
        #expect(gatherer.wait(timeout: .now() + 5) == .success)
        // What was queued before the close is still handed out.
        #expect(full.pop() == 0)
        #expect(full.pop() == nil)
    }

    @Test func cancellingDropsWhatIsQueuedAndSaysHowMuch() {
        let queue = BoundedQueue<Int>(capacity: 4)
        for value in 0..<3 { _ = queue.push(value) }
        #expect(queue.cancel() == 3)
        #expect(queue.pop() == nil)
        #expect(!queue.push(9))
    }
}
