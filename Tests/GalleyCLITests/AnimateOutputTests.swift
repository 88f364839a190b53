import Foundation
import GalleyTestSupport
import Testing

/// `galley animate`'s outputs and its scene form, read back with Pillow: GIF and WebP frame counts and
/// durations, first and last frames against static renders, the output format's rules, and scene transitions
/// whose interaction cancels or finishes on a frame identical to a static render.
@Suite("animate: formats and scenes")
struct AnimateOutputTests {
    static let transition = [
        "animate", "Templates/transition.json", "--from", "Templates/transition.data.json", "--to",
        "Templates/data/transition-b.json", "--fps", "10",
    ]

    /// Prints `FORMAT FRAMES DURATION…` of an animation, then for each extra path pair (frame index, PNG) the
    /// largest and mean channel difference between that frame and the PNG.
    static let inspect = """
        import sys
        from PIL import Image, ImageChops, ImageStat
        im = Image.open(sys.argv[1])
        durations = []
        for i in range(im.n_frames):
            im.seek(i)
            im.load()  # Pillow sets a WebP frame's duration when it loads it
            durations.append(str(round(im.info.get('duration', 0))))
        print(im.format, im.n_frames, ' '.join(durations))
        for k in range(2, len(sys.argv), 2):
            im.seek(int(sys.argv[k]))
            a = im.convert('RGBA')
            b = Image.open(sys.argv[k + 1]).convert('RGBA')
            diff = ImageChops.difference(a, b)
            print(max(e[1] for e in diff.getextrema()), round(sum(ImageStat.Stat(diff).mean) / 4, 4))
        """

    static func pillow(_ arguments: [String]) throws -> [String] {
        try #require(Pillow.python != nil, "\(Pillow.missing)")
        let run = try Python.run(code: inspect, arguments: arguments)
        #expect(run.status == 0, "\(run.standardError)")
        return run.standardOutput.split(separator: "\n").map(String.init)
    }

    static func rasterize(_ template: String, data: String? = nil, to path: String) throws {
        var arguments = ["rasterize", template, "-o", path]
        if let data { arguments += ["--data", data] }
        let run = try CLIRunner.run(arguments)
        #expect(run.status == 0, "\(run.stderr)")
    }

    @Test func gifAndWebPHaveTheFramesDurationsAndEnds() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a.png").path
        let b = dir.appendingPathComponent("b.png").path
        try Self.rasterize("Templates/transition.json", data: "Templates/transition.data.json", to: a)
        try Self.rasterize("Templates/transition.json", data: "Templates/data/transition-b.json", to: b)
        for (name, extra) in [("t.gif", [String]()), ("d.gif", ["--dither"]), ("t.webp", [])] {
            let out = dir.appendingPathComponent(name).path
            let run = try CLIRunner.run(Self.transition + extra + ["-o", out])
            #expect(run.status == 0, "\(run.stderr)")
            // 0.4 s at 10 fps: 5 frames of 100 ms.
            let lines = try Self.pillow([out, "0", a, "4", b])
            let format = name.hasSuffix("gif") ? "GIF" : "WEBP"
            #expect(lines.first == "\(format) 5 100 100 100 100 100", "\(name): \(lines)")
            for line in lines.dropFirst() {
                let numbers = line.split(separator: " ").compactMap { Double($0) }
                let (worst, mean) = (numbers.first ?? 255, numbers.last ?? 255)
                if format == "WEBP" {
                    #expect(worst == 0, "lossless WebP ends are exact: \(line)")
                } else {
                    // The page has more than 256 colours (antialiased text): median cut, a small mean error.
                    #expect(mean < 1.5 && worst < 80, "\(name) within GIF's palette error: \(line)")
                }
            }
        }
    }

    @Test func theOutputFormatComesFromTheExtensionOrFormat() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let unknown = try CLIRunner.run(Self.transition + ["-o", dir.appendingPathComponent("x.gifx").path])
        #expect(
            unknown.status == 2 && unknown.stderr.contains("'.gifx' is not an animation format"), "\(unknown.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("x.gifx").path))
        let contradiction = try CLIRunner.run(
            Self.transition + ["--format", "gif", "-o", dir.appendingPathComponent("x.png").path])
        #expect(contradiction.status == 2 && contradiction.stderr.contains("--format says gif"))
        let bare = dir.appendingPathComponent("anim").path
        let chosen = try CLIRunner.run(Self.transition + ["--format", "webp", "-o", bare])
        #expect(chosen.status == 0, "\(chosen.stderr)")
        #expect(try Self.pillow([bare]).first?.hasPrefix("WEBP 5") == true)
        let noFormat = try CLIRunner.run(Self.transition + ["-o", dir.appendingPathComponent("anim2").path])
        #expect(noFormat.status == 2 && noFormat.stderr.contains("has no extension"))
        let at = try CLIRunner.run(Self.transition + ["--at", "0.5", "-o", dir.appendingPathComponent("m.gif").path])
        #expect(at.status == 2 && at.stderr.contains("--at writes one PNG"))
    }

    /// Runs a scene transition into a frames folder and returns its frames, sorted.
    static func sceneFrames(_ animator: String, _ interaction: String, in dir: URL) throws -> [String] {
        let out = dir.path + "/" + animator + "-" + interaction.filter(\.isLetter) + "/"
        let run = try CLIRunner.run([
            "animate", "--from", "Templates/scene-list.json", "--to", "Templates/scene-detail.json", "--animator",
            animator, "--interaction", interaction, "--fps", "20", "-o", out,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        return try FileManager.default.contentsOfDirectory(atPath: out).sorted().map { out + $0 }
    }

    /// Whether two files hold the same bytes (frames and static renders go through the same PNG encoder).
    static func identical(_ a: String, _ b: String) -> Bool {
        FileManager.default.contentsEqual(atPath: a, andPath: b)
    }

    @Test func pushAndZoomCancelToTheFromSceneAndFinishOnTheToScene() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let list = dir.appendingPathComponent("list.png").path
        let detail = dir.appendingPathComponent("detail.png").path
        try Self.rasterize("Templates/scene-list.json", to: list)
        try Self.rasterize("Templates/scene-detail.json", to: detail)
        for animator in ["push", "zoom"] {
            let cancelled = try Self.sceneFrames(animator, "0.2s:0.4, cancel", in: dir)
            // 0.2 s to 0.4, then 0.4 × 0.35 s back: 0.34 s at 20 fps, 8 frames.
            #expect(cancelled.count == 8, "\(cancelled)")
            #expect(Self.identical(try #require(cancelled.first), list))
            #expect(Self.identical(try #require(cancelled.last), list), "\(animator): cancel ends on the list")
            #expect(!(Self.identical(cancelled[4], list)), "\(animator) moved in between")
            let finished = try Self.sceneFrames(animator, "0.2s:0.4, finish", in: dir)
            #expect(Self.identical(try #require(finished.last), detail), "\(animator): finish ends on the detail")
        }
    }

    @Test func sceneFormUsageErrors() throws {
        let scenes = ["animate", "--from", "Templates/scene-list.json", "--to", "Templates/scene-detail.json"]
        let unknown = try CLIRunner.run(scenes + ["--animator", "spin", "-o", "/tmp/x.png"])
        #expect(unknown.status == 2 && unknown.stderr.contains("fade, push, pop, cover, uncover, zoom"))
        let mixed = try CLIRunner.run(Self.transition + ["--animator", "push", "-o", "/tmp/x.png"])
        #expect(mixed.status == 2 && mixed.stderr.contains("--animator is for two scenes"))
        let script = try CLIRunner.run(scenes + ["--interaction", "0.2s:0.4", "-o", "/tmp/x.png"])
        #expect(script.status == 2 && script.stderr.contains("end with finish, cancel or release"), "\(script.stderr)")
        let missing = try CLIRunner.run([
            "animate", "--from", "Templates/nope.json", "--to", "x.json", "-o", "/tmp/x.png",
        ])
        #expect(missing.status == 2 && missing.stderr.contains("nope.json"), "\(missing.stderr)")
    }

    @Test func checkReportsAmbiguousAndConflictingConstraints() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let ambiguous = dir.appendingPathComponent("ambiguous.json")
        try """
        {galley: 1, size: [300, 100], body: {type: "constraints",
          children: [{type: "box", id: "a", size: [20, 10]}, {type: "box", id: "b", size: [20, 10]}],
          constraints: [{first: "a.leading", second: "parent.leading"}, {first: "b.leading", second: "a.trailing"},
                        {first: "b.trailing", second: "parent.trailing"}, {first: "a.top", second: "parent.top"},
                        {first: "b.top", second: "parent.top"}]}}
        """.write(to: ambiguous, atomically: true, encoding: .utf8)
        let warned = try CLIRunner.run(["check", ambiguous.path, "--strict"])
        #expect(warned.status == 1, "--strict fails on the warnings")
        #expect(
            warned.stderr.contains(
                "ambiguous.json:1:37: at $.body: warning: constraints: child[0] (a): right, centerX, width ambiguous"),
            "\(warned.stderr)")
        #expect(warned.stderr.contains("child[1] (b): left, centerX, width ambiguous"), "\(warned.stderr)")
        let conflicting = dir.appendingPathComponent("conflict.json")
        try """
        {galley: 1, size: [300, 100], body: {type: "constraints", children: [{type: "box", id: "a"}],
          constraints: [{first: "a.width", constant: 400}, {first: "a.trailing", relation: "<=", second: "parent.trailing"},
                        {first: "a.leading", second: "parent.leading"}]}}
        """.write(to: conflicting, atomically: true, encoding: .utf8)
        let failed = try CLIRunner.run(["check", conflicting.path])
        #expect(failed.status == 2, "\(failed.stderr)")
        #expect(failed.stderr.contains("required constraints conflict"), "\(failed.stderr)")
        #expect(failed.stderr.contains("constraints[0] a.width == 400"), "\(failed.stderr)")
    }
}
