import Foundation
import GalleyRender

/// Pillow (python3-pil), the independent image decoder and fixture maker of the tests.
///
/// It runs with Debian's interpreter (`Python`): `scripts/install-deps --test` installs
/// python3-pil for it, while a `python3` earlier on the PATH (a pyenv shim, a virtualenv) may
/// lack Pillow.
public enum Pillow {
    /// The python3 that imports PIL, or nil when it does not.
    public static let python: String? = Python.hasModules(["PIL"]) ? Python.executable : nil

    /// Why a Pillow test cannot run, for its failure message.
    public static let missing = "python3 with Pillow not found; install it with: apt-get install python3-pil"

    /// Runs a Python script with `arguments` (`sys.argv[1:]`); throws when Pillow is missing or
    /// the script fails.
    @discardableResult
    public static func run(_ script: String, _ arguments: [String] = []) throws -> String {
        guard let python else { throw PDFTools.MissingTool(tool: "python3 (with PIL)", package: "python3-pil") }
        let output = try PDFTools.launch(python, ["-c", script] + arguments)
        guard output.status == 0 else {
            throw ScriptError(description: "python3 exited \(output.status): \(output.standardError)")
        }
        return output.standardOutput
    }

    /// A Python failure with its standard error.
    public struct ScriptError: Error, CustomStringConvertible {
        public var description: String
    }

    /// The image at `path` as Pillow decodes it, after the Python expression `prepare` (over
    /// `im`, with `ImageOps` imported) — `"ImageOps.exif_transpose(im)"`, say —, premultiplied
    /// into an `ImageBuffer` so it compares with Galley's own bitmaps.
    public static func decode(_ path: String, prepare: String = "im") throws -> ImageBuffer {
        let raw = path + ".pillow-rgba"
        defer { try? FileManager.default.removeItem(atPath: raw) }
        let size = try run(
            """
            import sys
            from PIL import Image, ImageOps
            im = Image.open(sys.argv[1]); im.load()
            im = (\(prepare)).convert('RGBA')
            open(sys.argv[2], 'wb').write(im.tobytes())
            print(im.size[0], im.size[1])
            """, [path, raw])
        let numbers = size.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        let rgba = [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw)))
        guard numbers.count == 2, rgba.count == numbers[0] * numbers[1] * 4 else {
            throw ScriptError(description: "Pillow printed '\(size)' and wrote \(rgba.count) bytes")
        }
        return premultiplied(width: numbers[0], height: numbers[1], rgba: rgba)
    }

    /// Straight RGBA bytes as a premultiplied ARGB32 bitmap (native little-endian B, G, R, A).
    public static func premultiplied(width: Int, height: Int, rgba: [UInt8]) -> ImageBuffer {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        var opaque = true
        for index in 0..<(width * height) {
            let a = Int(rgba[4 * index + 3])
            func premultiply(_ c: UInt8) -> UInt8 { UInt8((Int(c) * a + 127) / 255) }
            pixels[4 * index] = premultiply(rgba[4 * index + 2])
            pixels[4 * index + 1] = premultiply(rgba[4 * index + 1])
            pixels[4 * index + 2] = premultiply(rgba[4 * index])
            pixels[4 * index + 3] = UInt8(a)
            if a != 255 { opaque = false }
        }
        return ImageBuffer(width: width, height: height, stride: width * 4, pixels: pixels, isOpaque: opaque)
    }
}
