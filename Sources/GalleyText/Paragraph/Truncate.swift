/// A line ready for positioning: its text range, how much of it is drawn, and any suffix.
struct LineContent {
    let range: Range<Int>
    /// Drawn text ends here (trailing whitespace, newline or truncated text excluded).
    let visibleEnd: Int
    let hyphenated: Bool
    let truncated: Bool
    let endsParagraph: Bool
    let suffix: Suffix?
}

/// Truncate: keep `maxLines` lines; the last kept line loses graphemes from its end until its
/// text plus the truncation string fits the width. Also attaches hyphens to hyphenated lines.
enum Truncate {
    static func run(
        _ breaks: [LineBreak], text: ParagraphText, shaping: Shaping, paragraph: ParagraphStyle, width: Double,
        suffixes: SuffixShaper
    ) -> [LineContent] {
        var lines = breaks.map { line in
            LineContent(
                range: line.range, visibleEnd: text.trimmedEnd(line.range), hyphenated: line.hyphenated,
                truncated: false, endsParagraph: line.endsParagraph,
                suffix: line.hyphenated ? suffixes.hyphen(after: line.range.upperBound) : nil)
        }
        guard let maxLines = paragraph.maxLines, maxLines > 0, lines.count > maxLines else { return lines }
        lines.removeLast(lines.count - maxLines)
        let last = lines[maxLines - 1]
        let start = last.range.lowerBound
        var end = text.trimmedEnd(last.range)
        var ellipsis = suffixes.make(paragraph.truncation, after: end)
        let boundaries = [start] + BreakOpportunities.graphemeBoundaries(text.units, in: start..<end)
        var boundaryIndex = boundaries.count - 1
        while end > start, shaping.width(start..<end) + (ellipsis?.width ?? 0) > width {
            boundaryIndex -= 1
            end = text.trimmedEnd(start..<boundaries[max(boundaryIndex, 0)])
            ellipsis = suffixes.make(paragraph.truncation, after: end)
        }
        if paragraph.truncationMode == .word, end < text.trimmedEnd(last.range) {
            // Back to the end of the last whole word that fits; a line that is one word keeps its
            // character cut.
            let wordEnd = wordBoundary(text, in: start..<last.range.upperBound, atOrBefore: end)
            if wordEnd > start, wordEnd < end {
                end = wordEnd
                ellipsis = suffixes.make(paragraph.truncation, after: end)
            }
        }
        // Even an empty line cannot hold the truncation string: draw nothing rather than overflow.
        if let suffix = ellipsis, suffix.width > width { ellipsis = nil }
        lines[maxLines - 1] = LineContent(
            range: start..<end, visibleEnd: end, hyphenated: false, truncated: true, endsParagraph: true,
            suffix: ellipsis)
        return lines
    }

    /// The end of the last whole word in `line` that ends at or before `limit` (a word ends where
    /// white space follows it), trailing spaces excluded; `line.lowerBound` when there is none.
    static func wordBoundary(_ text: ParagraphText, in line: Range<Int>, atOrBefore limit: Int) -> Int {
        var position = min(limit, line.upperBound - 1)
        // The cut already falls at the end of a word.
        if limit < line.upperBound, isSpace(text.units[limit]) { return limit }
        while position > line.lowerBound {
            if isSpace(text.units[position]) { return text.trimmedEnd(line.lowerBound..<position) }
            position -= 1
        }
        return line.lowerBound
    }

    /// Breaking white space between words (space, tab, the general-punctuation spaces, zero-width
    /// and ideographic space); no-break spaces (U+00A0, U+2007, U+202F) keep their words together.
    private static func isSpace(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x20, 0x09, 0x1680, 0x2000...0x2006, 0x2008...0x200B, 0x205F, 0x3000: return true
        default: return false
        }
    }
}
