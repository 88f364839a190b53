import Glibc

/// A value behind a pthread mutex, shared by every layer above the render layer.
/// Used instead of `Synchronization.Mutex`, whose Linux
/// futex implementation ThreadSanitizer cannot see: with it, `make tsan` reports races on
/// correctly locked state (a two-line `Mutex<[String: Int]>` program shows them).
public final class Locked<State>: @unchecked Sendable {
    // Safety of `@unchecked Sendable`: `state` is only touched between lock and unlock.
    // Unchecked exclusivity: the mutex already serialises every access, and a nested
    // `withLock` on the same instance would deadlock before two accesses could overlap; the
    // runtime check cost a thread-local lookup on every cache lookup of every paragraph.
    @exclusivity(unchecked) private var state: State
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    public init(_ state: State) {
        self.state = state
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    public func withLock<T>(_ body: (inout State) throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state)
    }
}
