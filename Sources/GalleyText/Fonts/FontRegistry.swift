import GalleyRender

/// A family as `galley fonts` lists it: its name and the faces it has.
public struct FontFamilyInfo: Hashable, Sendable {
    public struct Style: Hashable, Sendable {
        public var weight: Int
        public var italic: Bool
        public var path: String
        public var faceIndex: Int
    }
    public var name: String
    public var styles: [Style]
}

/// The process-wide set of font faces: the bundled `Fonts/` folder, template font folders and
/// (optionally) every font fontconfig knows.
///
/// The folders' faces are opened in `init`; the system's are opened only when an answer needs
/// them — a family the folders lack, a weight or slope they do not have exactly, a fallback for
/// a character, the full list — because opening every installed font (hundreds with Noto) was
/// two thirds of a cold `galley render`. Answers are the same as with everything opened up front:
/// folder faces come first, so a lookup the folders answer exactly could not have gone to a
/// system face. Each answer of `face(family:weight:italic:)` is kept (one short lock a lookup), as
/// are the per-character fallbacks.
public final class FontRegistry: Sendable {
    /// The family used when a requested family is unknown.
    public static let defaultFamily = "Liberation Sans"

    /// The faces of one set of files, indexed by family.
    struct Catalog: Sendable {
        let faces: [FontFace]
        let byFamily: [String: [FontFace]]
        /// `byFamily` under each family name as the fonts spell it: a style naming a family the
        /// usual way is found without lowercasing the name (a new string) for every paragraph.
        let byFamilyAsSpelled: [String: [FontFace]]
        let familyOrder: [String]

        init(_ faces: [FontFace]) {
            self.faces = faces
            var byFamily: [String: [FontFace]] = [:]
            var order: [String] = []
            for face in faces {
                let key = face.family.lowercased()
                if byFamily[key] == nil { order.append(key) }
                byFamily[key, default: []].append(face)
            }
            self.byFamily = byFamily
            var asSpelled: [String: [FontFace]] = [:]
            for face in faces where asSpelled[face.family] == nil {
                asSpelled[face.family] = byFamily[face.family.lowercased()]
            }
            byFamilyAsSpelled = asSpelled
            familyOrder = order
        }

        func family(_ name: String) -> [FontFace]? { byFamilyAsSpelled[name] ?? byFamily[name.lowercased()] }
    }

    /// The folders' faces, opened in `init`.
    private let folders: Catalog
    /// The folders' files, made known to fontconfig before it is asked for a fallback or the full list (see
    /// ``shareWithFontconfig()``).
    private let folderPaths: [String]
    /// The folders' and the system's faces, made when first needed.
    private let everything = Locked<Catalog?>(nil)
    /// The system's faces of one family (by lowercased name), opened when the family is first asked for.
    private let systemFamilies = Locked<[String: [FontFace]]>([:])
    private let fallbackCache = Locked<[FallbackKey: FontFace?]>([:])
    /// `face(family:weight:italic:)`'s answers: every paragraph asks, and finding a system family
    /// (lowercased names, a lock, the folder and system lists joined, the weights ranked) was a
    /// tenth of laying out an invoice set in DejaVu Sans.
    private let faceCache = Locked<[FaceKey: FontFace?]>([:])
    /// What the faces cover, made on the first fallback lookup (`FontCoverage`).
    private let coverage = Locked<FontCoverage?>(nil)

    private struct FaceKey: Hashable {
        let family: String?
        let weight: Int
        let italic: Bool
    }

    private struct FallbackKey: Hashable {
        let scalar: UInt32
        let like: FontResource
    }

    /// Scans `folders` (recursively, not following linked folders) for .ttf/.otf/.ttc files and,
    /// if asked, fontconfig's font list. Family, weight and italic come from each font's own
    /// tables.
    /// - Parameters:
    ///   - folders: the folders to scan, in order of preference.
    ///   - includeSystemFonts: whether fontconfig's fonts follow the folders' ones (opened when
    ///     first needed).
    ///   - admit: maps each font file found in `folders` to the path to open, or nil to skip it;
    ///     a caller confining untrusted folders resolves links with it (GalleyTemplates'
    ///     `ResourceFolders`). System fonts are not passed through it.
    public init(folders: [String], includeSystemFonts: Bool = true, admit: (String) -> String? = { $0 }) {
        var paths: [String] = []
        for folder in folders { paths += FontRegistry.fontFiles(in: folder).compactMap(admit) }
        folderPaths = paths
        var seen = Set<String>()
        self.folders = Catalog(FontRegistry.open(paths, seen: &seen))
        if !includeSystemFonts {
            SystemFonts.addApplicationFonts(paths)
            everything.withLock { $0 = self.folders }
        }
    }

    /// Opens every face of every file not opened yet.
    private static func open(_ paths: [String], seen: inout Set<String>) -> [FontFace] {
        var faces: [FontFace] = []
        for path in paths {
            let resolved = FileSystem.realPath(path) ?? path
            guard seen.insert(resolved).inserted else { continue }
            var index = 0
            while let face = FontFace(path: path, index: index) {
                faces.append(face)
                index += 1
            }
        }
        return faces
    }

    /// The folders' and the system's faces (the system's opened on the first call).
    private var all: Catalog {
        everything.withLock { catalog in
            if let catalog { return catalog }
            // Before fontconfig is asked anything: its answers (fallback families) count these files.
            SystemFonts.addApplicationFonts(folderPaths)
            var seen = Set(folderPaths.map { FileSystem.realPath($0) ?? $0 })
            // The faces of families asked for already stay the same objects.
            var opened: [FontResource: FontFace] = [:]
            for face in systemFamilies.withLock({ $0.values.flatMap { $0 } }) { opened[face.resource] = face }
            let system = FontRegistry.open(SystemFonts.files(), seen: &seen).map { opened[$0.resource] ?? $0 }
            let made = Catalog(folders.faces + system)
            catalog = made
            return made
        }
    }

    /// The faces of family `name` (any case), folder faces first: what the full catalog's
    /// `byFamily` holds for it, without opening the system's other fonts. fontconfig lists the
    /// files it has under that name; each face opened from them is kept when its own tables name
    /// the family, as the full catalog keys faces.
    private func family(_ name: String) -> [FontFace]? {
        if let built = everything.withLock({ $0 }) { return built.family(name) }
        let key = name.lowercased()
        let system = systemFamilies.withLock { families -> [FontFace] in
            if let known = families[key] { return known }
            // The folders' files need not be fontconfig's application fonts for this question (unlike a fallback's):
            // fontconfig would list those of this family too, and `seen` skips them. Adding them first (fontconfig
            // reads each whole font) was 6% of a cold `galley render` of an invoice set in a system family.
            var seen = Set(folderPaths.map { FileSystem.realPath($0) ?? $0 })
            let faces = FontRegistry.open(SystemFonts.files(family: name), seen: &seen).filter {
                $0.family.lowercased() == key
            }
            families[key] = faces
            return faces
        }
        let faces = (folders.family(name) ?? []) + system
        return faces.isEmpty ? nil : faces
    }

    /// Makes the folders' font files known to fontconfig (as application fonts), so libraries that
    /// find fonts through it — librsvg for the text of an SVG image — see the same fonts as the
    /// document. Called when a document uses an SVG; cheap after the first call.
    public func shareWithFontconfig() {
        SystemFonts.addApplicationFonts(folderPaths)
    }

    /// All faces, folder fonts first, then system fonts in fontconfig's order.
    public var faces: [FontFace] { all.faces }

    /// The face for a family, weight and slant: the family by exact (case-insensitive) name, else
    /// the default family; the nearest weight by CSS font matching; italic faces preferred when
    /// asked for. Nil only when the registry holds no fonts at all.
    public func face(family: String?, weight: Int, italic: Bool) -> FontFace? {
        let key = FaceKey(family: family, weight: weight, italic: italic)
        if let known = faceCache.withLock({ $0[key] }) { return known }
        let best = nearestFace(family: family, weight: weight, italic: italic)
        faceCache.withLock { $0[key] = best }
        return best
    }

    /// The nearest face of the family (else the default family, else the first), for `face`.
    private func nearestFace(family: String?, weight: Int, italic: Bool) -> FontFace? {
        // The folders' exact match is the answer whatever the system has: it ranks first and
        // comes first.
        if let candidates = family.flatMap(folders.family) ?? folders.family(FontRegistry.defaultFamily),
            family == nil || folders.family(family ?? "") != nil,
            let exact = candidates.first(where: { $0.weight == weight && $0.italic == italic })
        {
            return exact
        }
        let candidates =
            family.flatMap(self.family) ?? self.family(FontRegistry.defaultFamily)
            ?? all.familyOrder.first.flatMap { all.byFamily[$0] }
        guard let candidates, !candidates.isEmpty else { return nil }
        // The first of the best-ranked faces, among those of the asked slope when there are any
        // (no filtered array: every paragraph asks).
        let anySloped = candidates.contains { $0.italic == italic }
        var best: FontFace?
        var bestRank = (0, 0)
        for face in candidates where !anySloped || face.italic == italic {
            let rank = FontRegistry.weightRank(face.weight, desired: weight)
            if best == nil || rank < bestRank {
                best = face
                bestRank = rank
            }
        }
        return best
    }

    /// Whether the registry has a family of this name (case-insensitive); `face(family:…)`
    /// substitutes the default family for one it does not have.
    public func hasFamily(_ name: String) -> Bool {
        folders.family(name) != nil || family(name) != nil
    }

    /// The family `face(family:…)` uses for a family the registry does not have.
    public var substituteFamily: String? {
        if let first = family(FontRegistry.defaultFamily)?.first { return first.family }
        let all = self.all
        return
            (all.byFamily[FontRegistry.defaultFamily.lowercased()] ?? all.familyOrder.first.flatMap { all.byFamily[$0] })?
            .first?.family
    }

    /// CSS Fonts 4 §5.2 weight matching as a sort key (lower is better).
    static func weightRank(_ available: Int, desired: Int) -> (Int, Int) {
        if available == desired { return (0, 0) }
        if (400...500).contains(desired) {
            if available > desired && available <= 500 { return (1, available - desired) }
            if available < desired { return (2, desired - available) }
            return (3, available - desired)
        }
        if desired < 400 {
            return available < desired ? (1, desired - available) : (2, available - desired)
        }
        return available > desired ? (1, available - desired) : (2, desired - available)
    }

    /// A face that can render `scalar`, resembling `like`: its own family first, then
    /// fontconfig's preference for that character, then any registered face. Cached.
    public func fallbackFace(for scalar: Unicode.Scalar, like: FontFace) -> FontFace? {
        if like.hasGlyph(for: scalar) { return like }
        let key = FallbackKey(scalar: scalar.value, like: like.resource)
        if let cached = fallbackCache.withLock({ $0[key] }) { return cached }
        let found = findFallback(for: scalar, like: like)
        fallbackCache.withLock { $0[key] = found }
        return found
    }

    private func findFallback(for scalar: Unicode.Scalar, like: FontFace) -> FontFace? {
        let all = self.all
        let byFamily = all.byFamily
        // No face has it: the answer is nil, without asking fontconfig (FontCoverage).
        let covered = coverage.withLock { coverage in
            if coverage == nil { coverage = FontCoverage(all.faces) }
            return coverage?.contains(scalar) ?? true
        }
        guard covered else { return nil }
        func best(in family: [FontFace]) -> FontFace? {
            let covering = family.filter { $0.hasGlyph(for: scalar) }
            let sloped = covering.filter { $0.italic == like.italic }
            return (sloped.isEmpty ? covering : sloped).min {
                FontRegistry.weightRank($0.weight, desired: like.weight)
                    < FontRegistry.weightRank($1.weight, desired: like.weight)
            }
        }
        if let own = byFamily[like.family.lowercased()], let face = best(in: own) { return face }
        for family in SystemFonts.families(covering: scalar, like: like.family) {
            if let faces = byFamily[family.lowercased()], let face = best(in: faces) { return face }
        }
        for family in all.familyOrder {
            if let faces = byFamily[family], let face = best(in: faces) { return face }
        }
        return nil
    }

    /// Families and their styles, sorted by name, each style by weight then upright before
    /// italic (for `galley fonts`). A style found in several files (a bundled font the system
    /// also has) is listed once, with the file found first.
    public var families: [FontFamilyInfo] {
        let all = self.all
        let byFamily = all.byFamily
        return all.familyOrder.compactMap { key -> FontFamilyInfo? in
            guard let faces = byFamily[key], let first = faces.first else { return nil }
            var seen = Set<[Int]>()
            let styles = faces.filter { seen.insert([$0.weight, $0.italic ? 1 : 0]).inserted }.map {
                FontFamilyInfo.Style(
                    weight: $0.weight, italic: $0.italic, path: $0.resource.path, faceIndex: $0.resource.faceIndex)
            }.sorted { ($0.weight, $0.italic ? 1 : 0) < ($1.weight, $1.italic ? 1 : 0) }
            return FontFamilyInfo(name: first.family, styles: styles)
        }.sorted { $0.name.lowercased() < $1.name.lowercased() }
    }

    private static func fontFiles(in folder: String) -> [String] {
        FileSystem.files(under: folder).filter {
            let lower = $0.lowercased()
            return lower.hasSuffix(".ttf") || lower.hasSuffix(".otf") || lower.hasSuffix(".ttc")
        }
    }
}

extension FontRegistry {
    /// The repository's bundled `Fonts/` folder: `$GALLEY_FONTS` if set, else found by walking up
    /// from the executable, else from this source file's location.
    public static let bundledFontsFolder: String = {
        let marker = "LiberationSans-Regular.ttf"
        if let env = FileSystem.environment("GALLEY_FONTS"), !env.isEmpty { return env }
        func search(from start: String) -> String? {
            var dir = start
            for _ in 0..<12 {
                let candidate = dir + "/Fonts"
                if FileSystem.exists(candidate + "/" + marker) { return candidate }
                let parent = FileSystem.parent(dir)
                if parent == dir { break }
                dir = parent
            }
            return nil
        }
        if let executable = FileSystem.realPath("/proc/self/exe"),
            let found = search(from: FileSystem.parent(executable))
        {
            return found
        }
        let source = FileSystem.parent(#filePath)
        return search(from: source) ?? source + "/../../../../Fonts"
    }()

    /// The bundled fonts plus the system's, created on first use.
    public static let shared = FontRegistry(folders: [bundledFontsFolder], includeSystemFonts: true)
}
