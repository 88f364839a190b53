import Glibc

/// The folders a template's resources may be read from — its own folder and any the user
/// allowed — and the one way every resource path is resolved and read inside them.
///
/// A path is resolved one component at a time from the template's folder (or `/`), and each
/// step is checked against the allowed folders by whole components before the file system is
/// asked anything about it: `..`, an absolute path or a symbolic link that leaves the folders is
/// refused without a `stat`, `open` or `realpath` of anything outside, so the refusal says
/// nothing about the outside file (not whether it exists). Links inside are followed (at most
/// 40), the way the kernel would; passing through the folders' own parents is allowed, so
/// `../shared/logo.png` reaches an allowed sibling folder. NUL and other control characters in
/// a path are errors, and so is a URL.
public struct ResourceFolders: Sendable, Hashable {
    /// The canonical allowed folders (symbolic links resolved), the template's own first.
    public let folders: [String]
    private let roots: [[String]]

    /// The template's folder and `allowedFolders`, each resolved with `realpath`.
    /// - Throws: when one does not exist or is not a folder (these come from the user, so the
    ///   message names them).
    public init(templateFolder: String, allowedFolders: [String] = []) throws(ResourceError) {
        var folders: [String] = []
        for (index, folder) in ([templateFolder] + allowedFolders).enumerated() {
            let role = index == 0 ? "the template's folder" : "the allowed folder"
            guard !folder.isEmpty, folder.unicodeScalars.allSatisfy({ !Self.isControl($0) }) else {
                throw ResourceError("\(role) \(Self.quoted(folder)) is not a usable path")
            }
            guard let canonical = Self.canonical(folder) else {
                throw ResourceError("\(role) \(Self.quoted(folder)) does not exist")
            }
            var info = stat()
            guard stat(canonical, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
                throw ResourceError("\(role) \(Self.quoted(folder)) is not a folder")
            }
            if !folders.contains(canonical) { folders.append(canonical) }
        }
        self.folders = folders
        roots = folders.map(Self.components)
    }

    /// `path` with every symbolic link, `.` and `..` resolved (`realpath`), or nil when it does
    /// not exist. For paths the user names (allowed folders), never for a template's resources.
    public static func canonical(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// These folders and `extra` ones (resolved the same way).
    public func allowing(_ extra: [String]) throws(ResourceError) -> ResourceFolders {
        try ResourceFolders(templateFolder: templateFolder, allowedFolders: Array(folders.dropFirst()) + extra)
    }

    /// The canonical template folder, which relative paths start from.
    public var templateFolder: String { folders[0] }

    /// The canonical path `reference` names (relative to the template's folder, or absolute),
    /// inside the allowed folders; nothing outside them is looked at.
    /// - Throws: `ResourceError` saying why (outside, a control character, a URL, missing,
    ///   a loop of links), naming `reference` as written.
    public func resolve(_ reference: String) throws(ResourceError) -> String {
        try Self.checkSyntax(reference)
        var pending = Array(reference.split(separator: "/", omittingEmptySubsequences: true).reversed())
        var current = reference.hasPrefix("/") ? [] : roots[0]
        var links = 0
        while let part = pending.popLast() {
            if part == "." { continue }
            if part == ".." {
                if !current.isEmpty { current.removeLast() }
                guard position(of: current) != .outside else { throw outside(reference, throughLink: links > 0) }
                continue
            }
            let candidate = current + [String(part)]
            switch position(of: candidate) {
            case .outside:
                throw outside(reference, throughLink: links > 0)
            case .ancestor:
                // A parent of an allowed folder: a real folder (it is a prefix of a canonical
                // path), so there is nothing to look up.
                current = candidate
            case .inside:
                let path = Self.path(candidate)
                var info = stat()
                guard lstat(path, &info) == 0 else {
                    throw ResourceError("\(Self.quoted(reference)) does not exist (no \(path))")
                }
                switch info.st_mode & S_IFMT {
                case S_IFLNK:
                    links += 1
                    guard links <= 40 else { throw ResourceError("\(Self.quoted(reference)): too many symbolic links") }
                    let target = try Self.readLink(path, reference)
                    if target.hasPrefix("/") { current = [] }
                    pending += target.split(separator: "/", omittingEmptySubsequences: true).reversed()
                case S_IFDIR:
                    current = candidate
                default:
                    guard pending.isEmpty else {
                        throw ResourceError("\(Self.quoted(reference)): \(path) is not a folder")
                    }
                    current = candidate
                }
            }
        }
        guard position(of: current) == .inside else { throw outside(reference, throughLink: links > 0) }
        return Self.path(current)
    }

    /// Whether a canonical path is inside the allowed folders (component by component).
    public func contains(canonicalPath path: String) -> Bool {
        position(of: Self.components(path)) == .inside
    }

    /// The bytes of the regular file `reference` names, resolved by `resolve(_:)` and opened
    /// without following a link (so it cannot be swapped for one in between) or blocking on a
    /// FIFO; at most `maxBytes`.
    public func read(_ reference: String, maxBytes: Int) throws(ResourceError) -> [UInt8] {
        try Self.readFile(resolve(reference), reference: reference, maxBytes: maxBytes)
    }

    /// Reads a path `resolve(_:)` returned; `reference` names it in errors.
    static func readFile(_ path: String, reference: String, maxBytes: Int) throws(ResourceError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else {
            throw ResourceError("\(Self.quoted(reference)) cannot be opened: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw ResourceError("\(Self.quoted(reference)) is not a regular file")
        }
        let size = Int(info.st_size)
        guard size <= maxBytes else {
            throw ResourceError("\(Self.quoted(reference)) is \(size) bytes, over the limit of \(maxBytes) bytes")
        }
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            count = 0
            while count < size, let base = buffer.baseAddress {
                let got = Glibc.read(descriptor, base + count, size - count)
                if got > 0 {
                    count += got
                } else if got == 0 {
                    break  // the file shrank since fstat: keep what there is
                } else if errno != EINTR {
                    failure = errno
                    break
                }
            }
        }
        guard failure == 0 else {
            throw ResourceError("\(Self.quoted(reference)) cannot be read: \(String(cString: strerror(failure)))")
        }
        return bytes
    }

    // MARK: - Paths

    private enum Position { case inside, ancestor, outside }

    private func position(of components: [String]) -> Position {
        var isAncestor = false
        for root in roots {
            if components.count >= root.count, components.starts(with: root) { return .inside }
            if root.count > components.count, root.starts(with: components) { isAncestor = true }
        }
        return isAncestor ? .ancestor : .outside
    }

    private func outside(_ reference: String, throughLink: Bool = false) -> ResourceError {
        let folders = roots.count > 1 ? "the template's folder and the allowed folders" : "the template's folder"
        return ResourceError(
            "\(Self.quoted(reference)) \(throughLink ? "leads through a symbolic link to" : "is") outside the folders "
                + "resources may come from (\(folders)); copy it into the template's folder or allow its folder "
                + "(galley: --allow-dir DIR)")
    }

    private static func checkSyntax(_ reference: String) throws(ResourceError) {
        guard !reference.isEmpty else { throw ResourceError("an empty path names no file") }
        for (offset, scalar) in reference.unicodeScalars.enumerated() where isControl(scalar) {
            let code = String(scalar.value, radix: 16, uppercase: true)
            let padded = String(repeating: "0", count: max(0, 4 - code.count)) + code
            throw ResourceError(
                "\(quoted(reference)) contains the control character U+\(padded) at position \(offset); "
                    + "a path may not contain NUL or other control characters")
        }
        // "scheme://...": a URL, never fetched (file:// included: it would be a second way to
        // name a path, with its own escaping rules).
        if let separator = reference.range(of: "://") {
            let scheme = Array(reference[..<separator.lowerBound].unicodeScalars)
            let letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".unicodeScalars
            let startsWithLetter = scheme.first.map { letters.contains($0) } ?? false
            let isScheme =
                startsWithLetter
                && scheme.allSatisfy { letters.contains($0) || "0123456789+-.".unicodeScalars.contains($0) }
            if isScheme {
                throw ResourceError(
                    "\(quoted(reference)) is a URL; resources are files (a path relative to the template) or data: URIs"
                )
            }
        }
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    private static func readLink(_ path: String, _ reference: String) throws(ResourceError) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(path, &buffer, buffer.count - 1)
        guard length > 0 else { throw ResourceError("\(quoted(reference)): cannot read the link \(path)") }
        return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func components(_ path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }

    private static func path(_ components: [String]) -> String { "/" + components.joined(separator: "/") }

    /// A path in quotes with control characters escaped, safe to print.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            result += isControl(scalar) ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
        }
        return result + "\""
    }
}
