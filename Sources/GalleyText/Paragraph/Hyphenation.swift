import CHyphen
import GalleyRender
import Glibc

/// Hyphenation points from libhyphen with the system's pattern dictionaries
/// (/usr/share/hyphen/hyph_<lang>.dic, e.g. hyph_en_US.dic from hyphen-en-us).
enum Hyphenation {
    /// Words shorter than this (in scalars) are never hyphenated.
    static let minimumWordLength = 5
    static let dictionaryFolder = "/usr/share/hyphen/"

    /// A loaded dictionary. Safety of `@unchecked Sendable`: libhyphen only reads the dictionary
    /// while hyphenating (all state is in the caller's buffers), it is never freed (the process
    /// keeps each language it loaded), and loading happens under `dictionaries`' lock.
    private final class Dictionary: @unchecked Sendable {
        let pointer: UnsafeMutablePointer<HyphenDict>
        init(_ pointer: UnsafeMutablePointer<HyphenDict>) { self.pointer = pointer }
    }

    private static let dictionaries = Locked<[String: Dictionary?]>([:])

    private static func dictionary(for language: String?) -> Dictionary? {
        let tag = (language ?? "en-US").replacingOccurrences("-", "_")
        return dictionaries.withLock { cache in
            if let cached = cache[tag] { return cached }
            var names = [tag]
            if let base = tag.split(separator: "_").first.map(String.init), base != tag {
                names += [base, base + "_" + base.uppercased()]
            }
            if tag == "en" { names.append("en_US") }
            var loaded: Dictionary?
            for name in names {
                let path = dictionaryFolder + "hyph_" + name + ".dic"
                if FileSystem.exists(path), let dict = hnj_hyphen_load(path) {
                    loaded = Dictionary(dict)
                    break
                }
            }
            cache[tag] = loaded
            return loaded
        }
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

    private static func hyphenate(_ text: ParagraphText, _ word: Range<Int>, dict: Dictionary) -> [Int] {
        let original = text.string(word)
        let lower = original.lowercased()
        guard lower.utf8.count == original.utf8.count else { return [] }
        // byte offset (end of a scalar) → UTF-16 offset in the paragraph
        var byteToUnit: [Int: Int] = [:]
        var bytes = 0
        var units = word.lowerBound
        for scalar in original.unicodeScalars {
            bytes += UTF8.width(scalar)
            units += UTF16.width(scalar)
            byteToUnit[bytes] = units
        }
        let utf8 = Array(lower.utf8CString)
        var hyphens = [CChar](repeating: 0, count: utf8.count + 5)
        var rep: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        var pos: UnsafeMutablePointer<Int32>?
        var cut: UnsafeMutablePointer<Int32>?
        let status = hnj_hyphen_hyphenate3(
            dict.pointer, utf8, Int32(utf8.count - 1), &hyphens, nil, &rep, &pos, &cut, 2, 3, 2, 2)
        if let rep {
            for k in 0..<(utf8.count - 1) { free(rep[k]) }
            free(rep)
        }
        free(pos)
        free(cut)
        guard status == 0 else { return [] }
        var points: [Int] = []
        for k in 0..<(utf8.count - 1) where hyphens[k] & 1 == 1 {
            if let unit = byteToUnit[k + 1], unit < word.upperBound { points.append(unit) }
        }
        return points
    }
}

extension String {
    fileprivate func replacingOccurrences(_ target: Character, _ replacement: Character) -> String {
        String(map { $0 == target ? replacement : $0 })
    }
}
