import Glibc

/// The temporary files atomic writes leave when a process is killed before it renames them,
/// and their removal by a later run.
///
/// A temporary file is named `.NAME.galley-tmp-HOST-PID-XXXXXX` (`AtomicFile`). One whose host
/// is this one and whose process no longer runs is stale: its output never arrived. Files of
/// another host (a shared folder written by several machines) or of a live process are left
/// alone, and so is every file not named this way.
public enum TemporaryFiles {
    /// `.galley-tmp-HOST-PID-`, the part of a temporary name that says who wrote it.
    static let marker: String = ".galley-tmp-\(hostName)-\(getpid())-"

    private static let prefix = ".galley-tmp-"

    private static let hostName: String = {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // A hyphen separates the fields; keep the host name to letters, digits and dots.
        let kept = name.unicodeScalars.filter {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == ".")
        }
        return kept.isEmpty ? "localhost" : String(String.UnicodeScalarView(kept))
    }()

    /// Removes the stale temporary files in `directory` and the folders below it (symbolic
    /// links are not followed); returns how many were removed.
    @discardableResult
    public static func removeStale(in directory: String) -> Int {
        var removed = 0
        guard let stream = opendir(directory) else { return 0 }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name != ".", name != ".." else { continue }
            let path = directory + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            if info.st_mode & S_IFMT == S_IFDIR {
                removed += removeStale(in: path)
            } else if info.st_mode & S_IFMT == S_IFREG, isStale(name), unlink(path) == 0 {
                removed += 1
            }
        }
        return removed
    }

    /// Whether a file name is a temporary file of this host whose process has ended.
    static func isStale(_ name: String) -> Bool {
        guard name.hasPrefix("."), let range = name.range(of: prefix) else { return false }
        let fields = name[range.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
        guard fields.count >= 3, fields[0] == hostName, let pid = Int32(fields[1]), pid > 0 else { return false }
        if pid == getpid() { return false }
        // kill(pid, 0) fails with ESRCH when no such process exists.
        return kill(pid, 0) != 0 && errno == ESRCH
    }
}
