import Foundation
import Testing

/// `galley layout --json` on paged templates: the body paginated once, then per page the
/// header / body / footer frames, the slice of the body shown, and every drawn node in page
/// coordinates (TEMPLATE-FORMAT.md, Layout dump).
@Suite("galley layout (paged)")
struct PagedLayoutCommandTests {
    /// A 200 × 200 page with 20 pt margins (content 160 × 160): a 100 pt box, then a table whose
    /// first cell spans two rows and is taller (50) than they are (20 + 20).
    static let template = """
        {"galley": 1, "page": {"size": [200, 200], "margin": 20},
         "header": {"type": "box", "id": "head", "size": [10, 10]},
         "footer": {"type": "box", "id": "foot", "size": [10, 10]},
         "body": {"type": "stack", "direction": "vertical", "children": [
           {"type": "box", "id": "a", "size": [10, 100]},
           {"type": "table", "id": "t", "cellPadding": 0, "columns": [{"width": 40}, {"width": {"flex": 1}}],
            "rows": [
              {"type": "row", "cells": [{"type": "box", "id": "span", "size": [10, 50], "rowSpan": 2}, {"type": "box", "id": "r0", "size": [10, 20]}]},
              {"type": "row", "cells": [{"type": "box", "id": "r1", "size": [10, 20]}]},
              {"type": "row", "cells": [{"type": "box", "id": "x2", "size": [10, 20]}, {"type": "box", "id": "r2", "size": [10, 20]}]}]}]}}
        """

    static func dump(_ arguments: [String]) throws -> [[String: Any]] {
        let result = try CLIRunner.run(["layout"] + arguments + ["--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let root = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return root?["pages"] as? [[String: Any]] ?? []
    }

    static func numbers(_ value: Any?) -> [Double]? { (value as? [NSNumber])?.map(\.doubleValue) }

    /// Frames by id, with whether the node is clipped.
    static func nodes(_ page: [String: Any]) -> [String: (frame: [Double], clipped: Bool)] {
        var nodes: [String: (frame: [Double], clipped: Bool)] = [:]
        for node in page["nodes"] as? [[String: Any]] ?? [] {
            guard let id = node["id"] as? String, let frame = numbers(node["frame"]) else { continue }
            nodes[id] = (frame, node["clipped"] as? Bool ?? false)
        }
        return nodes
    }

    @Test func pagesWithPartsSlicesAndNodeFramesInPageCoordinates() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let path = dir.appendingPathComponent("paged.json")
        try Self.template.write(to: path, atomically: true, encoding: .utf8)
        let pages = try Self.dump([path.path])
        try #require(pages.count == 2, "\(pages)")
        // The table's row group (rows 0–1, 100…150 in the body) is kept whole: page 1 ends at 150.
        #expect(Self.numbers(pages[0]["slice"]) == [0, 150])
        #expect(Self.numbers(pages[1]["slice"]) == [150, 170])
        for (index, page) in pages.enumerated() {
            #expect(page["page"] as? Int == index + 1)
            #expect(Self.numbers(page["size"]) == [200, 200])
            #expect(Self.numbers(page["header"]) == [20, 5, 160, 10], "centred in the top margin")
            #expect(Self.numbers(page["footer"]) == [20, 185, 160, 10], "centred in the bottom margin")
            let nodes = Self.nodes(page)
            #expect(nodes["head"]?.frame == [20, 5, 160, 10])
            #expect(nodes["foot"]?.frame == [20, 185, 160, 10])
        }
        #expect(Self.numbers(pages[0]["body"]) == [20, 20, 160, 150])
        #expect(Self.numbers(pages[1]["body"]) == [20, 20, 160, 20])

        let first = Self.nodes(pages[0])
        #expect(first["a"]?.frame == [20, 20, 160, 100])
        // The spanning cell's content: rows 20 + 20 grow to 20 + 30 for its 50.
        #expect(first["span"]?.frame == [20, 120, 40, 50])
        #expect(first["r0"]?.frame == [60, 120, 120, 20])
        #expect(first["r1"]?.frame == [60, 140, 120, 20])
        #expect(first["x2"] == nil && first["r2"] == nil, "row 2 is on page 2")
        // The table continues: listed on both pages with its whole frame, marked clipped.
        #expect(first["t"]?.frame == [20, 120, 160, 70])
        #expect(first["t"]?.clipped == true)

        let second = Self.nodes(pages[1])
        #expect(second["x2"]?.frame == [20, 20, 40, 20])
        #expect(second["r2"]?.frame == [60, 20, 120, 20])
        #expect(second["t"]?.frame == [20, -30, 160, 70])
        #expect(second["t"]?.clipped == true)
        #expect(second["a"] == nil && second["span"] == nil)
        #expect(second["x2"]?.clipped == false)
    }

    /// A table continuing on page 2 starts with its next row whole: the row's top edge (its
    /// padding and grid line) sits directly below the repeated header, not cut off above the
    /// row's first leaf.
    @Test func continuedTableStartsAtTheNextRowsTop() throws {
        // Header 0…20 (10 + padding 5 + 5), rows of 30 (20 + 5 + 5): page 1 (160) ends after
        // the fourth row at 140; page 2 starts at the fifth row's top, 140, not its box's 145.
        let rows = (0..<6).map { #"{"type": "row", "cells": [{"type": "box", "id": "r\#($0)", "size": [10, 20]}]}"# }
        let template = """
            {"galley": 1, "page": {"size": [200, 200], "margin": 20},
             "body": {"type": "table", "id": "t", "cellPadding": 5, "grid": {"width": 1, "color": "#000000"},
              "columns": [{"width": {"flex": 1}}], "header": [{"type": "box", "id": "h", "size": [10, 10]}],
              "rows": [\(rows.joined(separator: ", "))]}}
            """
        let path = try CLIRunner.temporaryDirectory().appendingPathComponent("continued.json")
        try template.write(to: path, atomically: true, encoding: .utf8)
        let pages = try Self.dump([path.path])
        try #require(pages.count == 2, "\(pages)")
        #expect(Self.numbers(pages[0]["slice"]) == [0, 140])
        #expect(Self.numbers(pages[1]["slice"]) == [140, 200])
        #expect(Self.numbers(pages[1]["repeatedHeader"]) == [20, 20, 160, 20])
        #expect(Self.numbers(pages[1]["body"]) == [20, 40, 160, 60])
        let nodes = pages[1]["nodes"] as? [[String: Any]] ?? []
        let firstRow = nodes.first { $0["type"] as? String == "row" }
        #expect(Self.numbers(firstRow?["frame"]) == [20, 40, 160, 30], "the row begins right below the header")
        #expect(Self.nodes(pages[1])["r4"]?.frame == [25, 45, 150, 20], "its content keeps the top padding")
        #expect(Self.nodes(pages[1])["r5"]?.frame == [25, 75, 150, 20])
    }

    @Test func handbookDumpHasAsManyPagesAsThePDF() throws {
        let arguments = ["Templates/handbook.json", "--data", "Templates/handbook.data.json"]
        let pages = try Self.dump(arguments)
        let out = try CLIRunner.temporaryDirectory().appendingPathComponent("handbook.pdf")
        let render = try CLIRunner.run(["render"] + arguments + ["-o", out.path])
        #expect(render.status == 0, "\(render.stderr)")
        let info = try CLIRunner.tool("pdfinfo", [out.path]).stdout
        let count = info.split(separator: "\n").first { $0.hasPrefix("Pages:") }.flatMap {
            Int($0.split(separator: " ").last ?? "")
        }
        #expect(pages.count == count)
        let entries = (pages.first?["nodes"] as? [[String: Any]] ?? []).filter { $0["type"] as? String == "tocEntry" }
        #expect(entries.count == 17, "the toc's entries on page 1")
        // A page that continues the rota table shows its repeated header above the body.
        let last = try #require(pages.last)
        let repeated = try #require(Self.numbers(last["repeatedHeader"]), "\(last.keys.sorted())")
        #expect(Self.numbers(last["body"])?[1] == repeated[1] + repeated[3])
    }

    @Test func asciiPrintsTheBodyTree() throws {
        let result = try CLIRunner.run([
            "layout", "Templates/handbook.json", "--data", "Templates/handbook.data.json", "--ascii",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("toc (contents)"))
        #expect(result.stdout.contains("table (rota)"))
    }

    /// `galley check` binds and paginates paged templates (it used to reject them as canvases).
    @Test func checkPaginatesPagedTemplates() throws {
        let ok = try CLIRunner.run(["check", "Templates/handbook.json", "--data", "Templates/handbook.data.json"])
        #expect(ok.status == 0, "\(ok.stdout)\(ok.stderr)")
        #expect(ok.stdout.hasPrefix("ok: "))
        let dir = try CLIRunner.temporaryDirectory()
        let path = dir.appendingPathComponent("missing.json")
        try """
        {"galley": 1, "page": {"size": "A6"}, "body": {"type": "text", "text": "{{missing.value}}"}}
        """.write(to: path, atomically: true, encoding: .utf8)
        let bad = try CLIRunner.run(["check", path.path])
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("missing.value"), "\(bad.stderr)")
    }
}
