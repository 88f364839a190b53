/// The paragraph's text as one UTF-16 buffer (ICU and HarfBuzz both index UTF-16), with the
/// span each code unit belongs to. Every later phase addresses text by these offsets.
struct ParagraphText {
    let spans: [TextSpan]
    let units: [UInt16]
    /// The first offset of each span then `units.count`; empty for a single span (its starts
    /// are 0 and `units.count`: no array for the common paragraph of one span).
    private let starts: [Int]

    init(_ spans: [TextSpan]) {
        self.spans = spans
        var units: [UInt16] = []
        var starts: [Int] = []
        let single = spans.count == 1
        for span in spans {
            if !single { starts.append(units.count) }
            units.append(contentsOf: span.text.utf16)
        }
        if !single { starts.append(units.count) }
        self.units = units
        self.starts = starts
    }

    /// The text of `spans`' only span, already as `units` (the simple-paragraph path, which
    /// needs the code units before it knows the paragraph is simple).
    init(single spans: [TextSpan], units: [UInt16]) {
        self.spans = spans
        self.units = units
        self.starts = spans.count == 1 ? [] : [0, units.count]
    }

    var count: Int { units.count }

    /// The first offset of span `index`; `spanStart(spans.count)` is `count`.
    func spanStart(_ index: Int) -> Int {
        starts.isEmpty ? (index == 0 ? 0 : units.count) : starts[index]
    }

    /// The span index containing offset `i` (the last span for `i == count`).
    func spanIndex(at i: Int) -> Int {
        var lo = 0
        var hi = spans.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if spanStart(mid) <= i { lo = mid } else { hi = mid - 1 }
        }
        return max(0, lo)
    }

    func style(at i: Int) -> TextStyle { spans[spanIndex(at: min(i, max(count - 1, 0)))].style }

    /// The scalar starting at offset `i` and its length in code units (lone surrogates → U+FFFD).
    func scalar(at i: Int) -> (Unicode.Scalar, Int) {
        let u = units[i]
        if UTF16.isLeadSurrogate(u), i + 1 < count, UTF16.isTrailSurrogate(units[i + 1]) {
            let value = 0x10000 + ((UInt32(u) - 0xD800) << 10) + (UInt32(units[i + 1]) - 0xDC00)
            return (Unicode.Scalar(value) ?? "\u{FFFD}", 2)
        }
        return (Unicode.Scalar(UInt32(u)) ?? "\u{FFFD}", 1)
    }

    func string(_ range: Range<Int>) -> String {
        units.withUnsafeBufferPointer { stringFromUTF16(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// Whether the code unit is a space, tab or line/paragraph separator (not drawn at line ends).
    func isWhitespace(_ i: Int) -> Bool {
        switch units[i] {
        case 0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029, 0x3000: return true
        default: return false
        }
    }

    /// The end of `range` with trailing whitespace and newlines removed.
    func trimmedEnd(_ range: Range<Int>) -> Int {
        var end = range.upperBound
        while end > range.lowerBound, isWhitespace(end - 1) { end -= 1 }
        return end
    }
}
