import Foundation
import GalleyTemplates
import Testing

/// The layout fixtures (STYLE.md rule 10): every `LayoutFixtures/<spec>/<name>.json` template,
/// bound with `{}`, must lay out to exactly the frames in its sibling `<name>.expected.json`.
/// The expected dumps come from an independent model of Texture's rules
/// (`LayoutFixtures/generate.py`, `model.py`), never from Galley itself.
@Suite struct LayoutFixtureTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("LayoutFixtures")

    /// Relative paths (`stack/justify-center-horizontal`) of every fixture.
    static let fixtures: [String] = {
        let root = directory.path
        let enumerator = FileManager.default.enumerator(atPath: root)
        var names = [String]()
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".json") && !path.hasSuffix(".expected.json") {
                names.append(String(path.dropLast(".json".count)))
            }
        }
        return names.sorted()
    }()

    @Test func thereAreAtLeast150Fixtures() {
        #expect(Self.fixtures.count >= 150, "found \(Self.fixtures.count) fixtures in \(Self.directory.path)")
    }

    @Test(arguments: fixtures)
    func fixture(_ name: String) throws {
        let base = Self.directory.appendingPathComponent(name)
        let template = try Template.load(path: base.path + ".json")
        let canvas = try template.bind(.object([:]))
        let actual = try LayoutDump.json(canvas)
        let expected = try String(contentsOf: base.appendingPathExtension("expected.json"), encoding: .utf8)
        let got = try Dump(parsing: actual)
        let want = try Dump(parsing: expected)
        if let difference = got.firstDifference(from: want) {
            Issue.record("\(name): \(difference)\n--- expected\n\(expected)--- actual\n\(actual)")
        }
    }
}

/// A parsed layout dump, for comparing frames and naming the first differing node.
private struct Dump {
    struct Node: Equatable {
        var id: String
        var type: String
        var frame: [Double]
    }

    var pages: [(size: [Double], nodes: [Node])] = []

    init(parsing text: String) throws {
        let root = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        for page in root?["pages"] as? [[String: Any]] ?? [] {
            let nodes = (page["nodes"] as? [[String: Any]] ?? []).map { node in
                Node(
                    id: node["id"] as? String ?? "?", type: node["type"] as? String ?? "?",
                    frame: (node["frame"] as? [NSNumber] ?? []).map(\.doubleValue))
            }
            pages.append(((page["size"] as? [NSNumber] ?? []).map(\.doubleValue), nodes))
        }
    }

    func firstDifference(from expected: Dump) -> String? {
        guard pages.count == expected.pages.count else {
            return "\(pages.count) pages, expected \(expected.pages.count)"
        }
        for (index, (page, want)) in zip(pages, expected.pages).enumerated() {
            if page.size != want.size { return "page \(index) size \(page.size), expected \(want.size)" }
            for (node, wantNode) in zip(page.nodes, want.nodes) where node != wantNode {
                return "first differing node \"\(wantNode.id)\": got \(node.id) \(node.type) \(node.frame), "
                    + "expected \(wantNode.id) \(wantNode.type) \(wantNode.frame)"
            }
            if page.nodes.count != want.nodes.count {
                return "page \(index): \(page.nodes.count) nodes, expected \(want.nodes.count)"
            }
        }
        return nil
    }
}
