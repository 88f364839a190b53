#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a ``ByteStream`` gets its bytes: a file descriptor or memory.
protocol ByteSource: AnyObject {
    /// Reads up to `buffer.count` bytes; returns 0 at the end of input.
    func read(into buffer: UnsafeMutableBufferPointer<UInt8>) throws(DataError) -> Int
}

/// Reads a file descriptor with `read(2)`, closing it when done if it owns it.
final class FileSource: ByteSource {
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private let name: String

    /// The size of a regular file, nil for standard input, pipes and devices.
    let size: Int?

    /// Opens `path` for reading; `-` means standard input.
    init(path: String) throws(DataError) {
        name = path == "-" ? "<stdin>" : path
        if path == "-" {
            descriptor = STDIN_FILENO
            ownsDescriptor = false
            size = Self.regularFileSize(STDIN_FILENO)
            return
        }
        let opened = open(path, O_RDONLY)
        guard opened >= 0 else {
            throw DataError(file: path, message: "cannot open the data file: \(String(cString: strerror(errno)))")
        }
        descriptor = opened
        ownsDescriptor = true
        size = Self.regularFileSize(opened)
    }

    private static func regularFileSize(_ descriptor: Int32) -> Int? {
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
    }

    func read(into buffer: UnsafeMutableBufferPointer<UInt8>) throws(DataError) -> Int {
        while true {
            #if canImport(Glibc)
                let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
            #else
                let count = Darwin.read(descriptor, buffer.baseAddress, buffer.count)
            #endif
            if count >= 0 { return count }
            if errno == EINTR { continue }
            throw DataError(file: name, message: "cannot read the data file: \(String(cString: strerror(errno)))")
        }
    }
}

/// Serves bytes from memory (tests, data embedded in code).
final class MemorySource: ByteSource {
    private let bytes: [UInt8]
    private var offset = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    func read(into buffer: UnsafeMutableBufferPointer<UInt8>) throws(DataError) -> Int {
        let count = min(buffer.count, bytes.count - offset)
        for index in 0..<count { buffer[index] = bytes[offset + index] }
        offset += count
        return count
    }
}

/// A fixed-size read buffer over a ``ByteSource``: memory use does not depend on the input's size.
final class ByteStream {
    private let source: ByteSource
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    private var start = 0
    private var end = 0
    private var exhausted = false
    /// Bytes refilled from the source before the current buffer.
    private var earlierBytes = 0

    /// Bytes consumed so far (the position in the input).
    var position: Int { earlierBytes + start }

    /// The buffer size in bytes.
    var capacity: Int { buffer.count }

    init(source: ByteSource, capacity: Int) {
        self.source = source
        buffer = UnsafeMutableBufferPointer.allocate(capacity: max(16, capacity))
    }

    deinit {
        buffer.deallocate()
    }

    /// Calls `body` with the unread bytes, refilling as needed, until it reports `done` or input ends.
    ///
    /// `body` returns how many of the bytes it consumed and whether it is done.
    /// - Returns: `true` if `body` finished, `false` if input ended first.
    func scan(_ body: (UnsafeBufferPointer<UInt8>) -> (consumed: Int, done: Bool)) throws(DataError) -> Bool {
        while true {
            if start == end, !(try refill()) { return false }
            let available = UnsafeBufferPointer(rebasing: buffer[start..<end])
            let (consumed, done) = body(available)
            start += min(max(0, consumed), end - start)
            if done { return true }
        }
    }

    /// The next byte without consuming it, or `nil` at the end of input.
    func peek() throws(DataError) -> UInt8? {
        if start == end, !(try refill()) { return nil }
        return buffer[start]
    }

    /// Consumes one byte (after a successful ``peek()``).
    func advance() {
        if start < end { start += 1 }
    }

    private func refill() throws(DataError) -> Bool {
        guard !exhausted else { return false }
        earlierBytes += end
        start = 0
        end = try source.read(into: buffer)
        if end == 0 { exhausted = true }
        return end > 0
    }
}
