import Glibc

/// Blanks repeated entries of the `/XObject << … >>` resource dictionaries cairo writes.
///
/// cairo (1.16, still in 1.18) lists an image's XObject in a page's resources once per time it
/// is painted: a thumbnail drawn in every table row gives `/XObject << /x14 14 0 R /x14 14 0 R
/// … >>`, a dictionary with duplicated keys that `qpdf --check` reports and some PDF tools
/// reject. The duplicates are overwritten with spaces — whitespace inside a dictionary — so
/// every byte offset cairo wrote (the cross-reference table) stays true. Anything that does not
/// parse as `/xN N 0 R` entries is left as it is.
///
/// Example: `/XObject << /x7 7 0 R /x14 14 0 R /x14 14 0 R >>` becomes
/// `/XObject << /x7 7 0 R /x14 14 0 R              >>`.
enum XObjectDeduplication {
    private static let opener = Array("/XObject <<".utf8)

    /// Deduplicates every complete dictionary in `bytes[from...]`; returns the index before
    /// which bytes are final — the start of a dictionary not yet closed (more bytes to come),
    /// else `bytes.count`.
    static func process(_ bytes: inout [UInt8], from start: Int) -> Int {
        var index = start
        while let open = find(opener, in: bytes, from: index) {
            guard let end = deduplicate(&bytes, entriesFrom: open + opener.count) else { return open }
            index = end
        }
        // A dictionary's opener may be cut by the end of the buffer: hold back its first bytes.
        let tail = max(start, bytes.count - (opener.count - 1))
        for cut in tail..<bytes.count where bytes[cut...].elementsEqual(opener.prefix(bytes.count - cut)) {
            return cut
        }
        return bytes.count
    }

    /// Blanks repeated entries from `start` to the closing `>>`; returns the index after it,
    /// or nil when the buffer ends first.
    private static func deduplicate(_ bytes: inout [UInt8], entriesFrom start: Int) -> Int? {
        // Names as strings of their own (cairo's `x14` fits a small string, no allocation): a
        // slice of `bytes` kept in the set would share the buffer, and the next entry blanked
        // would copy the whole document.
        var seen = Set<String>()
        var index = start
        while true {
            let entryStart = index
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D {
                index += 1
            }
            guard index + 1 < bytes.count else { return nil }
            if bytes[index] == 0x3E, bytes[index + 1] == 0x3E { return index + 2 }  // ">>"
            // `/xN N 0 R`; anything else ends the work on this dictionary (left as written),
            // unless the buffer may just end too soon to tell.
            guard bytes[index] == 0x2F, let entryEnd = entryEnd(bytes, from: index) else {
                return index + 64 > bytes.count ? nil : index
            }
            let name = String(decoding: bytes[index..<(nameEnd(bytes, from: index + 1) ?? index + 1)], as: UTF8.self)
            if !seen.insert(name).inserted {
                for position in entryStart..<entryEnd { bytes[position] = 0x20 }
            }
            index = entryEnd
        }
    }

    /// The end of a `/NAME INT INT R` entry starting at `start`, or nil.
    private static func entryEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        guard let name = nameEnd(bytes, from: start + 1), name > start + 1 else { return nil }
        var index = name
        for _ in 0..<2 {
            guard index < bytes.count, bytes[index] == 0x20 else { return nil }
            index += 1
            let digits = index
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
            guard index > digits else { return nil }
        }
        guard index + 1 < bytes.count, bytes[index] == 0x20, bytes[index + 1] == 0x52 else { return nil }  // " R"
        return index + 2
    }

    /// The end of a PDF name's characters (letters and digits, as cairo names resources).
    private static func nameEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index < bytes.count, bytes[index].isASCIIAlphanumeric { index += 1 }
        return index < bytes.count ? index : nil
    }

    /// The first occurrence of `needle` at or after `start` (memchr for its first byte: a
    /// page's PDF is scanned on every flush).
    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        bytes.withUnsafeBytes { haystack -> Int? in
            guard let base = haystack.baseAddress else { return nil }
            var index = start
            while index + needle.count <= haystack.count {
                guard let hit = memchr(base + index, Int32(needle[0]), haystack.count - index - needle.count + 1)
                else { return nil }
                let offset = base.distance(to: UnsafeRawPointer(hit))
                if memcmp(base + offset, needle, needle.count) == 0 { return offset }
                index = offset + 1
            }
            return nil
        }
    }
}

extension UInt8 {
    fileprivate var isASCIIAlphanumeric: Bool {
        (0x30...0x39).contains(self) || (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self)
    }
}
