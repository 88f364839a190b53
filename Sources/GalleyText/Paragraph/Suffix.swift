/// Glyphs drawn after a line's text that are not in the text itself: the hyphen of a
/// hyphenated line, or the truncation string of the last kept line.
struct Suffix {
    let text: String
    let glyphs: [ShapedGlyph]
    let face: FontFace
    let style: TextStyle
    let rtl: Bool
    let syntheticItalic: Bool

    var width: Double { glyphs.reduce(0) { $0 + $1.advance } }
}

/// Shapes suffixes in the style and face of the character they follow.
final class SuffixShaper {
    let session: ShapingSession
    let text: ParagraphText
    let items: [TextItem]
    let registry: FontRegistry
    /// The hyphen after any character of an item, by item index: the same for every
    /// hyphenation point of the item, which the break phase asks for each one.
    private var hyphens: [Int: Suffix?] = [:]

    init(session: ShapingSession, text: ParagraphText, items: [TextItem], registry: FontRegistry) {
        self.session = session
        self.text = text
        self.items = items
        self.registry = registry
    }

    /// The item holding the character just before `position` (or the first item). Items tile
    /// the text in order: a binary search, as every hyphenation point asks.
    private func item(before position: Int) -> TextItem? {
        itemIndex(before: position).map { items[$0] }
    }

    private func itemIndex(before position: Int) -> Int? {
        let i = max(0, position - 1)
        let index = items.partitionIndex(where: { $0.range.upperBound > i })
        return index < items.count && items[index].range.contains(i) ? index : (items.isEmpty ? nil : items.count - 1)
    }

    func make(_ string: String, after position: Int) -> Suffix? {
        guard let item = item(before: position), !string.isEmpty else { return nil }
        let style = text.spans[item.spanIndex].style
        var face = item.face
        if let first = string.unicodeScalars.first, !string.unicodeScalars.allSatisfy(face.hasGlyph(for:)),
            let fallback = registry.fallbackFace(for: first, like: face)
        {
            face = fallback
        }
        let glyphs = session.shapeStandalone(string, face: face, style: style, rtl: item.isRTL)
        return Suffix(
            text: string, glyphs: glyphs, face: face, style: style, rtl: item.isRTL,
            syntheticItalic: style.italic && !face.italic)
    }

    /// A hyphen (U+2010 when the face has it, else U+002D) after `position`.
    func hyphen(after position: Int) -> Suffix? {
        guard let index = itemIndex(before: position) else { return nil }
        if let known = hyphens[index] { return known }
        let item = items[index]
        let hyphen = make(item.face.hasGlyph(for: "\u{2010}") ? "\u{2010}" : "-", after: position)
        hyphens[index] = hyphen
        return hyphen
    }
}
