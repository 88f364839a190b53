#if canImport(Glibc)
    import Glibc
#endif

/// Runs work on a new thread with a small stack, to show that hostile input (deep nesting,
/// long operator chains) cannot overflow the stack of a thread smaller than the process's
/// main one — a batch worker has 8 MB, a future HTTP server's threads may have much less.
public enum SmallStack {
    /// The stack size the recursion limits are chosen for.
    public static let size = 512 * 1024

    /// The work handed to the thread and the slot for its result. Unchecked Sendable: the new
    /// thread writes `result` before it ends and the caller reads it only after
    /// `pthread_join`, which orders the two accesses.
    private final class Job: @unchecked Sendable {
        let work: () -> Void
        init(_ work: @escaping () -> Void) { self.work = work }
    }

    private final class Slot<T>: @unchecked Sendable {
        var value: T?
    }

    /// Runs `body` on a thread with a `stackSize`-byte stack and returns its result (nil when
    /// the thread could not be started); a stack overflow crashes the test process, which is
    /// what the tests guard against.
    public static func run<T: Sendable>(stackSize: Int = size, _ body: @escaping @Sendable () -> T) -> T? {
        let slot = Slot<T>()
        let job = Job { slot.value = body() }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        var thread = pthread_t()
        let context = Unmanaged.passRetained(job).toOpaque()
        let status = pthread_create(
            &thread, &attributes,
            { raw in
                guard let raw else { return nil }
                Unmanaged<Job>.fromOpaque(raw).takeRetainedValue().work()
                return nil
            }, context)
        guard status == 0 else {
            Unmanaged<Job>.fromOpaque(context).release()
            return nil
        }
        pthread_join(thread, nil)
        return slot.value
    }
}
