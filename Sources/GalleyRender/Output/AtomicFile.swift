import Glibc

/// A file written under a temporary name next to its destination and renamed into place
/// only when complete, so a failed or cancelled write never leaves a half-written file.
///
/// The temporary name says who wrote it — `.NAME.galley-tmp-HOST-PID-XXXXXX` — so a later run
/// can remove the ones a killed process left behind (`TemporaryFiles.removeStale(in:)`)
/// without touching those of a process still writing, here or on another host sharing the
/// folder.
final class AtomicFile {
    let path: String
    /// The temporary file's name, once it exists.
    private(set) var temporaryPath: String?
    private var descriptor: Int32 = -1
    /// The bytes written so far while the file is held in memory (nil once it is on disk).
    private var held: [UInt8]?
    private let memoryLimit: Int
    private var committed = false

    /// A file for `path`. Up to `memoryLimit` bytes are held in memory before the temporary file
    /// is created: an output that stays that small and is handed over (`OutputCommit.handOver`)
    /// is created, written and renamed by whoever takes it — for `galley batch` the committing
    /// thread, so a worker makes no file-system call for a small output. With the default 0 the
    /// temporary file is created at once.
    init(path: String, memoryLimit: Int = 0) throws(RenderError) {
        self.path = path
        self.memoryLimit = memoryLimit
        if memoryLimit > 0 {
            held = []
        } else {
            try create()
        }
    }

    /// How many bytes are held in memory (0 once the file is on disk).
    var heldCount: Int { held?.count ?? 0 }

    /// Creates the temporary file and writes what was held.
    private func create() throws(RenderError) {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array("\(directory).\(name)\(TemporaryFiles.marker)XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return Int32(-1) }
            return mkstemp(base)
        }
        guard descriptor >= 0 else { throw AtomicFile.error(path, "cannot create temporary file") }
        self.descriptor = descriptor
        temporaryPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // mkstemp creates 0600; output files should be readable like any other file.
        fchmod(descriptor, 0o644)
        if let held {
            self.held = nil
            try held.withUnsafeBytes { bytes in
                Result { () throws(RenderError) in try AtomicFile.writeAll(descriptor, bytes, path: path) }
            }.get()
        }
    }

    deinit { abandon() }

    func write(_ bytes: UnsafeRawBufferPointer) throws(RenderError) {
        if let count = held?.count {
            if count + bytes.count <= memoryLimit {
                held?.append(contentsOf: bytes)
                return
            }
            try create()
        }
        try AtomicFile.writeAll(descriptor, bytes, path: path)
    }

    /// Writes a whole buffer the caller already has: held as it is (no copy) when it is the
    /// file's only contents and fits the memory limit.
    func write(adopting bytes: [UInt8]) throws(RenderError) {
        if held?.isEmpty == true && bytes.count <= memoryLimit {
            held = bytes
            return
        }
        try bytes.withUnsafeBytes { buffer in Result { () throws(RenderError) in try write(buffer) } }.get()
    }

    /// Flushes to disk and renames over the destination.
    func commit() throws(RenderError) {
        if held != nil { try create() }
        guard fsync(descriptor) == 0 else { throw AtomicFile.error(path, "fsync failed") }
        let pending = try handOver()
        do {
            try pending.install()
        } catch {
            pending.discard()
            throw error
        }
    }

    /// Closes the complete file without flushing it and gives up its temporary name: the
    /// returned ``PendingFile`` is moved into place by whoever takes it (nothing is deleted when
    /// this object goes).
    func handOver() throws(RenderError) -> PendingFile {
        committed = true
        if let held {
            self.held = nil
            return PendingFile(path: path, contents: held)
        }
        let closed = close(descriptor)
        descriptor = -1
        let pending = PendingFile(path: path, temporaryPath: temporaryPath ?? "")
        guard closed == 0 else {
            let error = AtomicFile.error(path, "close failed")
            pending.discard()
            throw error
        }
        return pending
    }

    /// Moves `files` into place in their order, as `mode` says: now (each flushed, renamed, and
    /// its folder flushed once), or handed over unflushed.
    static func commit(_ files: [AtomicFile], _ mode: OutputCommit) throws(RenderError) {
        switch mode {
        case .immediate:
            for file in files { try file.commit() }
            // The renames are durable once the folders holding them are flushed.
            var flushed = Set<String>()
            for file in files where flushed.insert(PendingFile.folder(of: file.path)).inserted {
                try syncDirectory(of: file.path)
            }
        case .handOver(let take):
            var pending: [PendingFile] = []
            for file in files {
                do {
                    pending.append(try file.handOver())
                } catch {
                    for taken in pending { taken.discard() }
                    throw error
                }
            }
            take(pending)
        }
    }

    /// Flushes the folder holding `path`, so a rename into it survives a power loss.
    static func syncDirectory(of path: String) throws(RenderError) {
        try syncFolder(PendingFile.folder(of: path))
    }

    /// Flushes `directory` itself.
    static func syncFolder(_ directory: String) throws(RenderError) {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw error(directory, "cannot open the folder to flush it") }
        defer { close(descriptor) }
        // Some filesystems cannot fsync a folder (EINVAL): the rename is then as durable as they make it.
        guard fsync(descriptor) == 0 || errno == EINVAL else { throw error(directory, "fsync of the folder failed") }
    }

    /// Closes and deletes the temporary file (nothing happens after a commit).
    func abandon() {
        if descriptor >= 0 {
            close(descriptor)
            descriptor = -1
        }
        held = nil
        if !committed {
            if let temporaryPath { unlink(temporaryPath) }
            committed = true
        }
    }

    static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, path: String) throws(RenderError) {
        guard var cursor = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let written = Glibc.write(descriptor, cursor, remaining)
            if written < 0 {
                if errno == EINTR { continue }
                throw error(path, "write failed")
            }
            cursor += written
            remaining -= written
        }
    }

    static func error(_ path: String, _ what: String) -> RenderError {
        let code = errno
        let message = "\(what): \(String(cString: strerror(code)))"
        return code == ENOSPC || code == EDQUOT
            ? .storageFull(path: path, message: message) : .io(path: path, message: message)
    }
}

/// Writes finished output files.
public enum FileOutput {
    /// Writes `bytes` to `path` atomically: a temporary file in the same directory, fsync, then
    /// rename (or handed over, as `commit` says). A `path` of `-` writes to standard output.
    public static func writeAtomically(_ bytes: [UInt8], to path: String, commit: OutputCommit = .immediate)
        throws(RenderError)
    {
        if path == "-" {
            try bytes.withUnsafeBytes { buffer in
                Result { () throws(RenderError) in try AtomicFile.writeAll(STDOUT_FILENO, buffer, path: "<stdout>") }
            }.get()
            return
        }
        let file = try AtomicFile(path: path, memoryLimit: PendingFile.memoryLimit)
        try file.write(adopting: bytes)
        try AtomicFile.commit([file], commit)
    }
}
