import Foundation
import GalleyLayout
import GalleyRender
import GalleyTestSupport
import Testing

@Suite("PNG, APNG and JPEG codecs")
struct CodecTests {
    /// A page with translucent, antialiased content and transparent areas.
    func translucentImage() throws -> ImageBuffer {
        try RasterRenderer.render(
            DisplayPage(
                size: Size(width: 24, height: 16),
                items: [
                    .fill(
                        Path(ellipseIn: Rect(x: 2, y: 2, width: 20, height: 12)),
                        Color(red: 0.9, green: 0.3, blue: 0.1, alpha: 0.7)),
                    .glyphs(Fixtures.galleyRun(count: 2, size: 10, origin: Point(x: 4, y: 12))),
                ]),
            scale: 1)
    }

    func expectSamePixels(_ a: ImageBuffer, _ b: ImageBuffer, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(a.width == b.width && a.height == b.height, sourceLocation: sourceLocation)
        guard a.width == b.width, a.height == b.height else { return }
        var different = 0
        for y in 0..<a.height {
            for x in 0..<a.width where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { different += 1 }
        }
        #expect(different == 0, "\(different) pixels differ", sourceLocation: sourceLocation)
    }

    @Test func pngRoundTripRGBA() throws {
        let image = try translucentImage()
        #expect(!image.isOpaque)
        let decoded = try ImageDecoder.decode(PNGEncoder.encode(image))
        #expect(!decoded.isOpaque)
        expectSamePixels(image, decoded)
    }

    @Test func pngRoundTripOpaqueIsRGB() throws {
        let image = try RasterRenderer.render(
            DisplayPage(
                size: Size(width: 20, height: 10),
                items: [.glyphs(Fixtures.galleyRun(count: 3, size: 9, origin: Point(x: 1, y: 8)))],
                background: .white),
            scale: 1)
        let png = try PNGEncoder.encode(image)
        #expect(png[25] == 2, "colour type RGB")
        let decoded = try ImageDecoder.decode(png)
        #expect(decoded.isOpaque)
        expectSamePixels(image, decoded)
    }

    /// Every alpha with every channel value it allows (premultiplied: value ≤ alpha), through
    /// the PNG encoder's un-premultiplication and the decoder's premultiplication: the same
    /// pixels come back, in the same channels.
    @Test func everyAlphaAndValueSurvivesAPNGRoundTrip() throws {
        var pixels = [UInt8](repeating: 0, count: 256 * 256 * 4)
        for value in 0..<256 {
            for alpha in 0..<256 {
                let r = UInt32(min(value, alpha))
                let g = UInt32(alpha - min(value, alpha))
                let b = UInt32(alpha / 3)
                let argb = UInt32(alpha) << 24 | r << 16 | g << 8 | b
                let offset = (value * 256 + alpha) * 4
                withUnsafeBytes(of: argb.littleEndian) { bytes in
                    for index in 0..<4 { pixels[offset + index] = bytes[index] }
                }
            }
        }
        let image = ImageBuffer(width: 256, height: 256, stride: 256 * 4, pixels: pixels, isOpaque: false)
        let decoded = try ImageDecoder.decode(try PNGEncoder.encode(image))
        expectSamePixels(image, decoded)
    }

    @Test(.enabled(if: Fixtures.hasPillow, "needs /usr/bin/python3 with Pillow (apt-get install python3-pil)"))
    func pngMatchesIndependentDecoder() throws {
        let image = try translucentImage()
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("t.png").path
        try FileOutput.writeAtomically(PNGEncoder.encode(image), to: path)
        // Pillow prints straight RGBA; un-premultiply ours the same way and compare.
        let output = try Fixtures.runPython(
            "from PIL import Image\nim=Image.open('\(path)'); im.load()\nprint(im.mode, im.size[0], im.size[1])\n"
                + "print(' '.join('%d,%d,%d,%d' % im.getpixel((x,y)) for y in range(im.size[1]) for x in range(im.size[0])))"
        )
        let lines = output.split(separator: "\n")
        #expect(lines.first == "RGBA 24 16")
        let pixels = lines.count > 1 ? lines[1].split(separator: " ") : []
        #expect(pixels.count == 24 * 16)
        var mismatches = 0
        for (index, text) in pixels.enumerated() {
            let c = text.split(separator: ",").compactMap { Int($0) }
            let p = image.pixel(x: index % 24, y: index / 24)
            let a = Int(p.a)
            func straight(_ v: UInt8) -> Int { a == 0 ? 0 : min(255, (Int(v) * 255 + a / 2) / a) }
            if c != [straight(p.r), straight(p.g), straight(p.b), a] { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }

    @Test func apngStructure() throws {
        let frames = try (0..<3).map { index in
            try RasterRenderer.render(
                DisplayPage(
                    size: Size(width: 16, height: 16),
                    items: [.fill(Path(rect: Rect(x: Double(index) * 4, y: 4, width: 8, height: 8)), .black)],
                    background: .white),
                scale: 1)
        }
        let apng = try PNGEncoder.encodeAnimated(frames: frames, delays: [0.1, 0.25, 0.5], loops: 2)
        let text = String(decoding: apng, as: UTF8.self)
        #expect(text.contains("acTL") && text.contains("fcTL") && text.contains("fdAT"))
        // A plain PNG decoder sees the first frame.
        expectSamePixels(try ImageDecoder.decode(apng), frames[0])
        guard Fixtures.hasPillow else { return }
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("a.png").path
        try FileOutput.writeAtomically(apng, to: path)
        let output = try Fixtures.runPython(
            "from PIL import Image\nim=Image.open('\(path)')\nd=[]\nfor i in range(im.n_frames):\n"
                + " im.seek(i); im.load(); d.append(str(im.info.get('duration')))\n"
                + "print(im.n_frames, im.info.get('loop'), ' '.join(d), im.convert('RGB').getpixel((9,6)))")
        #expect(output.trimmingCharacters(in: .whitespacesAndNewlines) == "3 2 100.0 250.0 500.0 (0, 0, 0)")
    }

    @Test func jpegDecodeKeepsOriginalBytes() throws {
        let image = try ImageDecoder.decode(Fixtures.jpeg)
        #expect(image.width == 16 && image.height == 8 && image.isOpaque)
        #expect(image.encodedFormat == .jpeg && image.encoded == Fixtures.jpeg)
        let left = image.pixel(x: 2, y: 4)
        let right = image.pixel(x: 13, y: 4)
        #expect(left.a == 255 && abs(Int(left.r) - 220) < 12 && Int(left.b) < 50)
        #expect(abs(Int(right.b) - 200) < 12 && Int(right.r) < 50)
    }

    /// Where a JPEG's entropy-coded data starts: after its (last) SOS segment.
    static func scanStart(_ jpeg: [UInt8]) -> Int {
        guard let sos = (0..<jpeg.count - 1).last(where: { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDA }) else { return 0 }
        return sos + 2 + (Int(jpeg[sos + 2]) << 8 | Int(jpeg[sos + 3]))
    }

    /// The fixture with two bytes of its entropy-coded data overwritten by a restart marker where
    /// none may be (libjpeg warns "Corrupt JPEG data: premature end of data segment" and goes on).
    static func corruptScan(_ jpeg: [UInt8]) -> [UInt8] {
        var bytes = jpeg
        let scan = scanStart(jpeg)
        bytes.replaceSubrange((scan + 4)..<(scan + 6), with: [0xFF, 0xD3])
        return bytes
    }

    @Test func truncatedJPEGNamesTheProblem() {
        #expect {
            try ImageDecoder.decode(Array(Fixtures.jpeg.prefix(CodecTests.scanStart(Fixtures.jpeg) + 20)))
        } throws: { error in
            "\(error)" == "image decode failed: JPEG: Premature end of JPEG file"
        }
    }

    @Test func pngColorTypes() throws {
        let palette = try ImageDecoder.decode(Fixtures.palettePNG)
        #expect(palette.width == 4 && palette.height == 2 && !palette.isOpaque)
        #expect(palette.pixel(x: 0, y: 0) == (0, 0, 0, 0))
        #expect(palette.pixel(x: 1, y: 0) == (255, 255, 0, 0))
        #expect(palette.pixel(x: 3, y: 0) == (255, 0, 0, 255))
        let gray = try ImageDecoder.decode(Fixtures.gray16PNG)
        #expect(
            gray.isOpaque && gray.pixel(x: 0, y: 0) == (255, 0, 0, 0) && gray.pixel(x: 2, y: 0) == (255, 255, 255, 255))
        #expect(gray.pixel(x: 1, y: 0).r == 128)
        let grayAlpha = try ImageDecoder.decode(Fixtures.grayAlphaPNG)
        #expect(grayAlpha.pixel(x: 0, y: 0) == (128, 128, 128, 128))
        #expect(grayAlpha.pixel(x: 1, y: 0) == (255, 0, 0, 0))
    }

    @Test func pngDecompressionBombRejectedFromHeader() throws {
        var header = PNGChunks.bigEndian(100_000) + PNGChunks.bigEndian(100_000)
        header += [8, 6, 0, 0, 0]
        let bomb =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + PNGChunks.chunk("IHDR", header)
            + PNGChunks.chunk("IDAT", [0x78, 0x01, 0x01, 0x00, 0x00, 0xFF, 0xFF, 0, 0, 0, 1])
            + PNGChunks.chunk("IEND", [])
        #expect {
            try ImageDecoder.decode(bomb)
        } throws: { error in
            guard case RenderError.imageTooLarge(100_000, 100_000, 100_000_000) = error else { return false }
            return true
        }
    }

    @Test func jpegDecompressionBombRejectedFromHeader() throws {
        var bytes = Fixtures.jpeg
        // Patch the SOF0 frame header (FF C0, length, precision, height, width) to 60000x60000.
        guard let sof = (0..<bytes.count - 1).first(where: { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 }) else {
            Issue.record("no SOF0 in fixture")
            return
        }
        bytes.replaceSubrange((sof + 5)..<(sof + 9), with: [0xEA, 0x60, 0xEA, 0x60])
        #expect {
            try ImageDecoder.decode(bytes)
        } throws: { error in
            guard case RenderError.imageTooLarge(60_000, 60_000, _) = error else { return false }
            return true
        }
    }

    static let corruptInputs: [(String, [UInt8])] = [
        ("random bytes", [UInt8](repeating: 0x42, count: 64)),
        (
            "PNG signature then garbage",
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 7, count: 40)
        ),
        ("truncated PNG", Array(Fixtures.palettePNG.prefix(60))),
        ("truncated JPEG header", Array(Fixtures.jpeg.prefix(30))),
        // Cut inside the entropy-coded data: libjpeg only warns and fills the rest with grey.
        ("JPEG cut in its scan", Array(Fixtures.jpeg.prefix(CodecTests.scanStart(Fixtures.jpeg) + 20))),
        ("JPEG without its end marker", Array(Fixtures.jpeg.dropLast(2))),
        ("JPEG with a corrupt scan", CodecTests.corruptScan(Fixtures.jpeg)),
        ("empty", []),
    ]

    @Test(arguments: CodecTests.corruptInputs)
    func corruptDataThrowsDecodeError(name: String, bytes: [UInt8]) {
        // A warning-level failure ("Premature end of JPEG file", "Corrupt JPEG data: ...") is an
        // error too, so no half-grey image ever reaches an output (or a PDF's embedded bytes).
        #expect {
            try ImageDecoder.decode(bytes)
        } throws: { error in
            guard case RenderError.imageDecode(let message) = error else { return false }
            return !message.isEmpty
        }
    }
}
