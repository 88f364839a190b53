import Glibc

/// An object of each thread's own, made on the thread's first use and released when the thread
/// ends (a pthread key and its destructor).
///
/// For state that is cheaper kept apart than shared: caches that would otherwise take a lock,
/// buffers reused from one document or paragraph to the next. The object is reached only from
/// the thread that made it, so it need not be `Sendable`; a caller must not hand it to another
/// thread.
package final class ThreadLocal<Value: AnyObject>: Sendable {
    /// The key, or nil when the process is out of keys (`current` is then nil: the caller falls
    /// back to shared or fresh state).
    private let key: pthread_key_t?
    private let make: @Sendable () -> Value

    package init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
        var key = pthread_key_t()
        // The destructor runs on the exiting thread with the value it stored.
        let status = pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            Unmanaged<AnyObject>.fromOpaque(pointer).release()
        }
        self.key = status == 0 ? key : nil
    }

    /// The calling thread's object, made on first use; nil without a key.
    package var current: Value? {
        guard let key else { return nil }
        if let pointer = pthread_getspecific(key) {
            // Only `Value`s are stored under this key.
            return Unmanaged<Value>.fromOpaque(pointer).takeUnretainedValue()
        }
        let value = make()
        let retained = Unmanaged<Value>.passRetained(value)
        guard pthread_setspecific(key, retained.toOpaque()) == 0 else {
            retained.release()
            return nil
        }
        return value
    }
}
