import Foundation
import GalleyRender
import GalleyTestSupport
import Testing

/// WebP, GIF and TIFF decode as Pillow decodes them (fixtures made by Pillow, compared pixel by pixel,
/// premultiplied); truncated or corrupt ones are errors naming the format; sizes over the pixel limit are
/// refused from the header.
@Suite("WebP, GIF and TIFF decoding")
struct BitmapFormatTests {
    /// Writes every fixture into `folder` with Pillow: a gradient with a translucent corner, in each format.
    static func makeFixtures(in folder: String) throws {
        try Pillow.run(
            """
            import sys
            from PIL import Image
            d = sys.argv[1]
            w, h = 61, 37
            rgba = Image.new('RGBA', (w, h))
            for y in range(h):
                for x in range(w):
                    a = 255 if x < 40 else 60 + 4 * y
                    rgba.putpixel((x, y), (x * 4, y * 6, (x * y) % 256, a))
            rgb = rgba.convert('RGB')
            rgba.save(d + '/lossless.webp', lossless=True)
            rgb.save(d + '/lossy.webp', quality=80)
            rgba.save(d + '/alpha-lossy.webp', quality=90)
            pal = rgb.quantize(colors=32)
            pal.save(d + '/palette.gif')
            t = rgb.quantize(colors=16)
            t.info['transparency'] = 3
            t.save(d + '/transparent.gif', transparency=3)
            rgb.quantize(colors=64).save(d + '/interlaced.gif', interlace=True)
            rgb.save(d + '/rgb-lzw.tif', compression='tiff_lzw')
            rgb.save(d + '/rgb-deflate.tif', compression='tiff_adobe_deflate')
            rgba.save(d + '/rgba.tif')
            rgb.convert('CMYK').save(d + '/cmyk.tif')
            cmyk = Image.new('CMYK', (w, h))
            for y in range(h):
                for x in range(w):
                    cmyk.putpixel((x, y), (x * 4, y * 6, (x + y) * 2, (x * 3) % 256))
            cmyk.save(d + '/cmyk-inks.tif', compression='tiff_lzw')
            rgb.convert('L').save(d + '/grey.tif')
            pal.save(d + '/palette.tif')
            rgb.save(d + '/frames.webp', save_all=True, append_images=[rgb.rotate(90)], duration=100)
            """, [folder])
    }

    static let fixtures = [
        "lossless.webp", "lossy.webp", "alpha-lossy.webp", "frames.webp", "palette.gif", "transparent.gif",
        "interlaced.gif", "rgb-lzw.tif", "rgb-deflate.tif", "rgba.tif", "cmyk.tif", "cmyk-inks.tif", "grey.tif",
        "palette.tif",
    ]

    /// The fixtures, written once per process before any test reads one: parallel tests all wait on this one
    /// initialisation (a static `let` is initialised exactly once), so none reads a file Pillow is still writing.
    static let folder: Result<String, any Error> = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("galley-bitmaps-\(getpid())").path
        return Result {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            try makeFixtures(in: path)
            return path
        }
    }()

    static func fixture(_ name: String) throws -> String {
        try folder.get() + "/" + name
    }

    @Test(arguments: fixtures) func decodesLikePillow(_ name: String) throws {
        let path = try Self.fixture(name)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let ours = try ImageDecoder.decode(bytes)
        let pillow = try Pillow.decode(path)
        let difference = ImageComparison(expected: pillow, actual: ours)
        // libtiff rounds its CMYK conversion down where Pillow rounds to nearest: one level at most.
        #expect(difference.maxDifference <= 1, "\(name): \(difference)")
        #expect(ours.width == 61 && ours.height == 37)
    }

    @Test(arguments: fixtures) func truncatedDataIsAnError(_ name: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: try Self.fixture(name))))
        let format = try #require(ImageDecoder.Format(sniffing: bytes))
        let cut = Array(bytes.prefix(bytes.count * 2 / 3))
        #expect {
            try ImageDecoder.decode(cut)
        } throws: { error in
            guard case RenderError.imageDecode(let message) = error else { return false }
            return message.hasPrefix(format.rawValue + ":")
        }
    }

    @Test(arguments: ["lossless.webp", "palette.gif", "rgb-lzw.tif"]) func headersOverThePixelLimitAreRefused(
        _ name: String
    ) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: try Self.fixture(name))))
        #expect {
            try ImageDecoder.decode(bytes, maxPixels: 1000)
        } throws: { error in
            guard case RenderError.imageTooLarge(let width, let height, let limit) = error else { return false }
            return width == 61 && height == 37 && limit == 1000
        }
    }

    @Test func garbageAfterAMagicNumberIsAnError() throws {
        for magic in ["GIF89a", "II*\u{0}", "RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 "] {
            let bytes = Array(magic.utf8) + [UInt8](repeating: 0x5A, count: 64)
            #expect(throws: RenderError.self) { try ImageDecoder.decode(bytes) }
        }
    }
}
