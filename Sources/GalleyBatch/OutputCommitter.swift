import Foundation
import GalleyRender

/// Moves a batch's finished outputs into place on a thread of its own, many at a time.
///
/// A worker hands over each record's files unflushed (`OutputCommit.handOver`) — a small one
/// still in memory, a large one closed under its temporary name — and goes on to the next
/// record. This thread takes every output waiting (a group), writes out the ones in memory
/// (creating a file cost a worker 2.5% of its time on ext4, more in a folder where many files
/// were just deleted), flushes their file systems with one `syncfs` each, renames the files (a
/// paged PNG's first page last, as `StagedFiles` does), flushes each folder once, and only then reports each record done — so a
/// record is counted and journaled only when its output is complete and durable, exactly as
/// when each file was flushed by its worker. One `fsync` per file had cost ~1.8 ms of each W1
/// PDF's time on ext4 (the batch ran at 0.73–0.85 of the in-process rate); now the flushes
/// overlap rendering, and a group shares one.
///
/// When a flush reports a write error, each file of the group is flushed on its own to find
/// whose it was; that record fails and its files are deleted. A process killed before a group
/// is renamed leaves only temporary files (removed by the next run) and those records
/// un-journaled, so `--resume` renders them again.
final class OutputCommitter: Sendable {
    /// One record's files and what to do once they are in place (nil) or could not be (the error).
    struct Output: Sendable {
        let files: [PendingFile]
        let done: @Sendable (RenderError?) -> Void
    }

    private let queue: BoundedQueue<Output>
    private let finished = DispatchGroup()
    /// Outputs taken at most per group (a bound on the work between two reports).
    private static let groupLimit = 256
    /// How long the committer waits for more outputs once one is there (or until half its
    /// capacity waits): a flush per record (one `syncfs` and a thread wake-up for each W1
    /// invoice) cost a tenth of the batch's time.
    private static let gathering = 0.1

    /// Starts the committing thread; `capacity` outputs may wait before a worker handing one
    /// over waits too (a slow disk slows the renders instead of filling the folder's cache).
    init(capacity: Int) {
        queue = BoundedQueue(capacity: capacity)
        finished.enter()
        let thread = Thread { [queue, finished] in
            while true {
                let group = queue.popAll(limit: Self.groupLimit, gathering: Self.gathering)
                if group.isEmpty { break }
                Self.commit(group)
            }
            finished.leave()
        }
        thread.name = "galley-commit"
        thread.start()
    }

    /// Queues one record's files (in rename order); `done` runs on the committing thread.
    func add(_ files: [PendingFile], done: @escaping @Sendable (RenderError?) -> Void) {
        if !queue.push(Output(files: files, done: done)) {
            // Only after `finish`: nothing can be committed any more.
            for file in files { file.discard() }
            done(.io(path: files.first?.path ?? "", message: "the batch had finished"))
        }
    }

    /// Commits everything handed over and stops the thread; returns when the last record is reported.
    func finish() {
        queue.close()
        finished.wait()
    }

    private static func commit(_ group: [Output]) {
        var errors = [RenderError?](repeating: nil, count: group.count)
        // Small outputs arrive in memory: their files are created here, not on the workers.
        var files = [[PendingFile]](repeating: [], count: group.count)
        for (index, output) in group.enumerated() {
            for file in output.files {
                do {
                    files[index].append(try file.writtenOut())
                } catch {
                    for written in files[index] { written.discard() }
                    files[index] = []
                    errors[index] = error
                    break
                }
            }
        }
        let folders = Set(files.joined().map(\.folder))
        do {
            try PendingFile.syncFileSystems(of: folders)
        } catch {
            // Find whose write failed: flush each file on its own.
            for index in group.indices {
                for file in files[index] where errors[index] == nil {
                    do { try file.sync() } catch let failure { errors[index] = failure }
                }
            }
        }
        // How many of each record's files are renamed (they are its own to remove if it fails).
        var installed = [Int](repeating: 0, count: group.count)
        for index in group.indices where errors[index] == nil {
            for file in files[index] where errors[index] == nil {
                do {
                    try file.install()
                    installed[index] += 1
                } catch {
                    errors[index] = error
                }
            }
        }
        var flushed = Set<String>()
        for index in group.indices where errors[index] == nil {
            for folder in files[index].map(\.folder) where errors[index] == nil && !flushed.contains(folder) {
                do {
                    try PendingFile.syncFolder(folder)
                    flushed.insert(folder)
                } catch {
                    errors[index] = error
                }
            }
        }
        for (index, output) in group.enumerated() {
            if errors[index] != nil {
                // Nothing of a failed record stays: its temporary files, and the files it renamed.
                for (position, file) in files[index].enumerated() {
                    if position < installed[index] { unlink(file.path) } else { file.discard() }
                }
            }
            output.done(errors[index])
        }
    }
}
