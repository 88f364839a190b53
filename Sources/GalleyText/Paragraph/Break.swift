/// A place a line may end: a UAX #14 opportunity, a hyphenation point (the line then ends with
/// a hyphen glyph) or an emergency grapheme boundary inside a word wider than the line.
struct BreakCandidate {
    let position: Int
    let mandatory: Bool
    let hyphen: Bool
    /// Width of the hyphen glyph drawn when breaking here (0 unless `hyphen`).
    let hyphenWidth: Double
}

/// One line as the break phase chooses it: a logical range of the text.
struct LineBreak: Equatable {
    let range: Range<Int>
    let hyphenated: Bool
    /// The line ended at a mandatory break or the paragraph's end (not justified).
    let endsParagraph: Bool
}

/// Break: choose line ends among the candidates, first-fit (greedy) or total-fit (Knuth–Plass,
/// in KnuthPlass.swift). A line's width is its text up to the candidate, trailing whitespace
/// excluded (UAX #14: spaces hang), plus a hyphen when it ends at a hyphenation point.
enum Break {
    static func run(
        _ text: ParagraphText, shaping: Shaping, paragraph: ParagraphStyle, width: Double,
        hyphenWidth: (Int) -> Double
    ) -> [LineBreak] {
        guard text.count > 0 else { return [] }
        if let line = singleLine(text, shaping: shaping, paragraph: paragraph, width: width) { return [line] }
        return severalLines(text, shaping: shaping, paragraph: paragraph, width: width, hyphenWidth: hyphenWidth)
    }

    /// The lines of a non-empty paragraph `singleLine` did not place on one (a caller that asked
    /// `singleLine` first comes here directly).
    static func severalLines(
        _ text: ParagraphText, shaping: Shaping, paragraph: ParagraphStyle, width: Double,
        hyphenWidth: (Int) -> Double
    ) -> [LineBreak] {
        let candidates = candidates(
            text, shaping: shaping, paragraph: paragraph, width: width, hyphenWidth: hyphenWidth)
        switch paragraph.lineBreaking {
        case .greedy:
            return greedy(text, shaping: shaping, candidates: candidates, width: width)
        case .optimal:
            return KnuthPlass.run(
                text, shaping: shaping, candidates: candidates, width: width,
                allowShrink: paragraph.alignment == .justify)
                ?? greedy(text, shaping: shaping, candidates: candidates, width: width)
        }
    }

    /// The whole paragraph as one line, without asking ICU for break opportunities, when that is
    /// what both first-fit and total-fit would choose: no hyphenation, no mandatory break inside,
    /// no negative advance (so no prefix of the text is wider than all of it), and the text
    /// (trailing whitespace excluded) fits the width. Every candidate then fits, no segment needs
    /// emergency breaks, and one line (demerits 100) beats any two (at least 200).
    static func singleLine(_ text: ParagraphText, shaping: Shaping, paragraph: ParagraphStyle, width: Double)
        -> LineBreak?
    {
        guard !paragraph.hyphenate else { return nil }
        if width.isFinite {
            guard shaping.width(0..<text.trimmedEnd(0..<text.count)) <= width else { return nil }
        }
        for u in text.units {
            switch u {
            case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: return nil  // UAX #14 BK, CR, LF, NL
            default: continue
            }
        }
        let prefix = shaping.prefix
        for i in 1..<prefix.count where prefix[i] < prefix[i - 1] { return nil }
        return LineBreak(range: 0..<text.count, hyphenated: false, endsParagraph: true)
    }

    static func naturalWidth(_ text: ParagraphText, _ shaping: Shaping, from start: Int, to c: BreakCandidate) -> Double
    {
        shaping.width(start..<text.trimmedEnd(start..<c.position)) + (c.hyphen ? c.hyphenWidth : 0)
    }

    /// All candidates in order: ICU opportunities, hyphenation points when asked for, and grapheme
    /// boundaries inside any segment too wide for a line on its own.
    static func candidates(
        _ text: ParagraphText, shaping: Shaping, paragraph: ParagraphStyle, width: Double,
        hyphenWidth: (Int) -> Double
    ) -> [BreakCandidate] {
        let opportunities = BreakOpportunities.lineBreaks(text.units, language: paragraph.language)
        var result: [BreakCandidate] = []
        // One candidate per opportunity, the usual case, made at its size (hyphenation points and
        // emergency breaks grow it further).
        result.reserveCapacity(opportunities.count)
        var start = 0
        var cancellation = TypesettingCancellation(length: text.count)
        for opportunity in opportunities {
            if cancellation.shouldStop() { break }
            let segment = start..<opportunity.position
            // This segment's hyphenation points, dropped again if the segment is split at graphemes.
            let segmentPoints = result.count
            if paragraph.hyphenate {
                for point in Hyphenation.points(text, in: segment, language: paragraph.language) {
                    result.append(
                        BreakCandidate(position: point, mandatory: false, hyphen: true, hyphenWidth: hyphenWidth(point))
                    )
                }
            }
            if width.isFinite, shaping.width(segment.lowerBound..<text.trimmedEnd(segment)) > width {
                // A word wider than the line: its hyphenation points stay, and only a stretch between
                // two of them that is still too wide is cut at grapheme boundaries (an emergency
                // break, with a hyphen between two letters of a script that hyphenates).
                let points = result[segmentPoints...].map(\.position)
                result.removeSubrange(segmentPoints...)
                var stretchStart = start
                for end in points + [text.trimmedEnd(segment)] {
                    let isPoint = end < text.trimmedEnd(segment)
                    if shaping.width(stretchStart..<end) + (isPoint ? hyphenWidth(end) : 0) > width {
                        emergencyBreaks(text, shaping, in: stretchStart..<end, width: width, hyphenWidth, into: &result)
                    }
                    if isPoint {
                        result.append(
                            BreakCandidate(position: end, mandatory: false, hyphen: true, hyphenWidth: hyphenWidth(end))
                        )
                    }
                    stretchStart = end
                }
            }
            result.append(
                BreakCandidate(
                    position: opportunity.position, mandatory: opportunity.mandatory, hyphen: false, hyphenWidth: 0))
            start = opportunity.position
        }
        return result
    }

    /// Grapheme boundaries inside `stretch` where a line too narrow for it must end: each line as
    /// long as fits, a hyphen after it when the characters on both sides are letters of a
    /// hyphenating script (UAX #14 class AL: not ideographs, not Thai or other dictionary scripts).
    static func emergencyBreaks(
        _ text: ParagraphText, _ shaping: Shaping, in stretch: Range<Int>, width: Double,
        _ hyphenWidth: (Int) -> Double, into result: inout [BreakCandidate]
    ) {
        var lineStart = stretch.lowerBound
        var last = stretch.lowerBound
        var lastHyphenates = false
        for boundary in BreakOpportunities.graphemeBoundaries(text.units, in: stretch) {
            let hyphenates = hyphenatesBetweenLetters(text, at: boundary)
            if shaping.width(lineStart..<boundary) + (hyphenates ? hyphenWidth(boundary) : 0) > width, last > lineStart
            {
                result.append(
                    BreakCandidate(
                        position: last, mandatory: false, hyphen: lastHyphenates,
                        hyphenWidth: lastHyphenates ? hyphenWidth(last) : 0))
                lineStart = last
            }
            last = boundary
            lastHyphenates = hyphenates
        }
    }

    /// Whether an emergency break at `position` gets a hyphen: letters on both sides, each of
    /// UAX #14 class AL (alphabetic), so never inside CJK, Thai, digits or punctuation.
    static func hyphenatesBetweenLetters(_ text: ParagraphText, at position: Int) -> Bool {
        guard position > 0, position < text.count else { return false }
        var before = position - 1
        if UTF16.isTrailSurrogate(text.units[before]), before > 0 { before -= 1 }
        let (left, _) = text.scalar(at: before)
        let (right, _) = text.scalar(at: position)
        return BreakOpportunities.isAlphabeticLetter(left) && BreakOpportunities.isAlphabeticLetter(right)
    }

    /// First fit: extend the line to the last candidate that fits; a mandatory candidate always ends it.
    static func greedy(_ text: ParagraphText, shaping: Shaping, candidates: [BreakCandidate], width: Double)
        -> [LineBreak]
    {
        var lines: [LineBreak] = []
        var start = 0
        var lastFit: BreakCandidate?
        var index = 0
        var cancellation = TypesettingCancellation(length: text.count)
        func emit(_ c: BreakCandidate) {
            let isLast = c.position >= text.count
            lines.append(
                LineBreak(range: start..<c.position, hyphenated: c.hyphen, endsParagraph: c.mandatory || isLast))
            start = c.position
            lastFit = nil
        }
        while index < candidates.count {
            if cancellation.shouldStop() { return lines }
            let c = candidates[index]
            if c.position <= start {
                index += 1
                continue
            }
            if naturalWidth(text, shaping, from: start, to: c) <= width + 1e-9 {
                if c.mandatory || c.position >= text.count { emit(c) } else { lastFit = c }
                index += 1
            } else if let fit = lastFit {
                emit(fit)  // re-examine `c` from the new line start
            } else {
                emit(c)  // nothing fits: a single grapheme wider than the line overflows
                index += 1
            }
        }
        if start < text.count {
            lines.append(LineBreak(range: start..<text.count, hyphenated: false, endsParagraph: true))
        }
        return lines
    }
}
