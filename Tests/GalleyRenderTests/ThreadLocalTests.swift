import Foundation
import Synchronization
import Testing

@testable import GalleyRender

/// A thread-local object is made once per thread, never shared between threads, and released
/// when its thread ends.
@Suite("Thread-local objects")
struct ThreadLocalTests {
    final class Counter: Sendable {
        let made = Atomic<Int>(0)
        let released = Atomic<Int>(0)
    }

    final class Probe {
        let counter: Counter
        init(_ counter: Counter) {
            self.counter = counter
            counter.made.add(1, ordering: .relaxed)
        }
        deinit { counter.released.add(1, ordering: .relaxed) }
    }

    @Test func eachThreadGetsItsOwnObjectReleasedWhenTheThreadEnds() throws {
        let counter = Counter()
        let local = ThreadLocal { Probe(counter) }
        let here = try #require(local.current)
        #expect(local.current === here)
        #expect(counter.made.load(ordering: .relaxed) == 1)

        let thereWasOther = Mutex<Bool?>(nil)
        let done = DispatchSemaphore(value: 0)
        let address = ObjectIdentifier(here)
        Thread.detachNewThread {
            // Compared by identity only: the object stays on the thread that made it.
            let there = local.current.map(ObjectIdentifier.init)
            let again = local.current.map(ObjectIdentifier.init)
            thereWasOther.withLock { $0 = there != nil && there != address && again == there }
            done.signal()
        }
        done.wait()
        #expect(thereWasOther.withLock { $0 } == true)
        #expect(counter.made.load(ordering: .relaxed) == 2)
        // The other thread's object goes with its thread (the key's destructor runs at its exit).
        let deadline = Date().addingTimeInterval(5)
        while counter.released.load(ordering: .relaxed) < 1, Date() < deadline { usleep(1_000) }
        #expect(counter.released.load(ordering: .relaxed) == 1)
        #expect(local.current === here)
    }

    /// An object given back is the next `take()`'s on the same thread; a second one alive at the
    /// same time is new, and the one not kept (slot full, or refused) is freed at once.
    @Test func aSpareIsHandedOnAndTheRestFreed() throws {
        let made = Atomic<Int>(0)
        let freed = Atomic<Int>(0)
        let spares = ThreadSpare(
            make: { UnsafeMutableRawPointer(bitPattern: made.add(1, ordering: .relaxed).newValue) },
            free: { _ in freed.add(1, ordering: .relaxed) })
        let first = try #require(spares.take())
        let second = try #require(spares.take())
        #expect(first != second)
        spares.giveBack(first)
        spares.giveBack(second)
        #expect(freed.load(ordering: .relaxed) == 1)
        #expect(spares.take() == first)
        spares.giveBack(first, keeping: false)
        #expect(freed.load(ordering: .relaxed) == 2)
        #expect(spares.take() == UnsafeMutableRawPointer(bitPattern: 3))
        #expect(made.load(ordering: .relaxed) == 3)
    }

    /// A failed `make` is nil, and nothing is freed for it.
    @Test func aFailedMakeIsNil() {
        let freed = Atomic<Int>(0)
        let spares = ThreadSpare(make: { nil }, free: { _ in freed.add(1, ordering: .relaxed) })
        #expect(spares.take() == nil)
        #expect(freed.load(ordering: .relaxed) == 0)
    }
}
