/// Files written under temporary names and renamed into place together, so a failed or
/// cancelled render leaves none of them — never a document's first pages without its last.
///
/// A staged file is written to disk as it is staged, so memory holds one file at a time — but
/// for the first ones while their sizes add up to at most `PendingFile.memoryLimit`: those are
/// held in memory (a one-page PNG handed over to `galley batch`'s committer is then created by
/// it, not by the worker that rendered it).
/// ``commit(_:)`` renames them in reverse order: when the first file is in place, every other one
/// already is (what `--resume` looks for). Dropping the set uncommitted deletes the temporaries.
public final class StagedFiles {
    private var files: [AtomicFile] = []
    private var committed = false
    /// Bytes held in memory by the staged files.
    private var held = 0

    public init() {}

    /// The paths staged so far, in order.
    public var paths: [String] { files.map(\.path) }

    /// Writes `bytes` to a temporary file beside `path`.
    public func stage(_ bytes: [UInt8], at path: String) throws(RenderError) {
        let file = try AtomicFile(path: path, memoryLimit: max(0, PendingFile.memoryLimit - held))
        try file.write(adopting: bytes)
        held += file.heldCount
        files.append(file)
    }

    /// Moves every staged file into place, the first one last (or hands them over in that order).
    public func commit(_ mode: OutputCommit = .immediate) throws(RenderError) {
        guard !committed else { return }
        committed = true
        try AtomicFile.commit(files.reversed(), mode)
    }

    deinit {
        for file in files { file.abandon() }
    }
}
