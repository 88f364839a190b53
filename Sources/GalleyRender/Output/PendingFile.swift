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

/// A complete output file under its temporary name, not yet flushed or renamed: what
/// `OutputCommit.handOver` gives. Until ``install()`` nothing is visible under `path`; a
/// process killed before then leaves only the temporary file, which `TemporaryFiles.removeStale`
/// removes on the next run.
public struct PendingFile: Sendable {
    /// Where the file goes.
    public let path: String
    let temporaryPath: String

    /// Renames the file into place. Its contents must be on disk first (``syncFileSystems(of:)``
    /// or ``sync()``), or a power loss could leave the name with an empty file.
    public func install() throws(RenderError) {
        guard rename(temporaryPath, path) == 0 else { throw AtomicFile.error(path, "rename failed") }
    }

    /// Flushes this file's contents to disk; the error, if any, is this file's.
    public func sync() throws(RenderError) {
        let descriptor = open(temporaryPath, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw AtomicFile.error(path, "cannot open the written file to flush it") }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw AtomicFile.error(path, "fsync failed") }
    }

    /// Deletes the temporary file.
    public func discard() {
        unlink(temporaryPath)
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
