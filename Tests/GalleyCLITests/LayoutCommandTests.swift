import Foundation
import GalleyRender
import Testing

@Suite("galley layout")
struct LayoutCommandTests {
    let hello = ["Templates/hello.json", "--data", "Templates/hello.data.json"]

    /// Frames from `galley layout --json`, by id.
    func frames(_ arguments: [String]) throws -> [String: (x: Int, y: Int, w: Int, h: Int)] {
        let result = try CLIRunner.run(["layout"] + arguments + ["--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let root = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let page = (root?["pages"] as? [[String: Any]])?.first
        var frames = [String: (x: Int, y: Int, w: Int, h: Int)]()
        for node in page?["nodes"] as? [[String: Any]] ?? [] {
            guard let id = node["id"] as? String, let f = node["frame"] as? [NSNumber], f.count == 4 else { continue }
            frames[id] = (f[0].intValue, f[1].intValue, f[2].intValue, f[3].intValue)
        }
        return frames
    }

    /// The dumped frames agree with the rendered PNG: the header's background fills exactly its
    /// frame, and the avatar's frame holds drawn (non-white) pixels while the page around it is white.
    @Test func helloFramesMatchTheRenderedPNG() throws {
        let frames = try frames(hello)
        let header = try #require(frames["header"])
        let avatar = try #require(frames["avatar"])

        let dir = try CLIRunner.temporaryDirectory()
        let png = dir.appendingPathComponent("hello.png").path
        let result = try CLIRunner.run(["rasterize"] + hello + ["-o", png])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try ImageDecoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: png))))
        #expect(image.width == 612 && image.height == 360)

        func rgb(_ x: Int, _ y: Int) -> (Int, Int, Int) {
            let p = image.pixel(x: x, y: y)
            return (Int(p.r), Int(p.g), Int(p.b))
        }
        func isHeaderBlue(_ x: Int, _ y: Int) -> Bool {
            let (r, g, b) = rgb(x, y)  // #1e3a8a
            return abs(r - 0x1e) <= 2 && abs(g - 0x3a) <= 2 && abs(b - 0x8a) <= 2
        }
        func isWhite(_ x: Int, _ y: Int) -> Bool { rgb(x, y) == (255, 255, 255) }

        // Just inside each edge of the header (away from the title and logo).
        let (hx, hy, hw, hh) = header
        for (x, y) in [
            (hx + 1, hy + 1), (hx + hw - 2, hy + 1), (hx + 1, hy + hh - 2), (hx + hw - 2, hy + hh - 2),
            (hx + hw / 2, hy + 2), (hx + hw / 2, hy + hh - 2),
        ] {
            #expect(isHeaderBlue(x, y), "header background at (\(x), \(y)): \(rgb(x, y))")
        }
        // Just outside its bottom edge: the white page.
        for x in [hx + 1, hx + hw / 2, hx + hw - 2] {
            #expect(isWhite(x, hy + hh + 1), "below the header at (\(x), \(hy + hh + 1)): \(rgb(x, hy + hh + 1))")
        }

        // The avatar (a circle clipped from a photo) draws inside its frame, and not just outside it.
        let (ax, ay, aw, ah) = avatar
        let centre = [
            (ax + aw / 2, ay + ah / 2), (ax + aw / 2 - 10, ay + ah / 2 + 10), (ax + aw / 2 + 10, ay + ah / 2 - 10),
        ]
        #expect(centre.contains { !isWhite($0.0, $0.1) }, "avatar centre pixels are all white")
        for (x, y) in [(ax - 2, ay + ah / 2), (ax + aw / 2, ay - 2), (ax + aw / 2, ay + ah + 2), (ax + 1, ay + 1)] {
            #expect(isWhite(x, y), "outside the avatar's circle at (\(x), \(y)): \(rgb(x, y))")
        }
    }

    /// `--ascii` prints Texture's asciiArtString: stacks lay their children out side by side or
    /// stacked, other specs draw as horizontal, each box padded by 2 with its name centred in the
    /// top border; a shorter child is centred vertically (extra line on top).
    @Test func asciiArtHasTexturesForm() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let path = dir.appendingPathComponent("ascii.json")
        try """
        {galley: 1, size: [100, 50], body: {type: "stack", direction: "horizontal", children: [
          {type: "box", id: "a", size: [10, 10]},
          {type: "inset", insets: 2, child: {type: "stack", direction: "vertical", children: [
            {type: "box", size: [5, 5]}, {type: "box", id: "c", size: [5, 5]}]}}]}}
        """.write(to: path, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["layout", path.path, "--ascii"])
        #expect(result.status == 0, "\(result.stderr)")
        let expected = """
            ----------------StackLayoutSpec---------------
            |           --------InsetLayoutSpec--------  |
            |           |  -----StackLayoutSpec-----  |  |
            |           |  |          box          |  |  |
            |  box (a)  |  |        box (c)        |  |  |
            |           |  -------------------------  |  |
            |           -------------------------------  |
            ----------------------------------------------

            """
        #expect(result.stdout == expected, "got:\n\(result.stdout)")
    }
}
