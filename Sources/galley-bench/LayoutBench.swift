import Galley
import GalleyLayout

/// Layout of a 10,000-node tree of text-free BoxNodes in nested stacks: 100 row nodes in a
/// vertical stack, each an inset horizontal stack of 99 leaves (a third of them growing).
/// Cold = a fresh tree every run (building it is not timed); cached = the same tree again.
enum LayoutBench {
    static let rows = 100
    static let leavesPerRow = 99
    static let runs = 21

    static let group = BenchGroup(name: "layout") { _, report in
        let nodeCount = rows * (1 + leavesPerRow)
        let range = SizeRange(min: .zero, max: Size(width: 10_000, height: .infinity))
        var checksum = 0.0

        // Clock.median times the whole closure, tree building included; time layout alone too.
        let cold = Clock.median(runs: runs) { checksum += makeTree().layoutThatFits(range).size.height }
        var coldSamples = [Double]()
        for _ in 0..<runs {
            let root = makeTree()
            let start = Clock.now()
            checksum += root.layoutThatFits(range).size.height
            coldSamples.append(Clock.now() - start)
        }
        let coldLayout = coldSamples.median

        let root = makeTree()
        checksum += root.layoutThatFits(range).size.height
        let cachedHit = Clock.median(runs: runs) { checksum += root.layoutThatFits(range).size.height }
        // The root re-lays itself out; its 100 rows answer from their caches.
        let rootInvalidated = Clock.median(runs: runs) {
            root.invalidateCalculatedLayout()
            checksum += root.layoutThatFits(range).size.height
        }
        precondition(checksum > 0)

        report.add("layout", "nodes", Double(nodeCount), digits: 0)
        report.add("layout", "cold_ms", coldLayout * 1e3)
        report.add("layout", "cold_us_per_node", coldLayout * 1e6 / Double(nodeCount))
        report.add("layout", "cold_with_tree_build_ms", cold * 1e3)
        report.add("layout", "cached_ms", cachedHit * 1e3, digits: 4)
        report.add("layout", "root_relayout_children_cached_ms", rootInvalidated * 1e3)
        report.add("layout", "root_relayout_us_per_node", rootInvalidated * 1e6 / Double(nodeCount))
    }

    /// A fresh tree: root → vertical stack of rows; row → inset → horizontal stack of leaves.
    static func makeTree() -> BoxNode {
        var rowNodes = [any LayoutElement]()
        rowNodes.reserveCapacity(rows)
        for row in 0..<rows {
            var leaves = [any LayoutElement]()
            leaves.reserveCapacity(leavesPerRow)
            for index in 0..<leavesPerRow {
                let leaf = BoxNode(
                    intrinsicSize: Size(width: Double(8 + (index + row) % 7), height: Double(10 + index % 5)))
                if index % 3 == 0 { leaf.style.flexGrow = 1 }
                leaves.append(leaf)
            }
            let stack = StackLayoutSpec(direction: .horizontal, spacing: 2, alignItems: .center, children: leaves)
            let inset = InsetLayoutSpec(insets: EdgeInsets(top: 2, left: 4, bottom: 2, right: 4), child: stack)
            let rowNode = BoxNode()
            rowNode.automaticallyManagesSubnodes = true
            rowNode.layoutSpecBlock = { _ in inset }
            rowNodes.append(rowNode)
        }
        let column = StackLayoutSpec(direction: .vertical, spacing: 1, children: rowNodes)
        let root = BoxNode()
        root.automaticallyManagesSubnodes = true
        root.layoutSpecBlock = { _ in column }
        return root
    }
}
