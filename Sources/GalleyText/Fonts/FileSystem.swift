import Glibc

/// The few file-system calls font discovery needs, through libc: GalleyText avoids Foundation
/// because Foundation's private ICU module clashes with the system ICU module (CICU) when both
/// are imported into one Swift module.
enum FileSystem {
    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func parent(_ path: String) -> String {
        var parts = path.split(separator: "/", omittingEmptySubsequences: true)
        guard !parts.isEmpty else { return "/" }
        parts.removeLast()
        return "/" + parts.joined(separator: "/")
    }

    /// Regular files under `folder`, recursively, sorted; symlinked directories are not followed.
    static func files(under folder: String) -> [String] {
        guard let dir = opendir(folder) else { return [] }
        defer { closedir(dir) }
        var files: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            if info.st_mode & S_IFMT == S_IFDIR {
                files += FileSystem.files(under: path)
            } else {
                files.append(path)
            }
        }
        return files.sorted()
    }
}

extension FileSystem {
    /// The bytes of the file at `path`, or nil when it cannot be read (read whole, once).
    static func contents(of path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if count > 0 { bytes.append(contentsOf: chunk[..<count]) }
            if count < chunk.count { break }
        }
        return ferror(file) == 0 ? bytes : nil
    }
}
