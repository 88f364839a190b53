import Glibc

/// Tells when any of a few files, or any file under a folder, changed: a signature of every
/// path's modification time, size and inode, compared by polling. Polling a template's folder
/// (a few dozen files) every 50 ms costs microseconds and sees what inotify would — an edit, a
/// save by rename, a new or deleted asset — without watches per subfolder.
struct FileWatch: Sendable {
    let files: [String]
    let folders: [String]
    /// The most files looked at under the folders (a template in `/` must not make it walk the disk).
    static let maxFiles = 2000
    /// How deep into subfolders it looks.
    static let maxDepth = 4

    /// The current signature; different from the last one when something changed.
    func signature() -> [UInt64] {
        var result: [UInt64] = []
        for file in files { Self.add(file, to: &result) }
        var budget = Self.maxFiles
        for folder in folders { Self.walk(folder, depth: 0, budget: &budget, into: &result) }
        return result
    }

    private static func add(_ path: String, to result: inout [UInt64]) {
        var info = stat()
        guard stat(path, &info) == 0 else { return result.append(0) }
        result.append(UInt64(info.st_ino))
        result.append(UInt64(info.st_size))
        result.append(UInt64(bitPattern: Int64(info.st_mtim.tv_sec)) &* 1_000_000_000 &+ UInt64(info.st_mtim.tv_nsec))
    }

    private static func walk(_ folder: String, depth: Int, budget: inout Int, into result: inout [UInt64]) {
        guard depth <= maxDepth, budget > 0, let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        for name in names.sorted() where budget > 0 {
            budget -= 1
            let path = folder + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            if info.st_mode & S_IFMT == S_IFDIR {
                walk(path, depth: depth + 1, budget: &budget, into: &result)
            } else {
                add(path, to: &result)
            }
        }
    }
}
