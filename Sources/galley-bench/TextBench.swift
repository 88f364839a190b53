import Foundation
import GalleyLayout
import GalleyRender
import GalleyText

/// The W2 report's body text: every paragraph of report.json's sections (~120 words each) in
/// 10 pt Liberation Sans, justified, in an A4 column with 50 pt margins. Measures the whole
/// typesetter (itemize, shape, break, position, draw items) in glyphs per second: cold (the
/// shaping cache emptied before each pass) and warm (every run a cache hit), plus hit rates.
/// The paragraph cache is bypassed: it would turn the warm pass into lookups.
enum TextBench {
    static let group = BenchGroup(name: "text") { options, report in
        let paragraphs = try loadParagraphs(options.dataDirectory + "/report.json")
        let registry = FontRegistry.shared
        let style = TextStyle(font: "Liberation Sans", fontSize: 10, lineHeight: .multiple(1.3))
        let width = 595.28 - 2 * 50
        let spans = paragraphs.map { [TextSpan(text: $0, style: style)] }
        // Load the face (file, FreeType, HarfBuzz font) outside the timings.
        _ = Typesetter.layout(
            [TextSpan(text: "warm up", style: style)], paragraph: ParagraphStyle(), width: width, registry: registry)
        firstHyphenation(style: style, width: width, report: &report)

        for breaking in [LineBreaking.greedy, .optimal] {
            let paragraph = ParagraphStyle(alignment: .justify, lineBreaking: breaking, language: "en-US")
            var glyphs = 0
            var lines = 0
            func pass() {
                glyphs = 0
                lines = 0
                for spans in spans {
                    let layout = Typesetter.layout(
                        spans, paragraph: paragraph, width: width, registry: registry, cached: false)
                    lines += layout.lines.count
                    for case .glyphs(let run) in layout.items { glyphs += run.glyphs.count }
                }
            }
            let prefix = breaking == .greedy ? "" : "optimal_"
            // Cold: each pass starts from an empty cache.
            Typesetter.clearShapingCache(resettingStatistics: true)
            let cold = Clock.median(runs: 7) {
                Typesetter.clearShapingCache()
                pass()
            }
            let coldStats = Typesetter.shapingCacheStatistics
            // Warm: the cache holds every paragraph.
            pass()
            Typesetter.clearShapingCache(resettingStatistics: false)
            pass()
            let before = Typesetter.shapingCacheStatistics
            let warm = Clock.median(runs: 15) { pass() }
            let after = Typesetter.shapingCacheStatistics
            if breaking == .greedy {
                report.add("text", "paragraphs", Double(paragraphs.count), digits: 0)
                report.add("text", "lines", Double(lines), digits: 0)
                report.add("text", "glyphs", Double(glyphs), digits: 0)
            } else {
                report.add("text", "optimal_lines", Double(lines), digits: 0)
            }
            report.add("text", prefix + "cold_ms", cold * 1000)
            report.add("text", prefix + "cold_glyphs_per_s", Double(glyphs) / cold, digits: 0)
            report.add("text", prefix + "warm_ms", warm * 1000)
            report.add("text", prefix + "warm_glyphs_per_s", Double(glyphs) / warm, digits: 0)
            report.add("text", prefix + "cold_cache_hit_rate", rate(coldStats.hits, coldStats.misses))
            report.add(
                "text", prefix + "warm_cache_hit_rate", rate(after.hits - before.hits, after.misses - before.misses))
        }
    }

    static func rate(_ hits: Int, _ misses: Int) -> Double {
        hits + misses == 0 ? .nan : Double(hits) / Double(hits + misses)
    }

    struct BenchDataError: Error, CustomStringConvertible {
        let description: String
    }

    /// Every paragraph string of every section, in order.
    static func loadParagraphs(_ path: String) throws -> [String] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let sections = root["sections"] as? [[String: Any]]
        else { throw BenchDataError(description: "\(path): no \"sections\" array") }
        let paragraphs = sections.flatMap { $0["paragraphs"] as? [String] ?? [] }
        guard !paragraphs.isEmpty else { throw BenchDataError(description: "\(path): no paragraphs") }
        return paragraphs
    }

    /// The first hyphenated paragraph of a language in the process: its dictionary is built then
    /// (Debian's German one has 77,900 lines; libhyphen's own loader took about 7 s for it).
    static func firstHyphenation(style: TextStyle, width: Double, report: inout BenchReport) {
        let samples = [
            (
                "de-DE", "german",
                "Die Donaudampfschifffahrtsgesellschaft veröffentlicht ausschließlich Verkehrsinfrastrukturmaßnahmen."
            ),
            ("en-US", "english", "Hyphenation makes justified typography considerably more even."),
        ]
        for (language, name, text) in samples {
            let start = Clock.now()
            let layout = Typesetter.layout(
                [TextSpan(text: text, style: style)],
                paragraph: ParagraphStyle(alignment: .justify, hyphenate: true, language: language), width: 120,
                cached: false)
            report.add("text", "first_\(name)_hyphenation_ms", (Clock.now() - start) * 1000)
            _ = layout
        }
    }
}
