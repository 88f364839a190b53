/// One spare C object per thread, handed from one user to the next on that thread: an object
/// that is costly to make but can be reset (an ICU result, a HarfBuzz buffer), where making and
/// freeing one per use was several heap allocations each time.
///
/// `take()` gives the thread's spare, or a new one when there is none (the spare is already
/// taken by a user still alive on this thread, or the thread has none yet); `giveBack` keeps an
/// object as the spare if the slot is empty and the caller says it is worth keeping, and frees it
/// otherwise. A spare left when the thread ends is freed with it (`ThreadLocal`).
///
/// The object is held as a raw pointer (a user converts its handle type): a generic class, used
/// from another module, looked its type's metadata up on every take and give-back (0.25 M
/// instructions a W1 invoice).
package final class ThreadSpare: Sendable {
    private let slots: ThreadLocal<Slot>
    private let make: @Sendable () -> UnsafeMutableRawPointer?
    private let free: @Sendable (UnsafeMutableRawPointer) -> Void

    /// `make` returns nil when the library could not allocate; `free` releases an object.
    package init(
        make: @escaping @Sendable () -> UnsafeMutableRawPointer?,
        free: @escaping @Sendable (UnsafeMutableRawPointer) -> Void
    ) {
        self.make = make
        self.free = free
        slots = ThreadLocal { Slot(free: free) }
    }

    /// The thread's spare object, or a new one (nil only if `make` failed).
    package func take() -> UnsafeMutableRawPointer? {
        if let slot = slots.current, let spare = slot.spare {
            slot.spare = nil
            return spare
        }
        return make()
    }

    /// Keeps `object` as the thread's spare if `keeping` and the thread has none; frees it
    /// otherwise. The caller resets the object before giving it back.
    package func giveBack(_ object: UnsafeMutableRawPointer, keeping: Bool = true) {
        guard keeping, let slot = slots.current, slot.spare == nil else {
            free(object)
            return
        }
        slot.spare = object
    }

    /// A thread's slot: reached only from its own thread (`ThreadLocal`).
    private final class Slot {
        var spare: UnsafeMutableRawPointer?
        let free: @Sendable (UnsafeMutableRawPointer) -> Void

        init(free: @escaping @Sendable (UnsafeMutableRawPointer) -> Void) { self.free = free }

        deinit { if let spare { free(spare) } }
    }
}
