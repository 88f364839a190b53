import CFontconfig
import GalleyRender

/// fontconfig queries: the list of installed font files and, for fallback, the families
/// fontconfig prefers for a character. Calls are serialised (fontconfig's config object is
/// shared); they run once at registry creation and once per uncached fallback character.
enum SystemFonts {
    // An Int, not Void: a zero-sized state would share its address with the mutex pointer,
    // and TSan would take the exclusivity tracking of one for an access to the other.
    private static let lock = Locked<Int>(0)

    /// The files already handed to fontconfig as application fonts.
    private static let added = Locked<Set<String>>([])

    /// Makes font files (bundled, a template's font folders) known to fontconfig, once each, so
    /// libraries that find fonts through it — librsvg for the text of an SVG image — see the
    /// same fonts as the document. Only files the registry admitted are added, not whole folders.
    static func addApplicationFonts(_ paths: [String]) {
        let new = added.withLock { added in paths.filter { added.insert($0).inserted } }
        guard !new.isEmpty else { return }
        lock.withLock { _ in
            guard FcInit() != 0 else { return }
            for path in new { _ = FcConfigAppFontAddFile(nil, path) }
        }
    }

    /// Font files fontconfig lists (TrueType/OpenType/collections), sorted by path; with a
    /// family, only the files fontconfig lists under that family name (any case, blanks ignored).
    static func files(family: String? = nil) -> [String] {
        lock.withLock { _ in
            guard FcInit() != 0, let pattern = FcPatternCreate(), let objects = FcObjectSetCreate() else { return [] }
            defer {
                FcPatternDestroy(pattern)
                FcObjectSetDestroy(objects)
            }
            if let family {
                let added = family.withCString {
                    $0.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) {
                        FcPatternAddString(pattern, FC_FAMILY, $0)
                    }
                }
                guard added != 0 else { return [] }
            }
            _ = FcObjectSetAdd(objects, FC_FILE)
            guard let set = FcFontList(nil, pattern, objects) else { return [] }
            defer { FcFontSetDestroy(set) }
            var files: [String] = []
            for i in 0..<Int(set.pointee.nfont) {
                guard let font = set.pointee.fonts[i] else { continue }
                var file: UnsafeMutablePointer<FcChar8>?
                guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file else { continue }
                let path = String(cString: file)
                let lower = path.lowercased()
                if lower.hasSuffix(".ttf") || lower.hasSuffix(".otf") || lower.hasSuffix(".ttc") {
                    files.append(path)
                }
            }
            return files.sorted()
        }
    }

    /// Families fontconfig would use for `scalar` when `family` is wanted, best first, keeping
    /// only fonts whose charset contains the character.
    static func families(covering scalar: Unicode.Scalar, like family: String) -> [String] {
        lock.withLock { _ in
            guard FcInit() != 0, let pattern = FcPatternCreate(), let charset = FcCharSetCreate() else { return [] }
            defer {
                FcPatternDestroy(pattern)
                FcCharSetDestroy(charset)
            }
            _ = FcCharSetAddChar(charset, scalar.value)
            _ = family.withCString { name in
                name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) {
                    FcPatternAddString(pattern, FC_FAMILY, $0)
                }
            }
            _ = FcPatternAddCharSet(pattern, FC_CHARSET, charset)
            _ = FcConfigSubstitute(nil, pattern, FcMatchPattern)
            FcDefaultSubstitute(pattern)
            var result = FcResultMatch
            guard let set = FcFontSort(nil, pattern, 1, nil, &result) else { return [] }
            defer { FcFontSetDestroy(set) }
            var families: [String] = []
            for i in 0..<Int(set.pointee.nfont) {
                guard let font = set.pointee.fonts[i] else { continue }
                var fontCharset: OpaquePointer?
                guard FcPatternGetCharSet(font, FC_CHARSET, 0, &fontCharset) == FcResultMatch,
                    let fontCharset, FcCharSetHasChar(fontCharset, scalar.value) != 0
                else { continue }
                var name: UnsafeMutablePointer<FcChar8>?
                if FcPatternGetString(font, FC_FAMILY, 0, &name) == FcResultMatch, let name {
                    let family = String(cString: name)
                    if !families.contains(family) { families.append(family) }
                }
            }
            return families
        }
    }
}
