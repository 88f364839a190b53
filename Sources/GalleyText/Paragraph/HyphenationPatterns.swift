import CHyphen
import Glibc

/// Builds libhyphen's `HyphenDict` from a `.dic` file without `hnj_hyphen_load`, whose state
/// table is a fixed 31,627-bucket hash with string keys: Debian's German dictionary (77,900
/// lines, most of them whole compounds) took 7 s to load. Here the patterns go into a trie,
/// whose nodes are exactly libhyphen's states (every prefix of a pattern), and the fallback
/// states — the longest proper suffix that is a state — are Aho–Corasick failure links found
/// breadth first, in time linear in the trie. The result is the same automaton, laid out in a
/// few large blocks, and `hnj_hyphen_hyphenate3` runs on it unchanged (tests compare every
/// word of a list with libhyphen's own loader).
///
/// Lines are read as `hnj_hyphen_load_file` reads them (libhyphen 2.8.8): the first names the
/// character set; `%` starts a comment; `LEFTHYPHENMIN`, `RIGHTHYPHENMIN`,
/// `COMPOUNDLEFTHYPHENMIN`, `COMPOUNDRIGHTHYPHENMIN`, `NOHYPHEN` set options; `NEXTLEVEL`
/// separates the compound level from the word level; a file without it gets libhyphen's default
/// compound level (no breaks at `-` and `'`). The blocks are never freed (a process keeps every
/// dictionary it loaded), so `hnj_hyphen_free` must never see one.
enum HyphenationPatterns {
    /// libhyphen's line buffer (`MAX_CHARS`): longer lines are skipped, as it skips them.
    private static let maxChars = 100
    private static let nextLevelKeyword = Array("NEXTLEVEL".utf8)
    private static let noHyphenKeyword = Array("NOHYPHEN".utf8)
    private static let numberKeywords: [(name: [UInt8], option: Int)] = [
        (Array("LEFTHYPHENMIN".utf8), 0), (Array("RIGHTHYPHENMIN".utf8), 1),
        (Array("COMPOUNDLEFTHYPHENMIN".utf8), 2), (Array("COMPOUNDRIGHTHYPHENMIN".utf8), 3),
    ]

    /// The dictionary in `bytes` (a whole `.dic` file), or nil when it has no character set line.
    static func load(_ bytes: [UInt8]) -> UnsafeMutablePointer<HyphenDict>? {
        var lines = Lines(bytes)
        guard let charsetLine = lines.next() else { return nil }
        let charset = Array(charsetLine.prefix { $0 != 0x0D && $0 != 0x0A }.prefix(19))
        let utf8 = charset == Array("UTF-8".utf8)
        var first = Level()
        var nextLevel = false
        while let line = lines.next() {
            if line.first == UInt8(ascii: "N"), line.starts(with: nextLevelKeyword) {
                nextLevel = true
                break
            }
            if line.first != UInt8(ascii: "%") { first.add(line, utf8: utf8) }
        }
        var second = Level()
        if nextLevel {
            while let line = lines.next() {
                if line.first == UInt8(ascii: "N"), line.starts(with: nextLevelKeyword) { break }
                if line.first != UInt8(ascii: "%") { second.add(line, utf8: utf8) }
            }
        } else {
            // libhyphen's default compound level: no hyphenation at hyphens and apostrophes.
            let defaults =
                utf8
                ? ["NOHYPHEN ',\u{2013},\u{2019},-\n", "1-1\n", "1'1\n", "1\u{2013}1\n", "1\u{2019}1\n"]
                : ["NOHYPHEN ',-\n", "1-1\n", "1'1\n"]
            for line in defaults { second.add(Array(line.utf8)[...], utf8: utf8) }
        }
        let top = first.build(charset: charset, utf8: utf8)
        let bottom = second.build(charset: charset, utf8: utf8)
        if nextLevel {
            top.pointee.nextlevel = bottom
            return top
        }
        // No NEXTLEVEL: the default level is on top, the file's patterns below it.
        bottom.pointee.nextlevel = top
        bottom.pointee.lhmin = top.pointee.lhmin
        bottom.pointee.rhmin = top.pointee.rhmin
        bottom.pointee.clhmin =
            top.pointee.clhmin != 0 ? top.pointee.clhmin : (top.pointee.lhmin != 0 ? top.pointee.lhmin : 3)
        bottom.pointee.crhmin =
            top.pointee.crhmin != 0 ? top.pointee.crhmin : (top.pointee.rhmin != 0 ? top.pointee.rhmin : 3)
        return bottom
    }

    /// The file's lines as `fgets` with a `MAX_CHARS` buffer returns them, newline included;
    /// a line too long for the buffer is skipped.
    private struct Lines {
        let bytes: [UInt8]
        var position = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        mutating func next() -> ArraySlice<UInt8>? {
            while position < bytes.count {
                let start = position
                var end = start
                while end < bytes.count, bytes[end] != 0x0A { end += 1 }
                let lineEnd = end < bytes.count ? end + 1 : end
                position = lineEnd
                if lineEnd - start > maxChars - 1 { continue }
                return bytes[start..<lineEnd]
            }
            return nil
        }
    }

    /// One level's trie and options while it is read.
    private struct Level {
        var firstChild: [Int32] = [-1]
        var nextSibling: [Int32] = [-1]
        var label: [UInt8] = [0]
        /// Offset of each state's match in `strings` (NUL-terminated), or -1.
        var match: [Int32] = [-1]
        var replacement: [Int32] = [-1]
        var replacementIndex: [Int8] = [0]
        var replacementCut: [Int8] = [0]
        var strings: [UInt8] = []
        var leftMin: Int8 = 0
        var rightMin: Int8 = 0
        var compoundLeftMin: Int8 = 0
        var compoundRightMin: Int8 = 0
        var noHyphen: [UInt8]?
        var noHyphenCount: Int32 = 0

        private mutating func state(for word: [UInt8]) -> Int {
            var node = 0
            for byte in word {
                var child = Int(firstChild[node])
                while child >= 0, label[child] != byte { child = Int(nextSibling[child]) }
                if child < 0 {
                    child = label.count
                    label.append(byte)
                    firstChild.append(-1)
                    nextSibling.append(firstChild[node])
                    match.append(-1)
                    replacement.append(-1)
                    replacementIndex.append(0)
                    replacementCut.append(0)
                    firstChild[node] = Int32(child)
                }
                node = child
            }
            return node
        }

        private mutating func store(_ text: some Collection<UInt8>) -> Int32 {
            let offset = Int32(strings.count)
            strings.append(contentsOf: text)
            strings.append(0)
            return offset
        }

        /// Reused for every line's word and digits (a German dictionary has 77,900 lines).
        private var word: [UInt8] = []
        private var pattern: [UInt8] = []

        /// `hnj_hyphen_load_line`.
        mutating func add(_ line: ArraySlice<UInt8>, utf8: Bool) {
            // Options are upper-case words; patterns never start with an upper-case letter.
            if let first = line.first, first >= UInt8(ascii: "A"), first <= UInt8(ascii: "Z"), addOption(line) {
                return
            }
            var body = line
            var replacementText: [UInt8]?
            var replIndex: Int8 = 0
            var replCut: Int8 = 0
            if let slash = line.firstIndex(of: UInt8(ascii: "/")) {
                var tail = Array(line[(slash + 1)...])
                body = line[..<slash]
                if let comma = tail.firstIndex(of: UInt8(ascii: ",")) {
                    let rest = Array(tail[(comma + 1)...])
                    tail = Array(tail[..<comma])
                    if let comma2 = rest.firstIndex(of: UInt8(ascii: ",")) {
                        replIndex = Int8(truncatingIfNeeded: Self.atoi(rest[..<comma2]) - 1)
                        replCut = Int8(truncatingIfNeeded: Self.atoi(rest[(comma2 + 1)...]))
                    }
                } else {
                    while let last = tail.last, last == 0x0A || last == 0x0D { tail.removeLast() }
                    replCut = Int8(truncatingIfNeeded: body.count)
                }
                replacementText = tail
            }
            word.removeAll(keepingCapacity: true)
            pattern.removeAll(keepingCapacity: true)
            pattern.append(UInt8(ascii: "0"))
            for byte in body {
                guard byte > 0x20, word.count < maxChars - 2 else { break }
                if byte >= 0x30 && byte <= 0x39 {
                    pattern[pattern.count - 1] = byte
                } else {
                    word.append(byte)
                    pattern.append(UInt8(ascii: "0"))
                }
            }
            var skip = 0
            if replacementText == nil {
                while skip < pattern.count, pattern[skip] == UInt8(ascii: "0") { skip += 1 }
            } else {
                if word.first == UInt8(ascii: ".") { skip += 1 }
                if utf8 { (replIndex, replCut) = Self.byteOffsets(word, replIndex, replCut) }
            }
            let node = state(for: word)
            match[node] = store(pattern[skip...])
            replacement[node] = replacementText.map { store($0) } ?? -1
            replacementIndex[node] = replIndex
            replacementCut[node] = replCut == 0 ? Int8(truncatingIfNeeded: word.count) : replCut
        }

        /// A `LEFTHYPHENMIN`, `RIGHTHYPHENMIN`, `COMPOUND…HYPHENMIN` or `NOHYPHEN` line; false for any other.
        private mutating func addOption(_ line: ArraySlice<UInt8>) -> Bool {
            for (keyword, option) in numberKeywords where line.starts(with: keyword) {
                let rest = line.dropFirst(keyword.count).drop { $0 == 0x20 || $0 == 0x09 }
                let value = Int8(truncatingIfNeeded: Self.atoi(rest))
                switch option {
                case 0: leftMin = value
                case 1: rightMin = value
                case 2: compoundLeftMin = value
                default: compoundRightMin = value
                }
                return true
            }
            guard line.starts(with: noHyphenKeyword) else { return false }
            var list = Array(line.dropFirst(8).drop { $0 == 0x20 || $0 == 0x09 })
            noHyphen = nil
            noHyphenCount = 0
            guard !list.isEmpty else { return true }
            // libhyphen drops the last character (the newline) and cuts at each comma after the first character.
            list[list.count - 1] = 0
            var index = list.count - 2
            while index > 0 {
                if list[index] == UInt8(ascii: ",") {
                    noHyphenCount += 1
                    list[index] = 0
                }
                index -= 1
            }
            noHyphen = list
            return true
        }

        /// libhyphen's conversion of a replacement's character positions to byte positions (UTF-8).
        private static func byteOffsets(_ word: [UInt8], _ index: Int8, _ cut: Int8) -> (Int8, Int8) {
            var replIndex = Int(index)
            var replCut = Int(cut)
            var unicode = -1
            var start = -1
            var byte = word.first == UInt8(ascii: ".") ? 1 : 0
            while byte < word.count + 1 {
                let value = byte < word.count ? word[byte] : 0
                if value >> 6 != 2 { unicode += 1 }
                if start < 0, replIndex == unicode {
                    start = replIndex
                    replIndex = byte
                }
                if start >= 0, unicode - start == replCut {
                    replCut = byte - replIndex
                    break
                }
                byte += 1
            }
            if word.first == UInt8(ascii: ".") { replIndex -= 1 }
            return (Int8(truncatingIfNeeded: replIndex), Int8(truncatingIfNeeded: replCut))
        }

        private static func atoi(_ digits: some Collection<UInt8>) -> Int {
            let trimmed = digits.drop { $0 == 0x20 || $0 == 0x09 }
            var sign = 1
            var rest = trimmed[...]
            if rest.first == UInt8(ascii: "-") {
                sign = -1
                rest = rest.dropFirst()
            }
            var value = 0
            for byte in rest {
                guard byte >= 0x30 && byte <= 0x39 else { break }
                value = value &* 10 &+ Int(byte - 0x30)
            }
            return sign * value
        }

        /// The level as libhyphen's structures, with fallback states.
        func build(charset: [UInt8], utf8: Bool) -> UnsafeMutablePointer<HyphenDict> {
            let count = label.count
            // Breadth-first order gives each node's fallback before its children need it.
            var fallback = [Int32](repeating: -1, count: count)
            var queue: [Int32] = [0]
            queue.reserveCapacity(count)
            var head = 0
            while head < queue.count {
                let node = Int(queue[head])
                head += 1
                var child = Int(firstChild[node])
                while child >= 0 {
                    queue.append(Int32(child))
                    if node == 0 {
                        fallback[child] = 0
                    } else {
                        var candidate = Int(fallback[node])
                        var found: Int32 = 0
                        while candidate >= 0 {
                            var next = Int(firstChild[candidate])
                            while next >= 0, label[next] != label[child] { next = Int(nextSibling[next]) }
                            if next >= 0 {
                                found = Int32(next)
                                break
                            }
                            candidate = Int(fallback[candidate])
                        }
                        fallback[child] = found
                    }
                    child = Int(nextSibling[child])
                }
            }
            let strings = UnsafeMutablePointer<CChar>.allocate(capacity: max(1, self.strings.count))
            self.strings.withUnsafeBytes { raw in
                for (index, byte) in raw.enumerated() { strings[index] = CChar(bitPattern: byte) }
            }
            let transitions = UnsafeMutablePointer<HyphenTrans>.allocate(capacity: max(1, count - 1))
            let states = UnsafeMutablePointer<HyphenState>.allocate(capacity: count)
            var used = 0
            for node in 0..<count {
                let start = used
                var child = Int(firstChild[node])
                while child >= 0 {
                    transitions[used] = HyphenTrans(ch: CChar(bitPattern: label[child]), new_state: Int32(child))
                    used += 1
                    child = Int(nextSibling[child])
                }
                states[node] = HyphenState(
                    match: match[node] >= 0 ? strings + Int(match[node]) : nil,
                    repl: replacement[node] >= 0 ? strings + Int(replacement[node]) : nil,
                    replindex: replacementIndex[node], replcut: replacementCut[node], fallback_state: fallback[node],
                    num_trans: Int32(used - start), trans: used > start ? transitions + start : nil)
            }
            let dict = UnsafeMutablePointer<HyphenDict>.allocate(capacity: 1)
            var names = [CChar](repeating: 0, count: 20)
            for (index, byte) in charset.prefix(19).enumerated() { names[index] = CChar(bitPattern: byte) }
            var noHyphenPointer: UnsafeMutablePointer<CChar>?
            if let noHyphen {
                noHyphenPointer = .allocate(capacity: noHyphen.count + 1)
                for (index, byte) in noHyphen.enumerated() { noHyphenPointer?[index] = CChar(bitPattern: byte) }
                noHyphenPointer?[noHyphen.count] = 0
            }
            dict.initialize(
                to: HyphenDict(
                    lhmin: CChar(leftMin), rhmin: CChar(rightMin), clhmin: CChar(compoundLeftMin),
                    crhmin: CChar(compoundRightMin), nohyphen: noHyphenPointer, nohyphenl: noHyphenCount,
                    num_states: Int32(count),
                    cset: (
                        names[0], names[1], names[2], names[3], names[4], names[5], names[6], names[7], names[8],
                        names[9], names[10], names[11], names[12], names[13], names[14], names[15], names[16],
                        names[17], names[18], names[19]
                    ), utf8: utf8 ? 1 : 0, states: states, nextlevel: nil))
            return dict
        }
    }
}
