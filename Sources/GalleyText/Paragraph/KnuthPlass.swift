/// Knuth–Plass total-fit line breaking (Knuth & Plass 1981, "Breaking Paragraphs into Lines").
///
/// Boxes are the text between candidates; the glue is the spaces inside a line, stretchable by
/// 1/2 and shrinkable by 1/3 of their width (TeX's interword glue); hyphenation points carry a
/// penalty of 50 and the hyphen's width. Glue shrinks only in justified paragraphs (elsewhere
/// nothing would shrink it when drawn, and the line would overflow). Demerits per line are (10 + badness)² + penalty², with
/// badness = 100·|r|³ for adjustment ratio r (not capped); lines that would shrink beyond their glue are
/// infeasible, except a lone segment (already split at graphemes when too wide). The last line
/// and lines ending at a mandatory break have infinite stretch (badness 0 when they fit).
/// Fitness classes are not used. Returns nil when no feasible breaking exists.
enum KnuthPlass {
    static let linePenalty = 10.0
    static let hyphenPenalty = 50.0
    /// The most candidates one line may span. A line ends the search backwards when it grows too
    /// wide, which zero-width segments (a run of U+200B) never do: without a bound a paragraph of
    /// them costs the square of its length. Real lines have tens of candidates (a CJK line of
    /// 256 characters would need a column 256 characters wide).
    static let maximumLineCandidates = 256

    static func run(
        _ text: ParagraphText, shaping: Shaping, candidates: [BreakCandidate], width: Double, allowShrink: Bool
    ) -> [LineBreak]? {
        guard width.isFinite, !candidates.isEmpty else { return nil }
        // spacePrefix[i]: width of U+0020 spaces among code units 0..<i.
        var spacePrefix = [Double](repeating: 0, count: text.count + 1)
        for i in 0..<text.count {
            spacePrefix[i + 1] = spacePrefix[i] + (text.units[i] == 0x20 ? shaping.width(i..<(i + 1)) : 0)
        }
        let n = candidates.count
        // Node k is "a line ends at candidates[k-1]"; node 0 is the paragraph start.
        var best = [Double](repeating: .infinity, count: n + 1)
        var previous = [Int](repeating: -1, count: n + 1)
        best[0] = 0
        func start(_ node: Int) -> Int { node == 0 ? 0 : candidates[node - 1].position }
        var cancellation = TypesettingCancellation(length: text.count)
        for j in 1...n {
            if cancellation.shouldStop() { return nil }
            let c = candidates[j - 1]
            let isLast = c.mandatory || c.position >= text.count
            var i = j - 1
            while i >= 0 {
                let lineStart = start(i)
                if lineStart < c.position, best[i].isFinite {
                    let natural = Break.naturalWidth(text, shaping, from: lineStart, to: c)
                    let end = text.trimmedEnd(lineStart..<c.position)
                    let glue = end > lineStart ? spacePrefix[end] - spacePrefix[lineStart] : 0
                    let single = i == j - 1
                    let shrinkable = allowShrink && !isLast ? glue / 3 : 0
                    if let badness = badness(
                        natural: natural, glue: glue, shrink: shrinkable, width: width, isLast: isLast, single: single)
                    {
                        var demerits = (linePenalty + badness) * (linePenalty + badness)
                        if c.hyphen { demerits += hyphenPenalty * hyphenPenalty }
                        if best[i] + demerits < best[j] {
                            best[j] = best[i] + demerits
                            previous[j] = i
                        }
                    } else if natural - shrinkable > width {
                        break  // starting earlier only makes the line longer
                    }
                }
                // A line cannot run across a mandatory break.
                if i > 0, candidates[i - 1].mandatory { break }
                if j - i >= maximumLineCandidates { break }
                i -= 1
            }
        }
        guard best[n].isFinite else { return nil }
        var nodes: [Int] = []
        var node = n
        while node > 0 {
            nodes.append(node)
            node = previous[node]
            if node < 0 { return nil }
        }
        return nodes.reversed().map { k in
            let c = candidates[k - 1]
            return LineBreak(
                range: start(previous[k])..<c.position, hyphenated: c.hyphen,
                endsParagraph: c.mandatory || c.position >= text.count)
        }
    }

    /// Badness of a line, or nil when it is infeasible.
    private static func badness(
        natural: Double, glue: Double, shrink: Double, width: Double, isLast: Bool, single: Bool
    ) -> Double? {
        if natural <= width + 1e-9 {
            if isLast { return 0 }
            // Uncapped (TeX caps at 10,000 and rejects lines above a tolerance instead): a cap makes
            // every very loose line cost the same, and the search then happily picks a nearly empty
            // one. A line without spaces gets a token stretch so its looseness still counts.
            let stretch = max(glue / 2, width * 0.001)
            return 100 * pow3((width - natural) / stretch)
        }
        if shrink > 0, natural - shrink <= width + 1e-9 {
            return 100 * pow3((natural - width) / shrink)
        }
        return single ? 1e30 : nil
    }

    private static func pow3(_ x: Double) -> Double { x * x * x }
}
