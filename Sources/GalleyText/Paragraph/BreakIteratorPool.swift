import CICU
import GalleyRender

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Idle ICU break iterators by kind and locale, so a paragraph borrows one and points it at its
/// text instead of opening a new one: `ubrk_open` loads and converts the rule data every time,
/// which measured ~89 opens and ~5 % of all instructions per W1 invoice. An iterator is used by
/// one thread at a time: it leaves the pool under the lock and comes back when its user is done.
enum BreakIteratorPool {
    enum Kind: Hashable {
        case line
        case character
    }

    private struct Key: Hashable {
        let kind: Kind
        let locale: String
    }

    /// An ICU iterator handle. It is only ever reached through the pool's lock (idle) or by the
    /// one caller that took it out (busy), so no two threads touch it at once.
    private struct Handle: @unchecked Sendable {
        let pointer: UnsafeMutableRawPointer
    }

    /// Idle iterators kept per key and shard; more are closed when returned.
    private static let idleLimit = 4
    /// Shards chosen by thread, so concurrent layouts rarely share a lock (or its cache line):
    /// one pool lock taken twice per paragraph cost measurably in two-thread batch scaling.
    private static let shardCount = 16
    private static let shards: [Locked<[Key: [Handle]]>] = (0..<shardCount).map { _ in Locked([:]) }

    private static var currentShard: Locked<[Key: [Handle]]> {
        var hasher = Hasher()
        hasher.combine(pthread_self())
        return shards[Int(UInt(bitPattern: hasher.finalize()) % UInt(shardCount))]
    }

    /// Runs `body` with an iterator of `kind` for `locale` set to `units`; nil when ICU fails.
    static func withIterator<Result>(
        _ kind: Kind, locale: String, units: UnsafeBufferPointer<UInt16>, _ body: (UnsafeMutableRawPointer) -> Result
    ) -> Result? {
        let key = Key(kind: kind, locale: locale)
        let idle = currentShard
        var handle = idle.withLock { $0[key]?.popLast() }
        if let reused = handle, cicu_break_set_text(reused.pointer, units.baseAddress, Int32(units.count)) > 0 {
            cicu_break_close(reused.pointer)
            handle = nil
        }
        if handle == nil {
            var status: Int32 = 0
            let opened: UnsafeMutableRawPointer? =
                switch kind {
                case .line: cicu_line_break_open(locale, units.baseAddress, Int32(units.count), &status)
                case .character: cicu_character_break_open(locale, units.baseAddress, Int32(units.count), &status)
                }
            guard let opened else { return nil }
            guard status <= 0 else {
                cicu_break_close(opened)
                return nil
            }
            handle = Handle(pointer: opened)
        }
        guard let handle else { return nil }
        let result = body(handle.pointer)
        let closeIt = idle.withLock { pool -> Bool in
            guard pool[key, default: []].count < idleLimit else { return true }
            pool[key, default: []].append(handle)
            return false
        }
        if closeIt { cicu_break_close(handle.pointer) }
        return result
    }
}
