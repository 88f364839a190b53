import Foundation
import Galley
import GalleyRender
import GalleyTemplates

/// A 60-frame 1200×630 transition (Templates/transition.json between its two data states, 2 s at 30 fps):
/// the display lists of the frames, their rasterization, and each format's encoding — APNG, GIF (palette per
/// frame, without and with dithering), lossless WebP — as medians of 3 runs, with each file's size. The
/// total per format is frames + rasterization + encoding, what `galley animate -o x.EXT` spends after binding.
enum AnimationBench {
    static let group = BenchGroup(name: "animation") { _, report in
        let template = try Template.load(path: "Templates/transition.json")
        let a = try template.bind(try record("Templates/transition.data.json"))
        let b = try template.bind(try record("Templates/data/transition-b.json"))
        let fps = 30.0
        let progress = TransitionTimeline.playing(duration: 59 / fps).sampledProgress(fps: fps)
        var animation: LayoutAnimation?
        var pages: [DisplayPage] = []
        let framesMs =
            try Clock.median(runs: 3) {
                let built = try CanvasTransition.animation(
                    from: a, to: b, timing: AnimationTiming(duration: 59 / fps, curve: .easeInOut))
                pages = progress.map(built.frame(at:))
                animation = built
            } * 1000
        guard animation != nil, pages.count == 60 else { throw ContentBench.BenchError("expected 60 frames") }
        let writer = AnimationWriter(format: .apng, frameDuration: 1 / fps)
        var bitmaps: [ImageBuffer] = []
        let renderMs = try Clock.median(runs: 3) { bitmaps = try writer.render(pages) } * 1000
        report.add("animation", "frames", Double(pages.count), digits: 0)
        report.add("animation", "size", "1200x630")
        report.add("animation", "display_lists_ms", framesMs)
        report.add("animation", "rasterize_ms", renderMs)
        let formats: [(String, AnimationFormat, AnimationEncodingOptions)] = [
            ("apng", .apng, AnimationEncodingOptions()), ("gif", .gif, AnimationEncodingOptions()),
            ("gif_dither", .gif, AnimationEncodingOptions(gifDithering: true)),
            ("webp", .webp, AnimationEncodingOptions()),
        ]
        for (name, format, options) in formats {
            var encoder = writer
            encoder.encoding = options
            var bytes = 0
            let encodeMs = try Clock.median(runs: 3) { bytes = try encoder.encode(bitmaps, with: format).count } * 1000
            report.add("animation", "\(name)_encode_ms", encodeMs)
            report.add("animation", "\(name)_total_ms", framesMs + renderMs + encodeMs)
            report.add("animation", "\(name)_bytes", Double(bytes), digits: 0)
        }
    }

    static func record(_ path: String) throws -> JSONValue {
        for result in try RecordReader(path: path) { return try result.get().value }
        throw ContentBench.BenchError("\(path) holds no record")
    }
}
