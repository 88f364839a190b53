/// One spare resource per thread, handed from one user to the next on that thread: a C object
/// that is costly to make but can be reset (an ICU result, a HarfBuzz buffer), where making and
/// freeing one per use was several heap allocations each time.
///
/// `take()` gives the thread's spare, or a new one when there is none (the spare is already
/// taken by a user still alive on this thread, or the thread has none yet); `giveBack` keeps a
/// resource as the spare if the slot is empty and the caller says it is worth keeping, and frees
/// it otherwise. A spare left when the thread ends is freed with it (`ThreadLocal`).
package final class ThreadSpare<Resource>: Sendable {
    private let slots: ThreadLocal<Slot>
    private let make: @Sendable () -> Resource?
    private let free: @Sendable (Resource) -> Void

    /// `make` returns nil when the library could not allocate; `free` releases a resource.
    package init(make: @escaping @Sendable () -> Resource?, free: @escaping @Sendable (Resource) -> Void) {
        self.make = make
        self.free = free
        slots = ThreadLocal { Slot(free: free) }
    }

    /// The thread's spare resource, or a new one (nil only if `make` failed).
    package func take() -> Resource? {
        if let slot = slots.current, let spare = slot.spare {
            slot.spare = nil
            return spare
        }
        return make()
    }

    /// Keeps `resource` as the thread's spare if `keeping` and the thread has none; frees it
    /// otherwise. The caller resets the resource before giving it back.
    package func giveBack(_ resource: Resource, keeping: Bool = true) {
        guard keeping, let slot = slots.current, slot.spare == nil else {
            free(resource)
            return
        }
        slot.spare = resource
    }

    /// A thread's slot: reached only from its own thread (`ThreadLocal`).
    private final class Slot {
        var spare: Resource?
        let free: @Sendable (Resource) -> Void

        init(free: @escaping @Sendable (Resource) -> Void) { self.free = free }

        deinit { if let spare { free(spare) } }
    }
}
