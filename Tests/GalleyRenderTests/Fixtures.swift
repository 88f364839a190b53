import Foundation
import GalleyLayout
import GalleyRender
import GalleyTestSupport

/// Shared inputs of the render tests: the bundled font, hand-shaped glyph runs, tiny images.
enum Fixtures {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let sans = FontResource(path: repositoryRoot.appendingPathComponent("Fonts/LiberationSans-Regular.ttf").path)

    /// "Galley ffi" shaped by `hb-shape Fonts/LiberationSans-Regular.ttf "Galley ffi"` (no ligature
    /// in Liberation Sans): glyph ids and advances in font units (2048 per em).
    static let galleyIDs: [UInt32] = [42, 68, 79, 79, 72, 92, 3, 73, 73, 76]
    static let galleyAdvances = [1593, 1139, 455, 455, 1139, 1024, 569, 532, 569, 455]

    /// A run of the first `count` glyphs of "Galley ffi", one cluster per character.
    static func galleyRun(
        count: Int = 6, size: Double, origin: Point, color: Color = .black, slant: Double = 0
    ) -> GlyphRun {
        let text = String("Galley ffi".prefix(count))
        var x = 0.0
        var glyphs: [GlyphRun.Glyph] = []
        for index in 0..<count {
            glyphs.append(GlyphRun.Glyph(id: galleyIDs[index], x: x, y: 0))
            x += Double(galleyAdvances[index]) / 2048 * size
        }
        return GlyphRun(
            font: sans, fontSize: size, color: color, origin: origin, glyphs: glyphs, text: text,
            clusters: Array(repeating: GlyphRun.Cluster(byteCount: 1, glyphCount: 1), count: count),
            syntheticSlant: slant)
    }

    /// A premultiplied ARGB32 bitmap from straight RGBA pixels (row-major).
    static func bitmap(width: Int, height: Int, rgba: [(UInt8, UInt8, UInt8, UInt8)]) -> ImageBuffer {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        var opaque = true
        for (index, (r, g, b, a)) in rgba.enumerated() {
            func premultiply(_ c: UInt8) -> UInt8 { UInt8((Int(c) * Int(a) + 127) / 255) }
            // Native little-endian ARGB32: bytes B, G, R, A.
            pixels[index * 4] = premultiply(b)
            pixels[index * 4 + 1] = premultiply(g)
            pixels[index * 4 + 2] = premultiply(r)
            pixels[index * 4 + 3] = a
            if a != 255 { opaque = false }
        }
        return ImageBuffer(width: width, height: height, stride: width * 4, pixels: pixels, isOpaque: opaque)
    }

    /// A 4x4 checkerboard of four colours, for interpolation tests.
    static let checkerboard: ImageBuffer = {
        let colors: [(UInt8, UInt8, UInt8, UInt8)] = [
            (230, 40, 40, 255), (250, 250, 250, 255), (40, 90, 230, 255), (30, 30, 30, 255),
        ]
        var rgba: [(UInt8, UInt8, UInt8, UInt8)] = []
        for y in 0..<4 {
            for x in 0..<4 { rgba.append(colors[(x + y) % 2 == 0 ? (y < 2 ? 0 : 2) : (x < 2 ? 1 : 3)]) }
        }
        return bitmap(width: 4, height: 4, rgba: rgba)
    }()

    /// 16x8 JPEG (Pillow, quality 95): left half red (220, 20, 30), right half blue (20, 40, 200).
    static let jpeg = decode64(
        "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAIBAQEBAQIBAQECAgICAgQDAgICAgUEBAMEBgUGBgYFBgYGBwkIBgcJBwYGCAsICQoKCgoKBggLDAsKDAkKCgr/2wBDAQICAgICAgUDAwUKBwYHCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgr/wAARCAAIABADASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwD5Drwuiiv2z6Gn/M9/7lf/AHYP6Y+m7/zIP+5r/wB1j//Z"
    )
    /// 4x2 two-bit palette PNG with tRNS (index 0 transparent): rows 0 R G B / B G R 0.
    static let palettePNG = decode64(
        "iVBORw0KGgoAAAANSUhEUgAAAAQAAAACAgMAAAACxpXwAAAADFBMVEUAAAD/AAAA/wAAAP+bwBPcAAAAAXRSTlMAQObYZgAAAAxJREFUeNpjkGZ4AgABOQEAe5lCNwAAAABJRU5ErkJggg=="
    )
    /// 3x1 16-bit grey PNG: 0, 32768, 65535.
    static let gray16PNG = decode64(
        "iVBORw0KGgoAAAANSUhEUgAAAAMAAAABEAAAAABuG5crAAAAD0lEQVR4nGNgYGhg+P8fAAUEAn/jgEvgAAAAAElFTkSuQmCC")
    /// 2x1 grey+alpha PNG: (white, alpha 128), (black, opaque).
    static let grayAlphaPNG = decode64(
        "iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAQAAABeK7cBAAAADUlEQVR4nGP438DwHwAGgAJ/EEwb4QAAAABJRU5ErkJggg==")

    static func decode64(_ text: String) -> [UInt8] { [UInt8](Data(base64Encoded: text) ?? Data()) }

    /// A fresh empty directory under the system temporary directory.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("galley-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// PNG's CRC-32, for hand-built chunks.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xff), UInt8((value >> 8) & 0xff), UInt8(value & 0xff)]
    }

    /// Whether Debian's python3 with Pillow is available (an independent PNG decoder for tests).
    static let hasPillow = Pillow.python != nil

    static func runPython(_ script: String) throws -> String { try Pillow.run(script) }
}
