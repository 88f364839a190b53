/// Knuth–Plass total-fit line breaking (filled in below).
enum KnuthPlass {
    static func run(_ text: ParagraphText, shaping: Shaping, candidates: [BreakCandidate], width: Double) -> [LineBreak]? { nil }
}
