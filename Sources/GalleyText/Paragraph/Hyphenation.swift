import CHyphen
import GalleyRender
import Glibc

/// Hyphenation points from libhyphen with the system's pattern dictionaries
/// (`/usr/share/hyphen/hyph_<lang>.dic`, from Debian's `hyphen-*` packages).
///
/// Each dictionary is read in its own character set, named on its first line (German's is
/// ISO-8859-1, English's and French's UTF-8): a word is converted to it before libhyphen sees it,
/// so `ausschließlich` breaks as `aus-schließ-lich` rather than at the bytes of a UTF-8 `ß`.
/// Dictionaries are built by `HyphenationPatterns` (tens of milliseconds for German, where libhyphen's
/// loader took 7 s) once per process and kept.
enum Hyphenation {
    /// Words shorter than this (in scalars) are never hyphenated.
    static let minimumWordLength = 5
    static let dictionaryFolder = "/usr/share/hyphen/"

    /// A loaded dictionary and the byte each Unicode scalar has in its character set.
    ///
    /// Safety of `@unchecked Sendable`: libhyphen only reads the dictionary while hyphenating
    /// (all state is in the caller's buffers), it is never freed (the process keeps each language
    /// it loaded), and it is built before it is published under `dictionaries`' lock.
    final class Dictionary: @unchecked Sendable {
        let pointer: UnsafeMutablePointer<HyphenDict>
        /// nil for UTF-8; otherwise the single byte of each scalar the charset has.
        let encoding: [UInt32: UInt8]?

        init(_ pointer: UnsafeMutablePointer<HyphenDict>, encoding: [UInt32: UInt8]?) {
            self.pointer = pointer
            self.encoding = encoding
        }
    }

    /// Loaded dictionaries by language tag, and by file: `de-DE`, `de-CH` and `de` share
    /// Debian's one German file (a symbolic link each), built once.
    private struct Loaded {
        var byTag: [String: Dictionary?] = [:]
        var byFile: [String: Dictionary] = [:]
    }

    private static let dictionaries = Locked(Loaded())

    /// The dictionary for a BCP 47 tag: `hyph_de_CH.dic`, else `hyph_de.dic`, `hyph_de_DE.dic`,
    /// else any `hyph_de_*.dic`; nil when none is installed. Each file is loaded once per process.
    static func dictionary(for language: String?) -> Dictionary? {
        let tag = (language ?? "en-US").replacingOccurrences("-", "_")
        return dictionaries.withLock { loaded in
            if let cached = loaded.byTag[tag] { return cached }
            // A loop, not `lazy.compactMap(load).first`: a lazy collection's `first` runs the
            // closure twice for the element it returns (its start index, then its subscript),
            // which built every dictionary twice.
            var found: Dictionary?
            for path in candidatePaths(tag) where found == nil {
                let file = FileSystem.realPath(path) ?? path
                found = loaded.byFile[file] ?? load(file)
                if let found { loaded.byFile[file] = found }
            }
            loaded.byTag[tag] = found
            return found
        }
    }

    private static func candidatePaths(_ tag: String) -> [String] {
        var names = [tag]
        let parts = tag.split(separator: "_").map(String.init)
        if let base = parts.first {
            // de_Latn_CH → de_CH; then the language alone and its main country.
            if parts.count == 3 { names.append(base + "_" + parts[2]) }
            names += [base, base + "_" + base.uppercased()]
            if base == "en" { names.append("en_US") }
        }
        var paths = names.map { dictionaryFolder + "hyph_" + $0 + ".dic" }.filter(FileSystem.exists)
        if paths.isEmpty, let base = parts.first {
            paths = FileSystem.files(under: dictionaryFolder).filter {
                $0.hasPrefix(dictionaryFolder + "hyph_" + base + "_") && $0.hasSuffix(".dic")
            }
        }
        return paths
    }

    private static func load(_ path: String) -> Dictionary? {
        guard let bytes = FileSystem.contents(of: path), let dict = HyphenationPatterns.load(bytes) else { return nil }
        let charset = withUnsafeBytes(of: dict.pointee.cset) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        if dict.pointee.utf8 != 0 { return Dictionary(dict, encoding: nil) }
        guard let table = singleByteTable(charset) else { return nil }
        return Dictionary(dict, encoding: table)
    }

    /// Scalar → byte for a single-byte character set, through iconv; nil when iconv does not know it.
    private static func singleByteTable(_ charset: String) -> [UInt32: UInt8]? {
        let converter = iconv_open("UTF-32LE", charset)
        guard let converter, converter != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(converter) }
        var table = [UInt32: UInt8]()
        for byte in 1...255 {
            var input = [CChar(bitPattern: UInt8(byte))]
            var output = [UInt32](repeating: 0, count: 2)
            var inLeft = 1
            var outLeft = 8
            let converted = input.withUnsafeMutableBufferPointer { inBuffer in
                output.withUnsafeMutableBytes { outBuffer in
                    var inPointer = inBuffer.baseAddress
                    var outPointer = outBuffer.baseAddress?.assumingMemoryBound(to: CChar.self)
                    return iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft)
                }
            }
            if converted != -1, outLeft == 4 { table[output[0]] = UInt8(byte) }
        }
        return table
    }

    /// Offsets inside `range` where a word may be hyphenated (a hyphen is drawn before the offset).
    static func points(_ text: ParagraphText, in range: Range<Int>, language: String?) -> [Int] {
        var result: [Int] = []
        var i = range.lowerBound
        // Looked up once per call, not per word (a lock and a string per lookup).
        var dict: Dictionary??
        var cancellation = TypesettingCancellation(length: range.count)
        while i < range.upperBound {
            if cancellation.shouldStop() { break }
            let (scalar, length) = text.scalar(at: i)
            guard scalar.properties.isAlphabetic else {
                i += length
                continue
            }
            var end = i
            var scalars = 0
            while end < range.upperBound {
                let (s, l) = text.scalar(at: end)
                if !s.properties.isAlphabetic { break }
                end += l
                scalars += 1
            }
            if scalars >= minimumWordLength {
                if dict == nil { dict = .some(dictionary(for: language)) }
                if let found = dict ?? nil { result += hyphenate(text, i..<end, dict: found) }
            }
            i = end
        }
        return result
    }

    /// The word's hyphenation points as UTF-16 offsets in the paragraph.
    private static func hyphenate(_ text: ParagraphText, _ word: Range<Int>, dict: Dictionary) -> [Int] {
        let original = text.string(word)
        // Patterns are lower case; a scalar whose lower case is several scalars keeps the word whole.
        var bytes: [CChar] = []
        var unitAfterByte: [Int] = []
        var units = word.lowerBound
        for scalar in original.unicodeScalars {
            let lower = scalar.properties.lowercaseMapping.unicodeScalars
            guard lower.count == 1, let lowered = lower.first else { return [] }
            units += UTF16.width(scalar)
            if let encoding = dict.encoding {
                guard let byte = encoding[lowered.value] else { return [] }
                bytes.append(CChar(bitPattern: byte))
                unitAfterByte.append(units)
            } else {
                for byte in String(lowered).utf8 {
                    bytes.append(CChar(bitPattern: byte))
                    unitAfterByte.append(-1)
                }
                unitAfterByte[unitAfterByte.count - 1] = units
            }
        }
        let count = bytes.count
        guard count > 0, count < 250 else { return [] }
        var hyphens = [CChar](repeating: 0, count: count + 5)
        var rep: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        var pos: UnsafeMutablePointer<Int32>?
        var cut: UnsafeMutablePointer<Int32>?
        bytes.append(0)
        let status = hnj_hyphen_hyphenate3(
            dict.pointer, bytes, Int32(count), &hyphens, nil, &rep, &pos, &cut, 2, 3, 2, 2)
        if let rep {
            for k in 0..<count { free(rep[k]) }
            free(rep)
        }
        free(pos)
        free(cut)
        guard status == 0 else { return [] }
        // A UTF-8 dictionary's result is per character (libhyphen normalises it); a single-byte one's per byte.
        var points: [Int] = []
        if dict.encoding == nil {
            let ends = unitAfterByte.filter { $0 >= 0 }
            for k in 0..<ends.count where hyphens[k] & 1 == 1 && ends[k] < word.upperBound { points.append(ends[k]) }
        } else {
            for k in 0..<count where hyphens[k] & 1 == 1 && unitAfterByte[k] < word.upperBound {
                points.append(unitAfterByte[k])
            }
        }
        return points
    }
}

extension String {
    fileprivate func replacingOccurrences(_ target: Character, _ replacement: Character) -> String {
        String(map { $0 == target ? replacement : $0 })
    }
}
