import Foundation
import GalleyTestSupport
import Testing

/// Images through the whole command: a broken JPEG is an error with no output, and a path that
/// leaves the template's folder is refused without the process touching the outside file.
@Suite("image safety (CLI)")
struct ImageSafetyTests {
    /// A folder with a photo (`photo.jpg`, 200 x 120), its first half (`truncated.jpg`) and a
    /// one-image template `t.json` with `src` bound from `{"src": ...}`.
    static func folder() throws -> URL {
        let dir = try CLIRunner.temporaryDirectory()
        try Pillow.run(
            """
            import sys
            from PIL import Image
            im = Image.new('RGB', (200, 120))
            im.putdata([(x, y * 2, 128) for y in range(120) for x in range(200)])
            im.save(sys.argv[1] + '/photo.jpg', quality=90)
            data = open(sys.argv[1] + '/photo.jpg', 'rb').read()
            open(sys.argv[1] + '/truncated.jpg', 'wb').write(data[:len(data) // 2])
            """, [dir.path])
        try "{ galley: 1, size: [200, 120], body: { type: \"image\", src: \"{{src}}\" } }"
            .write(to: dir.appendingPathComponent("t.json"), atomically: true, encoding: .utf8)
        return dir
    }

    static func render(_ src: String, to output: String, in dir: URL) throws -> CLIRunner.Result {
        let data = dir.appendingPathComponent("d.json")
        try "{\"src\": \(ResourceJSON.string(src))}".write(to: data, atomically: true, encoding: .utf8)
        return try CLIRunner.run(["render", "t.json", "--data", data.path, "-o", output], in: dir)
    }

    @Test(arguments: ["out.png", "out.pdf"])
    func truncatedJPEGIsAnErrorAndWritesNothing(output: String) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try Self.render("truncated.jpg", to: output, in: dir)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "at $.body.src: image \"truncated.jpg\" cannot be decoded: JPEG: Premature end of JPEG file"),
            "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent(output).path))
        // The whole file renders, and its PDF (the JPEG embedded as it came) is valid.
        let whole = try Self.render("photo.jpg", to: output, in: dir)
        #expect(whole.status == 0, "\(whole.stderr)")
        if output.hasSuffix(".pdf") {
            #expect(try PDFTools.qpdfCheck(dir.appendingPathComponent(output).path).status == 0)
        }
    }

    /// Under strace, no system call that takes a path names the outside file (no open, stat or
    /// realpath of it): it is refused from the path alone.
    @Test(arguments: [
        "../secret.png", "/etc/shadow", "/proc/self/environ", "../../../../etc/passwd", "sub/../../secret.png",
        "link.png",
    ])
    func outsidePathsAreRefusedWithoutTouchingTheFile(src: String) throws {
        guard let strace = PDFTools.find("strace") else {
            Issue.record("strace not found; install it with: apt-get install strace (scripts/install-deps --test)")
            return
        }
        let parent = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: parent) }
        let dir = parent.appendingPathComponent("tmpl")
        try FileManager.default.moveItem(at: try Self.folder(), to: dir)
        try FileManager.default.copyItem(
            at: dir.appendingPathComponent("photo.jpg"), to: parent.appendingPathComponent("secret.png"))
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/link.png", withDestinationPath: "../secret.png")
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("sub"), withIntermediateDirectories: false)
        let data = dir.appendingPathComponent("d.json")
        try "{\"src\": \(ResourceJSON.string(src))}".write(to: data, atomically: true, encoding: .utf8)
        let trace = dir.appendingPathComponent("trace.txt").path
        let result = try PDFTools.launch(
            strace,
            [
                "-f", "-o", trace, "-e", "trace=%file", CLIRunner.executable, "render", "t.json", "--data", data.path,
                "-o", "out.png",
            ],
            in: dir)
        let log = (try? String(contentsOfFile: trace, encoding: .utf8)) ?? ""
        guard !log.isEmpty else {
            // A container without ptrace: strace itself fails before galley runs.
            print("skipped: strace cannot trace here (\(result.standardError))")
            return
        }
        #expect(result.status == 2, "\(result.standardError)")
        #expect(result.standardError.contains("outside the folders resources may come from"), "\(result.standardError)")
        let outsideNames = ["secret.png", "shadow", "environ", "passwd"]
        let touching = log.split(separator: "\n").filter { line in
            // The link itself is inside and read with readlink; its target is never looked up.
            outsideNames.contains { line.contains($0) } && !line.hasPrefix("readlink") && !line.contains(" readlink(")
        }
        #expect(touching.isEmpty, "system calls on the outside file: \(touching)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.png").path))
    }
}

/// JSON string literals for data files the tests write.
enum ResourceJSON {
    static func string(_ text: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes])) ?? Data()
        let array = String(decoding: data, as: UTF8.self)
        return String(array.dropFirst().dropLast())
    }
}
