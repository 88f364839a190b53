import Foundation
import GalleyTestSupport
import Testing

/// `galley preview` in a real browser: Debian's Chromium, driven by selenium
/// (`preview_browser.py`).
@Suite("serve: preview in a browser")
struct PreviewBrowserTests {
    static let first = """
        { galley: 1, size: [300, 120], background: "#ffffff",
          body: { type: "stack", direction: "horizontal", children: [
            { type: "box", id: "left", width: 100, background: "#dc2626" },
            { type: "box", id: "right", flexGrow: 1, background: "#dbeafe",
              child: { type: "text", id: "label", text: "First" } } ] } }
        """
    static let broken = """
        { galley: 1, size: [300, 120],
          body: { type: "stak" } }
        """

    static var hasBrowser: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium")
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver") && Python.hasModules(["selenium"])
    }

    /// The page shows page 1; a saved change shows a new image within 1 s; a broken template
    /// shows its file:line:col in place; pointing at a node outlines its frame with its id.
    @Test(.enabled(if: hasBrowser, "needs chromium, chromium-driver and python3-selenium (install-deps --test)"))
    func pageFollowsTheTemplate() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let template = dir.appendingPathComponent("card.json")
        try Self.first.write(to: template, atomically: true, encoding: .utf8)
        let server = try ServerProcess(["preview", template.path])
        defer { server.stop() }
        let second = Self.first.replacingOccurrences(of: "First", with: "Second").replacingOccurrences(
            of: "#dc2626", with: "#16a34a")
        let script = CLIRunner.packageRoot.appendingPathComponent("Tests/GalleyCLITests/Serve/preview_browser.py")
        let output = try ServerProcess.python(
            try String(contentsOf: script, encoding: .utf8),
            ["\(server.port)", template.path, second, Self.broken])
        let result = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any] ?? [:]
        #expect(result["firstShown"] as? Bool == true, "\(output)")
        #expect(result["naturalWidth"] as? Int == 600, "page 1 at scale 2")
        let changed = result["changedAfter"] as? Double
        #expect((changed ?? 99) < 1, "the new image took \(changed ?? -1) s")
        let place = result["errorPlace"] as? String ?? ""
        #expect(place.hasPrefix(template.path + ":2:") && place.hasSuffix("at $.body.type"), "\(place)")
        #expect((result["errorMessage"] as? String ?? "").contains("stak"))
        let hover = result["hover"] as? [String: Any] ?? [:]
        #expect(hover["displayed"] as? Bool == true && hover["id"] as? String == "left", "\(hover)")
        #expect((hover["label"] as? String ?? "").hasPrefix("#left box"))
        let rect = hover["rect"] as? [Double] ?? []
        let expected = hover["expected"] as? [Double] ?? []
        #expect(rect.count == 4 && expected == [0, 0, 100, 120])
        #expect(zip(rect, expected).allSatisfy { abs($0 - $1) <= 1 }, "\(rect) vs \(expected)")
    }
}
