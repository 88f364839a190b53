/// Hyphenation points from libhyphen (filled in below).
enum Hyphenation {
    static func points(_ text: ParagraphText, in range: Range<Int>, language: String?) -> [Int] { [] }
}
