import GalleyLayout
import GalleyText

/// Shrink-to-fit for text nodes (`minimumFontSize`): which scale of the spans' sizes is the
/// largest that fits a frame.
enum TextFitting {
    /// Sizes are tried in steps of this many points.
    static let step = 0.25

    /// The spans with every size scaled: font size, letter spacing, baseline offset, fixed line heights.
    static func scaled(_ spans: [TextSpan], by scale: Double) -> [TextSpan] {
        spans.map { span in
            var style = span.style
            style.fontSize *= scale
            style.letterSpacing *= scale
            style.baselineOffset *= scale
            if case .points(let points) = style.lineHeight { style.lineHeight = .points(points * scale) }
            return TextSpan(text: span.text, style: style)
        }
    }

    /// The scale (at most 1) at which `spans` fit `size`: the largest font size, going down from
    /// the largest span's in quarter points to `minimumFontSize`, whose layout truncates no line,
    /// has no line wider than the width and is no taller than the height. When even the minimum
    /// does not fit, the minimum (the text then overflows or truncates as it would unshrunk).
    /// Example: 24 pt text in a box 20 pt high whose one line fits only at 16 pt → 16 / 24.
    static func scale(
        _ spans: [TextSpan], paragraph: ParagraphStyle, within size: Size, minimumFontSize: Double,
        registry: FontRegistry
    ) -> Double {
        let largest = spans.map(\.style.fontSize).max() ?? 0
        guard largest > 0, minimumFontSize < largest else { return 1 }
        func fits(_ fontSize: Double) -> Bool {
            let scale = fontSize / largest
            let layout = Typesetter.layout(
                scale == 1 ? spans : scaled(spans, by: scale), paragraph: paragraph, width: size.width,
                registry: registry, includingItems: false)
            guard !layout.lines.contains(where: \.isTruncated) else { return false }
            guard !size.width.isFinite || layout.lines.allSatisfy({ $0.width <= size.width + 1e-6 }) else {
                return false
            }
            return !size.height.isFinite || layout.size.height <= size.height + 1e-6
        }
        if fits(largest) { return 1 }
        // Sizes minimum + k × step for k in 0..<count, below the largest; the largest k that fits.
        let count = Int(((largest - max(minimumFontSize, step)) / step).rounded(.up))
        var low = 0
        var high = count - 1
        var best = 0
        while low <= high {
            let middle = (low + high) / 2
            if fits(max(minimumFontSize, step) + Double(middle) * step) {
                best = middle
                low = middle + 1
            } else {
                high = middle - 1
            }
        }
        return (max(minimumFontSize, step) + Double(best) * step) / largest
    }
}
