import CFileSync
import Glibc

/// How a writer moves its finished files into place.
public enum OutputCommit: Sendable {
    /// Before the writer returns: each file flushed to disk, renamed, and its folder flushed —
    /// what a single render (`galley render`) does.
    case immediate
    /// Each file closed unflushed under its temporary name and given, in order, to the closure,
    /// which owns making it durable and renaming it (`galley batch` does it for many files at a
    /// time on another thread: `PendingFile.syncFileSystems`, then `install`).
    case handOver(@Sendable ([PendingFile]) -> Void)
}

/// A complete output file, not yet flushed or renamed: what `OutputCommit.handOver` gives —
/// closed under its temporary name, or, when it is small (``memoryLimit``), still in memory, so
/// the writer made no file-system call for it. Until ``install()`` nothing is visible under
/// `path`; a process killed before then leaves at most the temporary file, which
/// `TemporaryFiles.removeStale` removes on the next run.
public struct PendingFile: Sendable {
    /// Where the file goes.
    public let path: String
    private let storage: Storage

    private enum Storage: Sendable {
        /// Written and closed under this temporary name.
        case temporaryFile(String)
        /// The whole contents, not written yet.
        case contents([UInt8])
    }

    /// The most bytes an output file is held in memory before its temporary file is created
    /// (a W1 invoice is 32 KB, a W3 card's PNG 20 KB). `galley batch` queues at most 128 outputs
    /// for its committer, so this bounds what they hold to 32 MB.
    public static let memoryLimit = 256 << 10

    init(path: String, temporaryPath: String) {
        self.path = path
        storage = .temporaryFile(temporaryPath)
    }

    init(path: String, contents: [UInt8]) {
        self.path = path
        storage = .contents(contents)
    }

    /// Whether the file is still in memory (``writtenOut()`` writes it).
    public var isInMemory: Bool {
        if case .contents = storage { return true }
        return false
    }

    /// The same file on disk under its temporary name, closed and unflushed: a file in memory is
    /// written out now (nothing is left behind when that fails).
    public func writtenOut() throws(RenderError) -> PendingFile {
        guard case .contents(let contents) = storage else { return self }
        return try Self.temporaryFile(path, contents).handOver()
    }

    /// `contents` written to a new temporary file beside `path`.
    private static func temporaryFile(_ path: String, _ contents: [UInt8]) throws(RenderError) -> AtomicFile {
        let file = try AtomicFile(path: path)
        try file.write(adopting: contents)
        return file
    }

    /// Renames the file into place. Its contents must be on disk first (``syncFileSystems(of:)``
    /// or ``sync()``), or a power loss could leave the name with an empty file; a file still in
    /// memory is written out, flushed and renamed here.
    public func install() throws(RenderError) {
        switch storage {
        case .temporaryFile(let temporaryPath):
            guard rename(temporaryPath, path) == 0 else { throw AtomicFile.error(path, "rename failed") }
        case .contents(let contents):
            try Self.temporaryFile(path, contents).commit()
        }
    }

    /// Flushes this file's contents to disk; the error, if any, is this file's. (A file still in
    /// memory has nothing on disk: ``install()`` flushes it.)
    public func sync() throws(RenderError) {
        guard case .temporaryFile(let temporaryPath) = storage else { return }
        let descriptor = open(temporaryPath, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw AtomicFile.error(path, "cannot open the written file to flush it") }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw AtomicFile.error(path, "fsync failed") }
    }

    /// Deletes the temporary file (a file in memory is simply dropped).
    public func discard() {
        if case .temporaryFile(let temporaryPath) = storage { unlink(temporaryPath) }
    }

    /// The folder the file goes into.
    public var folder: String { Self.folder(of: path) }

    static func folder(of path: String) -> String {
        let slash = path.lastIndex(of: "/")
        return slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    }

    /// Flushes every file system holding one of `folders` with one `syncfs` each: for a group of
    /// files, one flush instead of one `fsync` per file (each of which waits for a journal
    /// commit). Throws when a flush reports a write error; which file it hit is then found with
    /// each file's ``sync()``.
    public static func syncFileSystems(of folders: Set<String>) throws(RenderError) {
        for folder in folders {
            let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard descriptor >= 0 else { throw AtomicFile.error(folder, "cannot open the folder to flush it") }
            defer { close(descriptor) }
            guard galley_syncfs(descriptor) == 0 else { throw AtomicFile.error(folder, "syncfs failed") }
        }
    }

    /// Flushes a folder, so the renames into it survive a power loss.
    public static func syncFolder(_ folder: String) throws(RenderError) {
        try AtomicFile.syncFolder(folder)
    }
}
