import Foundation

/// The folder every group writes its files in, removed once, after the last group.
///
/// ext4 passes over the inodes freed within the last minute whenever it allocates one: a group
/// that deleted its thousand outputs made the next group's file creation several times dearer
/// in the kernel — the W1 `galley batch` measured 0.93 of the in-process rate right after the
/// start-up group's clean-up, 0.96 with none in the minute before. Nothing is deleted while
/// groups are measuring.
enum BenchScratch {
    static let folder = FileManager.default.temporaryDirectory.appendingPathComponent("galley-bench-\(getpid())")

    /// A new folder of `name` inside the scratch folder.
    static func subfolder(_ name: String) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Removes everything the groups wrote (after the last group).
    static func removeAll() {
        try? FileManager.default.removeItem(at: folder)
    }
}
