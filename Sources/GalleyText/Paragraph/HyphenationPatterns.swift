import CHyphen
import Glibc

/// Builds libhyphen's `HyphenDict` from a `.dic` file without `hnj_hyphen_load`, whose state
/// table is a fixed 31,627-bucket hash with string keys: Debian's German dictionary (77,900
/// lines, most of them whole compounds) took 7 s to load. Here the patterns go into a trie,
/// whose nodes are exactly libhyphen's states (every prefix of a pattern), and the fallback
/// states — the longest proper suffix that is a state — are Aho–Corasick failure links found
/// depth by depth, in time linear in the trie. The result is the same automaton, laid out in a
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
        bytes.withUnsafeBufferPointer(load)
    }

    private static func load(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeMutablePointer<HyphenDict>? {
        var lines = Lines(bytes)
        guard let charsetLine = lines.next() else { return nil }
        let charset = Array(charsetLine.prefix { $0 != 0x0D && $0 != 0x0A }.prefix(19))
        let utf8 = charset == Array("UTF-8".utf8)
        var first = Level(expectedBytes: bytes.count)
        var nextLevel = false
        while let line = lines.next() {
            if line.first == UInt8(ascii: "N"), line.starts(with: nextLevelKeyword) {
                nextLevel = true
                break
            }
            if line.first != UInt8(ascii: "%") { first.add(line, utf8: utf8) }
        }
        var second = Level(expectedBytes: nextLevel ? bytes.count - lines.position : 64)
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
            for line in defaults { Array(line.utf8).withUnsafeBufferPointer { second.add($0, utf8: utf8) } }
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
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        mutating func next() -> UnsafeBufferPointer<UInt8>? {
            guard let base = bytes.baseAddress else { return nil }
            while position < bytes.count {
                let start = position
                let newline = memchr(base + start, 0x0A, bytes.count - start)
                var end = bytes.count
                if let newline { end = UnsafeRawPointer(newline) - UnsafeRawPointer(base) }
                let lineEnd = end < bytes.count ? end + 1 : end
                position = lineEnd
                if lineEnd - start > maxChars - 1 { continue }
                return UnsafeBufferPointer(rebasing: bytes[start..<lineEnd])
            }
            return nil
        }
    }

    /// One state of a level's trie while it is read: its parent, first child and next sibling (a
    /// child list), the byte that leads to it, its depth (word length), and its match and
    /// replacement (offsets in `strings`).
    private struct Node {
        var parent: Int32 = -1
        var firstChild: Int32 = -1
        var nextSibling: Int32 = -1
        var match: Int32 = -1
        var replacement: Int32 = -1
        var label: UInt8 = 0
        var depth: UInt8 = 0
        var replacementIndex: Int8 = 0
        var replacementCut: Int8 = 0
    }

    /// One level's trie and options while it is read. Its blocks are freed by `build`, except
    /// the pattern strings, which the built dictionary keeps.
    ///
    /// Dictionaries list their patterns in runs of byte order (96% of German's consecutive pairs),
    /// so a word shares most of its prefix with the word before it: the previous word's states
    /// are kept, and a word's search starts below the prefix they share, where child lists are
    /// short (the root has 40 children, a state at depth 6 one or two). Below a new state every
    /// state is new: appended without a search.
    private struct Level {
        private var nodes: GrowableBlock<Node>
        private var strings: GrowableBlock<UInt8>
        var leftMin: Int8 = 0
        var rightMin: Int8 = 0
        var compoundLeftMin: Int8 = 0
        var compoundRightMin: Int8 = 0
        var noHyphen: [UInt8]?
        var noHyphenCount: Int32 = 0
        /// The line being added: its `length` letters and the digit before each (and after the last).
        private let letters: UnsafeMutablePointer<UInt8>
        private let digits: UnsafeMutablePointer<UInt8>
        private var length = 0
        /// The previous word (`previousLength` letters; words are shorter than `maxChars`), and
        /// the state of each of its prefixes (`previousPath[0]` is the root).
        private let previous: UnsafeMutablePointer<UInt8>
        private let previousPath: UnsafeMutablePointer<Int32>
        private var previousLength = 0

        init(expectedBytes: Int) {
            nodes = GrowableBlock(capacity: expectedBytes / 3 + 1)
            nodes.append(Node())
            strings = GrowableBlock(capacity: expectedBytes + 1)
            letters = .allocate(capacity: maxChars)
            digits = .allocate(capacity: maxChars + 1)
            previous = .allocate(capacity: maxChars)
            previousPath = .allocate(capacity: maxChars + 1)
            previousPath[0] = 0
        }

        /// The state of `letters`, made with its prefixes' states where they are missing.
        private mutating func state() -> Int {
            var shared = 0
            let limit = min(length, previousLength)
            while shared < limit, letters[shared] == previous[shared] { shared += 1 }
            nodes.reserve(length - shared)
            let base = nodes.base
            var count = nodes.count
            var node = Int(previousPath[shared])
            var index = shared
            // Existing states: a search of each child list, kept in descending byte order so that
            // the next word of a sorted run finds its new byte greater than the list's head.
            while index < length {
                let byte = letters[index]
                var before = -1
                var child = Int(base[node].firstChild)
                while child >= 0, base[child].label > byte {
                    before = child
                    child = Int(base[child].nextSibling)
                }
                let isNew = child < 0 || base[child].label != byte
                if isNew {
                    base[count] = Node(
                        parent: Int32(node), nextSibling: Int32(child), label: byte,
                        depth: UInt8(truncatingIfNeeded: index + 1))
                    if before < 0 {
                        base[node].firstChild = Int32(count)
                    } else {
                        base[before].nextSibling = Int32(count)
                    }
                    child = count
                    count += 1
                }
                node = child
                previous[index] = byte
                index += 1
                previousPath[index] = Int32(node)
                if isNew { break }
            }
            // New states: nothing below a new state exists yet.
            while index < length {
                base[count] = Node(
                    parent: Int32(node), label: letters[index], depth: UInt8(truncatingIfNeeded: index + 1))
                base[node].firstChild = Int32(count)
                node = count
                count += 1
                previous[index] = letters[index]
                index += 1
                previousPath[index] = Int32(node)
            }
            nodes.extend(by: count - nodes.count)
            previousLength = length
            return node
        }

        private mutating func store(_ text: UnsafeBufferPointer<UInt8>) -> Int32 {
            let offset = Int32(strings.count)
            strings.append(text)
            strings.append(0)
            return offset
        }

        /// `hnj_hyphen_load_line`.
        mutating func add(_ line: UnsafeBufferPointer<UInt8>, utf8: Bool) {
            // Options are upper-case words; patterns never start with an upper-case letter.
            if let first = line.first, first >= UInt8(ascii: "A"), first <= UInt8(ascii: "Z"), addOption(line[...]) {
                return
            }
            guard let start = line.baseAddress else { return }
            var bodyEnd = line.count
            var replacementText: [UInt8]?
            var replIndex: Int8 = 0
            var replCut: Int8 = 0
            if let slash = memchr(start, Int32(UInt8(ascii: "/")), line.count) {
                bodyEnd = UnsafeRawPointer(slash) - UnsafeRawPointer(start)
                (replacementText, replIndex, replCut) = Self.replacement(line, slash: bodyEnd)
            }
            length = 0
            digits[0] = UInt8(ascii: "0")
            for index in 0..<bodyEnd {
                let byte = start[index]
                guard byte > 0x20, length < maxChars - 2 else { break }
                if byte >= 0x30 && byte <= 0x39 {
                    digits[length] = byte
                } else {
                    letters[length] = byte
                    length += 1
                    digits[length] = UInt8(ascii: "0")
                }
            }
            var skip = 0
            if replacementText == nil {
                while skip <= length, digits[skip] == UInt8(ascii: "0") { skip += 1 }
            } else {
                if length > 0, letters[0] == UInt8(ascii: ".") { skip += 1 }
                if utf8 {
                    let bytes = Array(UnsafeBufferPointer(start: letters, count: length))
                    (replIndex, replCut) = Self.byteOffsets(bytes, replIndex, replCut)
                }
            }
            let node = state()
            let match = store(UnsafeBufferPointer(start: digits + skip, count: length + 1 - skip))
            let replacement = replacementText.map { text in text.withUnsafeBufferPointer { store($0) } } ?? -1
            nodes.base[node].match = match
            nodes.base[node].replacement = replacement
            nodes.base[node].replacementIndex = replIndex
            nodes.base[node].replacementCut = replCut == 0 ? Int8(truncatingIfNeeded: length) : replCut
        }

        /// The part of a line after `/`: `text` (a non-standard hyphenation's replacement,
        /// `zuk1ker/k=k,3,2`), and the character index and count it replaces.
        private static func replacement(_ line: UnsafeBufferPointer<UInt8>, slash: Int) -> ([UInt8], Int8, Int8) {
            var tail = Array(line[(slash + 1)...])
            var index: Int8 = 0
            var cut: Int8 = 0
            if let comma = tail.firstIndex(of: UInt8(ascii: ",")) {
                let rest = Array(tail[(comma + 1)...])
                tail = Array(tail[..<comma])
                if let comma2 = rest.firstIndex(of: UInt8(ascii: ",")) {
                    index = Int8(truncatingIfNeeded: atoi(rest[..<comma2]) - 1)
                    cut = Int8(truncatingIfNeeded: atoi(rest[(comma2 + 1)...]))
                }
            } else {
                while let last = tail.last, last == 0x0A || last == 0x0D { tail.removeLast() }
                cut = Int8(truncatingIfNeeded: slash)
            }
            return (tail, index, cut)
        }

        /// A `LEFTHYPHENMIN`, `RIGHTHYPHENMIN`, `COMPOUND…HYPHENMIN` or `NOHYPHEN` line; false for any other.
        private mutating func addOption(_ line: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
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

        /// Each state's transitions, contiguous and in the state's order: `transitions[first[n]..<first[n + 1]]`.
        private func transitionTable() -> (transitions: UnsafeMutablePointer<HyphenTrans>, first: [Int32]) {
            let count = nodes.count
            let nodes = self.nodes.base
            let transitions = UnsafeMutablePointer<HyphenTrans>.allocate(capacity: max(1, count - 1))
            let first = [Int32](unsafeUninitializedCapacity: count + 1) { first, initialized in
                var used = 0
                for node in 0..<count {
                    first[node] = Int32(used)
                    var child = Int(nodes[node].firstChild)
                    while child >= 0 {
                        transitions[used] = HyphenTrans(
                            ch: CChar(bitPattern: nodes[child].label), new_state: Int32(child))
                        used += 1
                        child = Int(nodes[child].nextSibling)
                    }
                }
                first[count] = Int32(used)
                initialized = count + 1
            }
            return (transitions, first)
        }

        /// Each state's fallback: the longest proper suffix of its word that is a state (an
        /// Aho–Corasick failure link), found depth by depth so that a parent's is known before its
        /// children's, and within a depth in the order of the states in memory. The failure
        /// chains are searched in the contiguous transition table: walking the child lists
        /// breadth first jumped all over 280,000 states (German), and those cache misses cost
        /// more than everything else in loading.
        private func fallbackStates(_ transitions: UnsafeMutablePointer<HyphenTrans>, first: [Int32]) -> [Int32] {
            let count = nodes.count
            let nodes = self.nodes.base
            func child(of node: Int, _ byte: UInt8) -> Int {
                let label = CChar(bitPattern: byte)
                for index in Int(first[node])..<Int(first[node + 1]) where transitions[index].ch == label {
                    return Int(transitions[index].new_state)
                }
                return -1
            }
            var firstOfDepth = [Int](repeating: 0, count: maxChars + 2)
            for node in 1..<count { firstOfDepth[Int(nodes[node].depth) + 1] += 1 }
            for depth in 1..<firstOfDepth.count { firstOfDepth[depth] += firstOfDepth[depth - 1] }
            let order = UnsafeMutablePointer<Int32>.allocate(capacity: count)
            defer { order.deallocate() }
            for node in 1..<count {
                let depth = Int(nodes[node].depth)
                order[firstOfDepth[depth]] = Int32(node)
                firstOfDepth[depth] += 1
            }
            return [Int32](unsafeUninitializedCapacity: count) { fallback, initialized in
                fallback[0] = -1
                for position in 0..<(count - 1) {
                    let node = Int(order[position])
                    let parent = Int(nodes[node].parent)
                    var found = 0
                    if parent != 0 {
                        let label = nodes[node].label
                        var candidate = Int(fallback[parent])
                        while candidate >= 0 {
                            let step = child(of: candidate, label)
                            if step >= 0 {
                                found = step
                                break
                            }
                            candidate = Int(fallback[candidate])
                        }
                    }
                    fallback[node] = Int32(found)
                }
                initialized = count
            }
        }

        /// The level as libhyphen's structures, with fallback states.
        func build(charset: [UInt8], utf8: Bool) -> UnsafeMutablePointer<HyphenDict> {
            let count = nodes.count
            let (transitions, first) = transitionTable()
            let fallback = fallbackStates(transitions, first: first)
            // The pattern strings stay with the dictionary; the rest of the level's blocks go.
            let strings = UnsafeMutableRawPointer(self.strings.base).assumingMemoryBound(to: CChar.self)
            defer {
                for block in [letters, digits, previous] { block.deallocate() }
                previousPath.deallocate()
                nodes.deallocate()
            }
            let states = UnsafeMutablePointer<HyphenState>.allocate(capacity: count)
            for node in 0..<count {
                let state = nodes[node]
                let start = Int(first[node])
                let transitionCount = Int(first[node + 1]) - start
                states[node] = HyphenState(
                    match: state.match >= 0 ? strings + Int(state.match) : nil,
                    repl: state.replacement >= 0 ? strings + Int(state.replacement) : nil,
                    replindex: state.replacementIndex, replcut: state.replacementCut, fallback_state: fallback[node],
                    num_trans: Int32(transitionCount), trans: transitionCount > 0 ? transitions + start : nil)
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
