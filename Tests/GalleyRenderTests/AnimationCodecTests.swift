import Foundation
import GalleyLayout
import GalleyRender
import GalleyTestSupport
import Testing

/// What Pillow reads back from an animation file.
private struct PillowAnimation: Decodable {
    var format: String
    var frames: Int
    var loop: Int?
    var durations: [Double]
    var size: [Int]
    /// Straight RGBA bytes (base64) of every frame, composited as a viewer shows it.
    var pixels: [String]

    func rgba(_ frame: Int) -> [UInt8] { Array(Data(base64Encoded: pixels[frame]) ?? Data()) }
}

/// GIF and animated WebP (and APNG through the same entry point), checked with Pillow (python3-pil), an
/// independent decoder: frame counts, durations, loop counts, and the pixels of the frames.
@Suite("animation encoders: GIF, WebP, APNG")
struct AnimationCodecTests {
    static let reader = """
        import base64, json, sys
        from PIL import Image
        im = Image.open(sys.argv[1])
        durations, pixels = [], []
        for i in range(im.n_frames):
            im.seek(i)
            im.load()  # Pillow sets a WebP frame's duration when it loads it
            durations.append(im.info.get('duration', 0))
            pixels.append(base64.b64encode(im.convert('RGBA').tobytes()).decode())
        print(json.dumps({'format': im.format, 'frames': im.n_frames, 'loop': im.info.get('loop'),
                          'durations': durations, 'size': list(im.size), 'pixels': pixels}))
        """

    /// Encodes, writes the file and reads it back with Pillow.
    private func roundTrip(
        _ format: AnimationFormat, _ frames: [ImageBuffer], delays: [Double], loops: Int = 0,
        options: AnimationEncodingOptions = .init()
    ) throws -> (bytes: [UInt8], read: PillowAnimation) {
        let bytes = try format.encode(frames: frames, delays: delays, loops: loops, options: options)
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("a.\(format.pathExtension)").path
        try FileOutput.writeAtomically(bytes, to: path)
        let run = try Python.run(code: Self.reader, arguments: [path])
        #expect(run.status == 0, "\(run.standardError)")
        return (bytes, try JSONDecoder().decode(PillowAnimation.self, from: Data(run.standardOutput.utf8)))
    }

    /// A frame with a diagonal colour gradient (thousands of colours) and a dark square at `offset`; with
    /// `transparentCorner`, a quarter of the frame is transparent and a strip is half transparent.
    static func frame(_ offset: Int, width: Int = 64, height: Int = 48, transparentCorner: Bool = false)
        -> ImageBuffer
    {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                var (r, g, b, a) = ((x * 4) % 256, (y * 5) % 256, max(0, 255 - (x + y) * 2), 255)
                if (offset..<(offset + 12)).contains(x), (10..<22).contains(y) { (r, g, b) = (20, 30, 40) }
                if transparentCorner, x < width / 2, y < height / 2 { a = 0 }
                if transparentCorner, y >= height - 4 { a = 160 }
                // Premultiplied B, G, R, A, as cairo's ARGB32 lies in memory on little-endian machines.
                let i = (y * width + x) * 4
                pixels[i] = UInt8(b * a / 255)
                pixels[i + 1] = UInt8(g * a / 255)
                pixels[i + 2] = UInt8(r * a / 255)
                pixels[i + 3] = UInt8(a)
            }
        }
        return ImageBuffer(
            width: width, height: height, stride: width * 4, pixels: pixels, isOpaque: !transparentCorner)
    }

    /// Pillow's straight RGBA against a premultiplied frame: the largest channel difference over pixels that are
    /// opaque in the source, and whether the transparent ones (alpha below 128) came back transparent.
    static func compare(_ rgba: [UInt8], _ frame: ImageBuffer) -> (worst: Int, mean: Double, alphaMatches: Bool) {
        var worst = 0
        var total = 0
        var counted = 0
        var alphaMatches = rgba.count == frame.width * frame.height * 4
        for y in 0..<frame.height {
            for x in 0..<frame.width where alphaMatches {
                let p = frame.pixel(x: x, y: y)
                let i = (y * frame.width + x) * 4
                let transparent = p.a < 128
                if transparent != (rgba[i + 3] == 0) { alphaMatches = false }
                guard !transparent else { continue }
                let straight = [p.r, p.g, p.b].map { Int($0) * 255 / max(1, Int(p.a)) }
                for channel in 0..<3 {
                    let difference = abs(Int(rgba[i + channel]) - straight[channel])
                    worst = max(worst, difference)
                    total += difference
                    counted += 1
                }
            }
        }
        return (worst, Double(total) / Double(max(1, counted)), alphaMatches)
    }

    static let enabled = Python.hasModules(["PIL"])

    @Test(.enabled(if: enabled, "needs /usr/bin/python3 with Pillow (apt-get install python3-pil)"))
    func gifHasTheFramesDurationsLoopAndPixels() throws {
        let frames = (0..<4).map { Self.frame($0 * 10) }
        let (_, read) = try roundTrip(.gif, frames, delays: [0.1, 0.25, 0.5])
        #expect(read.format == "GIF" && read.frames == 4 && read.loop == 0 && read.size == [64, 48])
        #expect(read.durations == [100, 250, 500, 500])
        // About 3,000 colours cut to 256 over a 5-bit histogram: a few levels per channel on average.
        for index in [0, 3] {
            let (worst, mean, alpha) = Self.compare(read.rgba(index), frames[index])
            #expect(alpha && worst <= 16 && mean < 3.5, "frame \(index): worst \(worst), mean \(mean)")
        }
    }

    @Test(.enabled(if: enabled, "needs /usr/bin/python3 with Pillow (apt-get install python3-pil)"))
    func gifWithFewColoursIsExact() throws {
        let frames = try (0..<3).map { index in
            try RasterRenderer.render(
                DisplayPage(
                    size: Size(width: 40, height: 30),
                    items: [.fill(Path(rect: Rect(x: Double(index) * 8, y: 6, width: 12, height: 12)), .black)],
                    background: .white),
                scale: 1)
        }
        let (_, read) = try roundTrip(.gif, frames, delays: [0.04])
        #expect(read.frames == 3 && read.durations == [40, 40, 40])
        for index in 0..<3 { #expect(Self.compare(read.rgba(index), frames[index]).worst == 0) }
    }

    @Test(.enabled(if: enabled, "needs /usr/bin/python3 with Pillow (apt-get install python3-pil)"))
    func gifKeepsTransparency() throws {
        let frames = (0..<3).map { Self.frame($0 * 15, transparentCorner: true) }
        let (_, read) = try roundTrip(.gif, frames, delays: [0.1])
        #expect(read.frames == 3)
        for index in [0, 2] {
            let (worst, _, alpha) = Self.compare(read.rgba(index), frames[index])
            #expect(alpha && worst <= 16, "frame \(index): worst \(worst)")
        }
    }

    /// The mean difference between 4×4-block averages of Pillow's pixels and the frame's (what the eye sees
    /// of a dithered area).
    static func blockError(_ rgba: [UInt8], _ frame: ImageBuffer) -> Double {
        var total = 0.0
        var blocks = 0
        for by in Swift.stride(from: 0, to: frame.height - 3, by: 4) {
            for bx in Swift.stride(from: 0, to: frame.width - 3, by: 4) {
                for channel in 0..<3 {
                    var decoded = 0
                    var source = 0
                    for y in by..<(by + 4) {
                        for x in bx..<(bx + 4) {
                            let p = frame.pixel(x: x, y: y)
                            decoded += Int(rgba[(y * frame.width + x) * 4 + channel])
                            source += Int([p.r, p.g, p.b][channel])
                        }
                    }
                    total += abs(Double(decoded - source)) / 16
                    blocks += 1
                }
            }
        }
        return total / Double(blocks)
    }

    @Test(.enabled(if: enabled, "needs /usr/bin/python3 with Pillow (apt-get install python3-pil)"))
    func gifDitheringKeepsAreaAverages() throws {
        let frames = [Self.frame(0, width: 160, height: 120), Self.frame(40, width: 160, height: 120)]
        let plain = try roundTrip(.gif, frames, delays: [0.1])
        let dithered = try roundTrip(.gif, frames, delays: [0.1], options: AnimationEncodingOptions(gifDithering: true))
        #expect(plain.bytes != dithered.bytes)
        for index in 0..<2 {
            let ditheredError = Self.blockError(dithered.read.rgba(index), frames[index])
            let plainError = Self.blockError(plain.read.rgba(index), frames[index])
            #expect(Self.compare(dithered.read.rgba(index), frames[index]).alphaMatches)
            #expect(
                ditheredError < plainError * 0.6 && ditheredError < 2,
                "frame \(index): \(ditheredError) vs \(plainError)")
        }
    }

    @Test(.enabled(if: enabled, "needs /usr/bin/python3 with Pillow (apt-get install python3-pil)"))
    func gifTimingDoesNotDriftAndLoopsCountRepeats() throws {
        let frames = (0..<30).map { Self.frame($0, width: 48, height: 32) }
        let (_, read) = try roundTrip(.gif, frames, delays: [1.0 / 30], loops: 3)
        #expect(read.durations.reduce(0, +) == 1000)
        #expect(Set(read.durations) == [30, 40])
        #expect(read.loop == 2, "GIF stores repetitions: 3 plays are 2 repeats")
        let once = try roundTrip(.gif, Array(frames.prefix(2)), delays: [0.1], loops: 1)
        #expect(once.read.loop == nil)
    }

    @Test(.enabled(if: enabled, "needs /usr/bin/python3 with Pillow (apt-get install python3-pil)"))
    func webpLosslessIsExact() throws {
        let frames = (0..<4).map { Self.frame($0 * 10, transparentCorner: $0 == 3) }
        let (bytes, read) = try roundTrip(.webp, frames, delays: [0.1, 0.25, 0.5], loops: 2)
        #expect(Array(bytes.prefix(4)) == Array("RIFF".utf8))
        #expect(read.format == "WEBP" && read.frames == 4 && read.loop == 2 && read.durations == [100, 250, 500, 500])
        #expect(Self.compare(read.rgba(0), frames[0]).worst == 0)
        let last = Self.compare(read.rgba(3), frames[3])
        // Half-transparent pixels round-trip through un-premultiplying: within one level.
        #expect(last.alphaMatches && last.worst <= 1)
    }

    @Test(.enabled(if: enabled, "needs /usr/bin/python3 with Pillow (apt-get install python3-pil)"))
    func webpLossyIsClose() throws {
        let frames = (0..<3).map { Self.frame($0 * 10, width: 128, height: 96) }
        let lossless = try roundTrip(.webp, frames, delays: [0.1])
        let lossy = try roundTrip(.webp, frames, delays: [0.1], options: AnimationEncodingOptions(webpQuality: 90))
        // Lossless frames are VP8L bitstreams, lossy ones VP8.
        #expect(Self.contains(lossless.bytes, "VP8L") && !Self.contains(lossless.bytes, "VP8 "))
        #expect(Self.contains(lossy.bytes, "VP8 ") && !Self.contains(lossy.bytes, "VP8L"))
        #expect(lossy.read.frames == 3 && lossy.read.loop == 0 && lossy.read.durations == [100, 100, 100])
        let (_, mean, _) = Self.compare(lossy.read.rgba(2), frames[2])
        #expect(mean > 0 && mean < 4, "mean \(mean)")
    }

    static func contains(_ bytes: [UInt8], _ tag: String) -> Bool {
        let needle = Array(tag.utf8)
        return bytes.indices.dropLast(needle.count).contains { Array(bytes[$0..<($0 + needle.count)]) == needle }
    }

    @Test(.enabled(if: enabled, "needs /usr/bin/python3 with Pillow (apt-get install python3-pil)"))
    func webpMergesAnIdenticalFrameIntoALongerOne() throws {
        let frames = [Self.frame(0), Self.frame(20), Self.frame(20)]
        let (_, read) = try roundTrip(.webp, frames, delays: [0.1, 0.2, 0.3])
        #expect(read.frames == 2 && read.durations == [100, 500])
    }

    @Test(.enabled(if: enabled, "needs /usr/bin/python3 with Pillow (apt-get install python3-pil)"))
    func apngThroughTheSameEntryPoint() throws {
        let frames = (0..<3).map { Self.frame($0 * 10) }
        let (bytes, read) = try roundTrip(.apng, frames, delays: [0.1, 0.2])
        #expect(read.format == "PNG" && read.frames == 3 && read.durations == [100, 200, 200])
        #expect(Self.compare(read.rgba(2), frames[2]).worst == 0)
        #expect(bytes == (try PNGEncoder.encodeAnimated(frames: frames, delays: [0.1, 0.2])))
    }

    @Test func apngBytesAreUnchanged() throws {
        // CRC-32 of this APNG as written before the encoders shared one entry point (byte-identical output).
        let frames = (0..<3).map { Self.frame($0 * 10, transparentCorner: $0 == 1) }
        let bytes = try AnimationFormat.apng.encode(frames: frames, delays: [0.1, 0.25], loops: 2)
        #expect(bytes.count == 26_523 && Fixtures.crc32(bytes) == 406_772_908)
    }

    @Test func formatsFromExtensions() {
        #expect(AnimationFormat(pathExtension: "GIF") == .gif)
        #expect(AnimationFormat(pathExtension: "png") == .apng && AnimationFormat(pathExtension: "apng") == .apng)
        #expect(AnimationFormat(pathExtension: "webp") == .webp && AnimationFormat(pathExtension: "mp4") == nil)
        #expect(AnimationFormat.allCases.map(\.pathExtension) == ["png", "gif", "webp"])
    }

    @Test(arguments: [
        (AnimationFormat.gif, 65_536, "GIF encode: 65536x1 is over GIF's 65535x65535"),
        (.webp, 16_384, "WebP encode: 16384x1 is over WebP's 16383x16383"),
    ])
    func framesOverTheFormatsLimitAreErrors(format: AnimationFormat, width: Int, message: String) {
        let wide = ImageBuffer(
            width: width, height: 1, stride: width * 4, pixels: [UInt8](repeating: 255, count: width * 4),
            isOpaque: true)
        #expect {
            try format.encode(frames: [wide], delays: [])
        } throws: { error in
            guard case RenderError.io(_, let text) = error else { return false }
            return text == message
        }
    }

    @Test(arguments: AnimationFormat.allCases)
    func badFramesAreErrorsNamingTheFormat(format: AnimationFormat) {
        let name = ["apng": "APNG", "gif": "GIF", "webp": "WebP"][format.rawValue] ?? ""
        #expect {
            try format.encode(frames: [], delays: [])
        } throws: { error in
            guard case RenderError.io(_, let message) = error else { return false }
            return message == "\(name) encode: no frames"
        }
        #expect {
            try format.encode(frames: [Self.frame(0), Self.frame(0, width: 32)], delays: [])
        } throws: { error in
            guard case RenderError.io(_, let message) = error else { return false }
            return message == "\(name) encode: frame 1 is 32x48, expected 64x48"
        }
    }
}
