/// Filled in by the text benchmark (W2 report text, glyphs per second, cold and warm).
enum TextBench {
    static let group = BenchGroup(name: "text") { _, report in
        report.add("text", "status", "not yet measured")
    }
}
