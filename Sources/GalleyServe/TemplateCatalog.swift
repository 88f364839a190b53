import GalleyRender
import GalleyTemplates
import Glibc

/// The templates of a server's folder, each compiled once and compiled again when its file
/// changes (a new modification time, size or inode: an editor's save, a deploy's rename).
///
/// Every request `stat`s its template — microseconds — so an edit is picked up by the next
/// request without a watcher. A template that fails to compile is remembered with its error
/// until the file changes. Each compiled template keeps one `RenderResources` (fonts, decoded
/// images) shared by all of its requests, as a batch shares one across its records.
final class TemplateCatalog: Sendable {
    /// One compiled template and what its documents share.
    struct Entry: Sendable {
        let template: Template
        let resources: RenderResources
    }

    /// A file's identity and version as `stat` tells them.
    struct FileStamp: Equatable, Sendable {
        let device: UInt64
        let inode: UInt64
        let size: Int64
        let seconds: Int
        let nanoseconds: Int
    }

    private struct Cached: Sendable {
        let stamp: FileStamp
        let result: Result<Entry, TemplateError>
    }

    /// The templates folder as given.
    let folder: String
    let policy: ResourcePolicy
    private let cache = Locked([String: Cached]())
    /// Lookups that found a current compiled template, and those that compiled one.
    let counts = Locked((hits: 0, misses: 0))

    init(folder: String, policy: ResourcePolicy) {
        self.folder = folder
        self.policy = policy
    }

    /// Whether `name` may name a template: letters, digits, `.`, `_`, `-`, not starting with a
    /// dot, so no request reaches outside the folder.
    static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first != ".", name.utf8.count <= 200 else { return false }
        return name.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                || "._-".unicodeScalars
                    .contains($0)
        }
    }

    /// The file of template `name` (`invoice` or `invoice.json`).
    func path(of name: String) -> String {
        folder + "/" + (name.hasSuffix(".json") ? name : name + ".json")
    }

    /// The compiled template `name`; nil when there is no such file.
    /// - Throws: the template's compile error.
    func entry(named name: String) throws(TemplateError) -> Entry? {
        guard Self.isValidName(name) else { return nil }
        let path = path(of: name)
        guard let stamp = Self.stamp(path) else { return nil }
        if let cached = cache.withLock({ $0[path] }), cached.stamp == stamp {
            counts.withLock { $0.hits += 1 }
            return try cached.result.get()
        }
        counts.withLock { $0.misses += 1 }
        let result: Result<Entry, TemplateError>
        do {
            let template = try Template.load(path: path, policy: policy)
            result = .success(Entry(template: template, resources: RenderResources.forTemplate(template)))
        } catch {
            result = .failure(error)
        }
        cache.withLock { $0[path] = Cached(stamp: stamp, result: result) }
        return try result.get()
    }

    /// The names of the folder's templates: its `.json` files other than data (`*.data.json`)
    /// and the schema, sorted.
    func names() -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name.hasSuffix(".json"), !name.hasSuffix(".data.json"), name != "galley.schema.json",
                Self.isValidName(name), Self.stamp(folder + "/" + name) != nil
            else { continue }
            names.append(String(name.dropLast(5)))
        }
        return names.sorted()
    }

    /// The stamp of a regular file, or nil when there is none.
    static func stamp(_ path: String) -> FileStamp? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return FileStamp(
            device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
            seconds: info.st_mtim.tv_sec, nanoseconds: info.st_mtim.tv_nsec)
    }
}
