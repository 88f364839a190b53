import Foundation
import GalleyLayout
import GalleyText

/// One text node of 1 MB and 10 MB (the W2 report's paragraphs joined with spaces into a
/// single paragraph, 10 pt Liberation Sans in an A4 column): the typesetter must stay
/// near-linear in paragraph length (issue 14: 1 MB took 108 s), and stop promptly when its
/// render is cancelled. Reports the layout time of each size and style, and how long after a
/// deadline a megabyte (and a 10 MB) paragraph returns (`LayoutCancellation`).
enum LongTextBench {
    static let group = BenchGroup(name: "longtext") { options, report in
        let paragraphs = try TextBench.loadParagraphs(options.dataDirectory + "/report.json")
        let registry = FontRegistry.shared
        let style = TextStyle(font: "Liberation Sans", fontSize: 10)
        let width = 595.28 - 2 * 50
        func text(bytes: Int) -> String {
            var text = ""
            var index = 0
            while text.utf8.count < bytes {
                text += paragraphs[index % paragraphs.count] + " "
                index += 1
            }
            return String(text.utf8.prefix(bytes)) ?? text
        }
        let megabyte = [TextSpan(text: text(bytes: 1 << 20), style: style)]
        let tenMegabytes = [TextSpan(text: text(bytes: 10 << 20), style: style)]
        _ = Typesetter.layout([TextSpan(text: "warm up", style: style)], paragraph: ParagraphStyle(), width: width)

        func layout(_ spans: [TextSpan], _ paragraph: ParagraphStyle) -> ParagraphLayout {
            Typesetter.clearShapingCache()
            return Typesetter.layout(spans, paragraph: paragraph, width: width, registry: registry, cached: false)
        }
        let cases: [(String, [TextSpan], ParagraphStyle, Int)] = [
            ("1mb_greedy", megabyte, ParagraphStyle(), 3),
            (
                "1mb_justified_optimal_hyphenated", megabyte,
                ParagraphStyle(alignment: .justify, lineBreaking: .optimal, hyphenate: true, language: "en-US"), 1
            ),
            ("10mb_greedy", tenMegabytes, ParagraphStyle(), 1),
        ]
        for (name, spans, paragraph, runs) in cases {
            var lines = 0
            let seconds = Clock.median(runs: runs) { lines = layout(spans, paragraph).lines.count }
            report.add("longtext", name + "_s", seconds)
            report.add("longtext", name + "_lines", Double(lines), digits: 0)
        }
        // Cancellation: the deadline passes 50 ms into the layout; how much later does it return?
        for (name, spans) in [("1mb", megabyte), ("10mb", tenMegabytes)] {
            Typesetter.clearShapingCache()
            let start = Clock.now()
            let deadline = start + 0.05
            let pastDeadline: @Sendable () -> Bool = { Clock.now() > deadline }
            let result = LayoutCancellation.measuring(cancelledBy: pastDeadline) {
                Typesetter.layout(spans, paragraph: ParagraphStyle(), width: width, registry: registry, cached: false)
            }
            report.add("longtext", name + "_overshoot_after_deadline_ms", (Clock.now() - deadline) * 1000)
            report.add("longtext", name + "_cancelled_lines", Double(result.lines.count), digits: 0)
        }
    }
}
