import Foundation
import GalleyTestSupport
import Testing

/// Issue 14: decoded images were cached for the whole batch and never evicted (150 distinct
/// 3000x3000 photos took 5.3 GB). A batch in which every record has its own photo now keeps its
/// peak memory flat — the same after 90 records as after 30 — and under the 500 MB that
/// docs/security.md gives for it (1,000 photos are measured by hand there, in a release build).
@Suite struct PhotoBatchMemoryTests {
    static let template = """
        {galley: 1, size: [400, 320], background: "#ffffff", body: {type: "stack", direction: "vertical", children: [
          {type: "image", src: "{{photo}}", width: 400, height: 300, contentMode: "scaleAspectFill"},
          {type: "text", text: "Photo {{n}}", fontSize: 10}]}}
        """

    /// The peak resident memory (`/usr/bin/time`, KB) of `galley batch` over the first `count` records.
    static func peakKB(records count: Int, in dir: URL) throws -> Int {
        let all = try String(contentsOf: dir.appendingPathComponent("photos.ndjson"), encoding: .utf8)
        let data = dir.appendingPathComponent("first-\(count).ndjson")
        try (all.split(separator: "\n").prefix(count).joined(separator: "\n") + "\n")
            .write(to: data, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("out-\(count)")
        let result = try CLIRunner.tool(
            "/usr/bin/time",
            [
                "-f", "%M", CLIRunner.executable, "batch", dir.appendingPathComponent("photo.json").path, "--data",
                data.path, "--out", out.path, "--jobs", "2",
            ])
        #expect(result.status == 0, "\(result.stderr.suffix(1000))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).count == count)
        return Int(result.stderr.split(separator: "\n").last ?? "") ?? 0
    }

    @Test func peakMemoryStaysFlatOverDistinctPhotos() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.template.write(to: dir.appendingPathComponent("photo.json"), atomically: true, encoding: .utf8)
        let script = CLIRunner.packageRoot.appendingPathComponent("Tests/GalleyCLITests/Memory/make_photos.py").path
        let made = try PDFTools.launch(
            "/usr/bin/python3", [script, "90", dir.appendingPathComponent("photos").path], in: dir, environment: [:])
        try #require(made.status == 0, "make_photos.py: \(made.standardError)")
        let few = try Self.peakKB(records: 30, in: dir)
        let many = try Self.peakKB(records: 90, in: dir)
        print("distinct 3000x3000 photos, PDF, 2 jobs: peak RSS \(few / 1024) MB after 30, \(many / 1024) MB after 90")
        #expect(few > 0 && many > 0)
        // Each photo decodes to 36 MB: were they kept, 60 more would add 2 GB.
        #expect(many < few + 48 * 1024, "peak RSS grew from \(few) KB to \(many) KB")
        #expect(many < 500 * 1024, "peak RSS \(many) KB is over the 500 MB docs/security.md gives")
    }
}
