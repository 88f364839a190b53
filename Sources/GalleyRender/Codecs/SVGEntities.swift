/// XML entities of an SVG, expanded by Galley so that librsvg never sees a declaration.
///
/// libxml2 under librsvg leaks each internal entity's value (100 bytes a declaration, every parse:
/// found by `make fuzz`), and an entity can spell out what ``SVGCostLimits`` must see (an attribute
/// or an element). So the internal DTD subset is read here, each `&name;` it declares is replaced
/// by its text, and the subset is removed. Only plain-text entities are read — what Illustrator
/// declares for its namespaces: a value holding markup (`<`), a reference (`&`, so no entity
/// builds on another and no billion laughs) or `%` is an error, as are parameter and external
/// entities. References inside comments and CDATA sections are left alone, as XML does; in an
/// attribute, quotes in the text are written as `&quot;` and `&apos;`.
enum SVGEntities {
    /// The most bytes the expanded SVG may have (the same as an inflated `.svgz`).
    static let maxExpandedBytes = SVGCostLimits.maxInflatedBytes

    /// `text` with its internal subset's entities expanded and the subset removed; `text` itself
    /// when it declares none.
    static func expanded(_ text: [UInt8]) throws(RenderError) -> [UInt8] {
        let result = try expandingSubset(text)
        // However a declaration is written (a subset never closed, one in a comment), librsvg never reads one.
        guard ByteSearch.first(Array("<!ENTITY".utf8), in: result, from: 0) == nil else {
            throw RenderError.imageDecode(
                "SVG: it declares an entity outside a well-formed DOCTYPE subset (<!DOCTYPE svg [ … ]>)")
        }
        return result
    }

    private static func expandingSubset(_ text: [UInt8]) throws(RenderError) -> [UInt8] {
        guard let doctype = ByteSearch.first(Array("<!DOCTYPE".utf8), in: text, from: 0),
            let (open, close) = internalSubset(text, doctype: doctype)
        else { return text }
        let entities = try declarations(text[(open + 1)..<close])
        // The DOCTYPE without its subset: `<!DOCTYPE svg PUBLIC "…" "…" >`.
        var output = Array(text[..<open])
        output.reserveCapacity(text.count)
        var index = close + 1
        var quote: UInt8?
        var inTag = false
        while index < text.count {
            let byte = text[index]
            if byte == 0x3C, let skipped = skippedSection(text, at: index) {
                output.append(contentsOf: text[index..<skipped])
                index = skipped
                continue
            }
            if byte == 0x26, let (name, end) = reference(text, at: index), let value = entities[name] {
                let escaped = quote == nil ? value : value.flatMap(escapedInAttribute)
                guard output.count + escaped.count + (text.count - end) <= maxExpandedBytes else {
                    throw RenderError.imageDecode(
                        "SVG: its entities expand it past \(maxExpandedBytes >> 20) MB")
                }
                output.append(contentsOf: escaped)
                index = end
                continue
            }
            // Tracks whether a reference is inside a tag's quoted attribute value.
            if byte == 0x3C { inTag = true }
            if inTag {
                if let open = quote {
                    if byte == open { quote = nil }
                } else if byte == 0x22 || byte == 0x27 {
                    quote = byte
                } else if byte == 0x3E {
                    inTag = false
                }
            }
            output.append(byte)
            index += 1
        }
        return output
    }

    /// The positions of `[` and `]` around the DOCTYPE's internal subset, if it has one.
    private static func internalSubset(_ text: [UInt8], doctype: Int) -> (Int, Int)? {
        var index = doctype
        var quote: UInt8?
        var open: Int?
        while index < text.count {
            let byte = text[index]
            if let current = quote {
                if byte == current { quote = nil }
            } else if byte == 0x22 || byte == 0x27 {
                quote = byte
            } else if open == nil, byte == 0x5B {
                open = index
            } else if let open, byte == 0x5D {
                return (open, index)
            } else if open == nil, byte == 0x3E {
                return nil
            }
            index += 1
        }
        return nil
    }

    /// Each `<!ENTITY name "text">` of the subset, by name.
    private static func declarations(_ subset: ArraySlice<UInt8>) throws(RenderError) -> [[UInt8]: [UInt8]] {
        let subset = Array(subset)
        var entities: [[UInt8]: [UInt8]] = [:]
        let keyword = Array("<!ENTITY".utf8)
        var index = 0
        while let start = ByteSearch.first(keyword, in: subset, from: index) {
            var cursor = start + keyword.count
            cursor = skipSpaces(subset, cursor)
            guard cursor < subset.count, subset[cursor] != 0x25 else {
                throw unsupported("a parameter entity (<!ENTITY % …>)")
            }
            let nameStart = cursor
            while cursor < subset.count, !ByteSearch.isSpace(subset[cursor]), subset[cursor] != 0x3E { cursor += 1 }
            let name = Array(subset[nameStart..<cursor])
            cursor = skipSpaces(subset, cursor)
            guard cursor < subset.count, subset[cursor] == 0x22 || subset[cursor] == 0x27 else {
                throw unsupported("an external entity (<!ENTITY \(String(decoding: name, as: UTF8.self)) SYSTEM …>)")
            }
            let quote = subset[cursor]
            let valueStart = cursor + 1
            guard let valueEnd = subset[valueStart...].firstIndex(of: quote) else {
                throw unsupported("an unterminated entity value")
            }
            let value = Array(subset[valueStart..<valueEnd])
            if value.contains(where: { $0 == 0x3C || $0 == 0x26 || $0 == 0x25 }) {
                throw unsupported("an entity whose text holds markup or references (<, & or %)")
            }
            // The first declaration of a name counts, as in XML.
            if entities[name] == nil { entities[name] = value }
            index = valueEnd + 1
        }
        return entities
    }

    /// The end of a comment, CDATA section or processing instruction starting at `index`.
    private static func skippedSection(_ text: [UInt8], at index: Int) -> Int? {
        for (start, end) in [("<!--", "-->"), ("<![CDATA[", "]]>"), ("<?", "?>")] {
            let opener = Array(start.utf8)
            guard text[index...].starts(with: opener) else { continue }
            let closer = Array(end.utf8)
            return ByteSearch.first(closer, in: text, from: index + opener.count).map { $0 + closer.count }
                ?? text.count
        }
        return nil
    }

    /// The name of the `&name;` reference at `index` and the position after it.
    private static func reference(_ text: [UInt8], at index: Int) -> ([UInt8], Int)? {
        var end = index + 1
        while end < text.count, end - index <= 256, text[end] != 0x3B {
            if ByteSearch.isSpace(text[end]) || text[end] == 0x26 || text[end] == 0x3C { return nil }
            end += 1
        }
        guard end < text.count, text[end] == 0x3B, end > index + 1 else { return nil }
        return (Array(text[(index + 1)..<end]), end + 1)
    }

    private static func escapedInAttribute(_ byte: UInt8) -> [UInt8] {
        switch byte {
        case 0x22: Array("&quot;".utf8)
        case 0x27: Array("&apos;".utf8)
        default: [byte]
        }
    }

    private static func skipSpaces(_ bytes: [UInt8], _ start: Int) -> Int {
        var index = start
        while index < bytes.count, ByteSearch.isSpace(bytes[index]) { index += 1 }
        return index
    }

    private static func unsupported(_ what: String) -> RenderError {
        RenderError.imageDecode(
            "SVG: its DOCTYPE declares \(what); Galley reads only plain-text entities (write the SVG out without them)")
    }
}

/// Byte-level search helpers of the SVG checks.
enum ByteSearch {
    /// XML whitespace (and the other ASCII control spaces).
    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }

    /// The first position of `needle` in `text` at or after `start`.
    static func first(_ needle: [UInt8], in text: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, text.count >= needle.count, start <= text.count - needle.count else { return nil }
        var index = start
        while index <= text.count - needle.count {
            if text[index] == needle[0], text[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
