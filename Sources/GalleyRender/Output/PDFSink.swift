import CCairo
import Glibc

/// Where a PDF's bytes go while cairo writes them: a temporary file renamed into place at the
/// end, standard output, or memory. cairo calls `write` with many small pieces, so they are
/// buffered here.
final class PDFSink {
    enum Target {
        case file(AtomicFile)
        case standardOutput
        case memory
    }

    private let target: Target
    /// Unchecked exclusivity: cairo's write callback appends while nothing else touches the
    /// buffer (the sink belongs to one writer on one thread), and no access calls out while it
    /// lasts; the runtime check ran for each of the ~600 small writes of a page.
    @exclusivity(unchecked) private(set) var buffer: [UInt8] = []
    private var failure: RenderError?
    /// Set after a failure or when the writer is dropped: later writes are ignored.
    var isDiscarding = false
    /// The buffer holds a post-processed document (its XObject resources already checked).
    private var isProcessed = false
    private static let flushSize = 1 << 16

    init(target: Target) {
        self.target = target
        buffer.reserveCapacity(Self.flushSize)
    }

    var pathForErrors: String {
        switch target {
        case .file(let file): file.path
        case .standardOutput: "<stdout>"
        case .memory: "<memory>"
        }
    }

    /// cairo's write callback; the closure is an unretained pointer to the sink. The writer
    /// that owns the sink outlives its cairo surface, so the sink is used without a retain and
    /// release around each of a page's hundreds of small writes.
    static let writeFunction: cairo_write_func_t = { closure, data, length in
        guard let closure else { return CAIRO_STATUS_WRITE_ERROR }
        let written = Unmanaged<PDFSink>.fromOpaque(closure)._withUnsafeGuaranteedRef { sink in
            sink.write(UnsafeRawBufferPointer(start: data, count: Int(length)))
        }
        return written ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR
    }

    private func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if isDiscarding { return failure == nil }
        buffer.append(contentsOf: bytes)
        if case .memory = target { return true }
        if buffer.count >= Self.flushSize { flush(final: false) }
        return failure == nil
    }

    /// Writes the buffered bytes out, their repeated XObject resources blanked
    /// (`XObjectDeduplication`); a resource dictionary still being written stays buffered
    /// unless this is the last flush.
    private func flush(final: Bool) {
        if case .memory = target { return }
        guard failure == nil, !buffer.isEmpty else { return }
        let ready = final ? buffer.count : XObjectDeduplication.process(&buffer, from: 0)
        if final { _ = XObjectDeduplication.process(&buffer, from: 0) }
        let target = self.target
        let result = buffer.withUnsafeBytes { all in
            let bytes = UnsafeRawBufferPointer(rebasing: all[..<ready])
            return Result { () throws(RenderError) in
                switch target {
                case .file(let file): try file.write(bytes)
                case .standardOutput: try AtomicFile.writeAll(STDOUT_FILENO, bytes, path: "<stdout>")
                case .memory: break
                }
            }
        }
        buffer.removeFirst(ready)
        if case .failure(let error) = result {
            failure = error
            isDiscarding = true
        }
    }

    /// Throws the first write error, if any.
    func check() throws(RenderError) {
        if let failure { throw failure }
    }

    /// Writes what is buffered and moves the file into place (or hands it over).
    func commit(_ mode: OutputCommit) throws(RenderError) {
        flush(final: true)
        try check()
        if case .file(let file) = target { try AtomicFile.commit([file], mode) }
    }

    /// Drops the output: the temporary file is deleted.
    func abandon() {
        isDiscarding = true
        if case .file(let file) = target { file.abandon() }
    }

    /// Puts a finished document's bytes in place of what cairo wrote (memory target only).
    func replaceBytes(_ bytes: [UInt8]) {
        buffer = bytes
        isProcessed = true
    }

    /// The whole document (memory target only).
    func takeBytes() -> [UInt8] {
        if isProcessed {
            defer { buffer = [] }
            return buffer
        }
        var bytes = buffer
        buffer = []
        _ = XObjectDeduplication.process(&bytes, from: 0)
        return bytes
    }
}
