import Foundation
import GalleyTestSupport
import Testing

/// `galley animate` end to end: the APNG's frames and delays (read by Pillow) and the ends
/// against static `galley rasterize` renders.
@Suite("animate command")
struct AnimateCommandTests {
    static let base = [
        "animate", "Templates/transition.json", "--from", "Templates/transition.data.json", "--to",
        "Templates/data/transition-b.json",
    ]

    /// Runs a Pillow script with Debian's python3 (`scripts/install-deps --test` installs python3-pil).
    static func pillow(_ script: String, _ arguments: [String]) throws -> CLIRunner.Result {
        try #require(Pillow.python != nil, "\(Pillow.missing)")
        let output = try Python.run(code: script, arguments: arguments)
        return CLIRunner.Result(status: output.status, stdout: output.standardOutput, stderr: output.standardError)
    }

    static func temporary(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("galley-animate-\(getpid())-\(name)").path
    }

    @Test func animatedPNGHasTheFramesAndDelaysAskedFor() throws {
        let out = Self.temporary("a.png")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let run = try CLIRunner.run(
            Self.base + ["--duration", "0.4", "--fps", "25", "--curve", "spring:0.7", "-o", out])
        #expect(run.status == 0, "\(run.stderr)")
        let script = """
            import sys
            from PIL import Image
            im = Image.open(sys.argv[1])
            durations = []
            for i in range(im.n_frames):
                im.seek(i)
                durations.append(im.info.get('duration'))
            print(im.format, im.n_frames, im.size[0], im.size[1], ' '.join(str(round(d)) for d in durations))
            """
        let result = try Self.pillow(script, [out])
        #expect(result.status == 0, "\(result.stderr)")
        // 0.4 s at 25 fps: 10 intervals, 11 frames of 40 ms each.
        #expect(
            result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
                == "PNG 11 1200 630 " + Array(repeating: "40", count: 11).joined(separator: " "))
    }

    @Test func endFramesEqualStaticRenders() throws {
        let dir = Self.temporary("frames") + "/"
        let staticA = Self.temporary("static-a.png")
        let staticB = Self.temporary("static-b.png")
        defer {
            for path in [dir, staticA, staticB] { try? FileManager.default.removeItem(atPath: path) }
        }
        #expect(try CLIRunner.run(Self.base + ["--fps", "10", "-o", dir]).status == 0)
        #expect(
            try CLIRunner.run([
                "rasterize", "Templates/transition.json", "--data", "Templates/transition.data.json", "-o", staticA,
            ]).status == 0)
        #expect(
            try CLIRunner.run([
                "rasterize", "Templates/transition.json", "--data", "Templates/data/transition-b.json", "-o", staticB,
            ]).status == 0)
        // 0.4 s at 10 fps: frame-0000 … frame-0004.
        let frames = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        #expect(frames == (0...4).map { "frame-000\($0).png" })
        let compare = """
            import sys
            from PIL import Image
            a = Image.open(sys.argv[1]).convert('RGBA'); b = Image.open(sys.argv[2]).convert('RGBA')
            print('same' if a.size == b.size and a.tobytes() == b.tobytes() else 'different')
            """
        let first = try Self.pillow(compare, [dir + "frame-0000.png", staticA])
        let last = try Self.pillow(compare, [dir + "frame-0004.png", staticB])
        let middle = try Self.pillow(compare, [dir + "frame-0002.png", staticB])
        #expect(first.stdout.contains("same"), "\(first.stderr)")
        #expect(last.stdout.contains("same"), "\(last.stderr)")
        #expect(middle.stdout.contains("different"))
    }

    @Test func usageErrors() throws {
        let bad = try CLIRunner.run(Self.base + ["--curve", "wobble", "-o", Self.temporary("x.png")])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--curve"))
        let help = try CLIRunner.run(["animate", "--help"])
        #expect(help.status == 0 && help.stdout.contains("EXAMPLES"))
    }
}
