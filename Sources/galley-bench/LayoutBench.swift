/// Filled in by the layout benchmark (10,000-node tree, cold and cached).
enum LayoutBench {
    static let group = BenchGroup(name: "layout") { _, report in
        report.add("layout", "status", "not yet measured")
    }
}
