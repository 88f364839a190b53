import Foundation

/// A response body written by one thread while the connection's thread sends it: a bounded pipe
/// of bytes. The writer waits while `capacity` bytes are unsent, so a slow client slows the
/// producer instead of filling memory; a client that goes away makes every later write fail.
public final class ResponseStream: @unchecked Sendable {
    // @unchecked: every stored var is read and written only while `condition` is locked.
    private let condition = NSCondition()
    private var buffered: [UInt8] = []
    private var head = 0
    private var finished = false
    private var failed = false
    private var cancelled = false
    private var sent = 0
    /// The most unsent bytes the writer may get ahead by.
    public let capacity: Int

    /// A stream holding at most `capacity` unsent bytes (at least one write is always accepted).
    public init(capacity: Int = 1 << 20) {
        self.capacity = max(1, capacity)
    }

    /// Appends bytes, waiting for room; false when the client is gone (stop producing).
    @discardableResult
    public func write(_ bytes: [UInt8]) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !cancelled && buffered.count - head >= capacity { condition.wait() }
        guard !cancelled, !finished else { return false }
        buffered.append(contentsOf: bytes)
        condition.broadcast()
        return true
    }

    /// Ends the body normally once what was written is sent.
    public func finish() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// Ends the body abruptly: the client sees the connection close before the end (so a
    /// truncated zip cannot pass for a whole one).
    public func fail() {
        condition.lock()
        finished = true
        failed = true
        condition.broadcast()
        condition.unlock()
    }

    /// The client is gone: writers stop.
    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }

    /// Whether the client went away.
    public var isCancelled: Bool {
        condition.lock()
        defer { condition.unlock() }
        return cancelled
    }

    /// The bytes handed to the connection so far.
    public var bytesSent: Int {
        condition.lock()
        defer { condition.unlock() }
        return sent
    }

    /// What the connection's thread gets next.
    enum Chunk {
        case bytes(Int)
        case end
        case error
    }

    /// Copies up to `count` bytes into `destination`, waiting for some.
    func read(into destination: UnsafeMutableRawPointer, count: Int) -> Chunk {
        condition.lock()
        defer { condition.unlock() }
        while !finished && !cancelled && head == buffered.count { condition.wait() }
        if head == buffered.count || cancelled {
            return failed || cancelled ? .error : .end
        }
        let taken = min(count, buffered.count - head)
        buffered.withUnsafeBytes { bytes in
            if let base = bytes.baseAddress { destination.copyMemory(from: base + head, byteCount: taken) }
        }
        head += taken
        sent += taken
        if head == buffered.count {
            buffered.removeAll(keepingCapacity: true)
            head = 0
        }
        condition.broadcast()
        return .bytes(taken)
    }
}
