import Foundation

/// The templates the server tests use, written into a fresh folder per test.
enum ServeFixtures {
    /// A one-box canvas that prints `{{name}}`.
    static let box = """
        { galley: 1, size: [200, 100], background: "#ffffff",
          body: { type: "box", id: "card", background: "#dbeafe", child: { type: "text", id: "name", text: "{{name}}" } } }
        """

    /// A canvas that draws the image its record names (`{{photo}}`).
    static let photo = """
        { galley: 1, size: [200, 100], body: { type: "image", id: "photo", src: "{{photo}}", width: 120, height: 40 } }
        """

    /// A paged document of one long paragraph (`{{text}}`); with `slowRecord` it takes about
    /// 10 s to lay out in a debug build.
    static let slow = """
        { galley: 1, page: { size: "A4", margin: 36 }, body: { type: "text", text: "{{text}}", fontSize: 6 } }
        """

    /// 80,000 words (0.6 MB): about 10 s for `slow` in a debug build (measured: 50,000 words 2.4 s,
    /// 120,000 words 18 s), cancelled within milliseconds.
    static var slowRecord: String {
        #"{"text": ""# + (0..<80_000).map { "word\($0 % 1000)" }.joined(separator: " ") + #""}"#
    }

    /// A template with an unknown element type on line 3.
    static let broken = """
        { galley: 1, size: [200, 100],
          body: {
            type: "boxx" } }
        """

    /// A folder with `box.json`, `slow.json`, `broken.json` and W1 (`invoice.json` and its assets).
    static func folder() throws -> URL {
        let dir = try CLIRunner.temporaryDirectory()
        try box.write(to: dir.appendingPathComponent("box.json"), atomically: true, encoding: .utf8)
        try slow.write(to: dir.appendingPathComponent("slow.json"), atomically: true, encoding: .utf8)
        try broken.write(to: dir.appendingPathComponent("broken.json"), atomically: true, encoding: .utf8)
        return dir
    }
}
