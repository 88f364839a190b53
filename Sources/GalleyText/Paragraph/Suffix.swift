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
struct SuffixShaper {
    let session: ShapingSession
    let text: ParagraphText
    let items: [TextItem]
    let registry: FontRegistry

    /// The item holding the character just before `position` (or the first item).
    private func item(before position: Int) -> TextItem? {
        let i = max(0, position - 1)
        return items.first { $0.range.contains(i) } ?? items.last
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
        guard let item = item(before: position) else { return nil }
        return make(item.face.hasGlyph(for: "\u{2010}") ? "\u{2010}" : "-", after: position)
    }
}
