import Foundation
import GalleyRender
import Testing

/// Compares rendered bitmaps with reference PNGs committed next to the tests.
///
/// References live in `References/<name>.png` beside the calling test file. Run with
/// `GALLEY_RECORD=1` to write or overwrite them; otherwise a missing reference is a failure.
/// On a mismatch the actual image and a three-panel diff (expected | mask | actual) are
/// written to `Failures/` (git-ignored) beside the test file.
public enum GoldenImage {
    /// Whether this run records references instead of comparing (`GALLEY_RECORD=1`).
    public static var isRecording: Bool { ProcessInfo.processInfo.environment["GALLEY_RECORD"] == "1" }

    /// Fails the current test unless `image` matches the reference `named` within `tolerance`
    /// per premultiplied channel, allowing at most `maxDifferentPixels` pixels beyond it.
    public static func assertMatches(
        _ image: ImageBuffer, named name: String, tolerance: Int = 1, maxDifferentPixels: Int = 0,
        filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let testDirectory = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        let referenceURL = testDirectory.appendingPathComponent("References/\(name).png")
        if isRecording {
            do {
                try FileManager.default.createDirectory(
                    at: referenceURL.deletingLastPathComponent(), withIntermediateDirectories: true)
                try FileOutput.writeAtomically(PNGEncoder.encode(image, compressionLevel: 9), to: referenceURL.path)
            } catch {
                Issue.record("could not record \(referenceURL.path): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let data = FileManager.default.contents(atPath: referenceURL.path) else {
            Issue.record(
                "missing reference \(referenceURL.path); run the tests with GALLEY_RECORD=1 to create it",
                sourceLocation: sourceLocation)
            return
        }
        let expected: ImageBuffer
        do {
            expected = try ImageDecoder.decode([UInt8](data))
        } catch {
            Issue.record("unreadable reference \(referenceURL.path): \(error)", sourceLocation: sourceLocation)
            return
        }
        guard expected.width == image.width, expected.height == image.height else {
            Issue.record(
                "\(name): size \(image.width)x\(image.height) differs from reference \(expected.width)x\(expected.height)",
                sourceLocation: sourceLocation)
            writeFailure(expected: expected, actual: image, mask: nil, name: name, directory: testDirectory)
            return
        }
        let comparison = ImageComparison(expected: expected, actual: image, tolerance: tolerance)
        guard comparison.differentPixels > maxDifferentPixels else { return }
        let folder = writeFailure(
            expected: expected, actual: image, mask: comparison.mask, name: name, directory: testDirectory)
        let summary =
            "\(name): \(comparison.differentPixels) pixels differ by more than \(tolerance) "
            + "(max channel difference \(comparison.maxDifference), allowed pixels \(maxDifferentPixels)); "
            + "see \(folder)/\(name).diff.png"
        Issue.record(Comment(rawValue: summary), sourceLocation: sourceLocation)
    }

    @discardableResult
    private static func writeFailure(
        expected: ImageBuffer, actual: ImageBuffer, mask: [Bool]?, name: String, directory: URL
    ) -> String {
        let failures = directory.appendingPathComponent("Failures")
        try? FileManager.default.createDirectory(at: failures, withIntermediateDirectories: true)
        if let png = try? PNGEncoder.encode(actual) {
            try? FileOutput.writeAtomically(png, to: failures.appendingPathComponent("\(name).actual.png").path)
        }
        if let mask, let png = try? PNGEncoder.encode(DiffImage.threePanel(expected, mask, actual)) {
            try? FileOutput.writeAtomically(png, to: failures.appendingPathComponent("\(name).diff.png").path)
        }
        return failures.path
    }
}

/// A per-pixel comparison of two equally sized bitmaps.
/// How two bitmaps differ, per premultiplied channel: the one comparison golden images, Pillow
/// fixtures and PDF-against-PNG checks use.
public struct ImageComparison: CustomStringConvertible {
    /// Pixels whose largest channel difference is above the tolerance.
    public var differentPixels = 0
    /// The largest difference of any channel of any pixel (`Int.max` when the sizes differ).
    public var maxDifference = 0
    /// The mean, over pixels, of each pixel's largest channel difference.
    public var meanDifference: Double { Double(totalDifference) / Double(max(1, mask.count)) }
    /// The mean absolute difference over every channel of every pixel.
    public var channelMean: Double { Double(channelTotal) / Double(max(1, mask.count * 4)) }
    /// Whether the sizes differ (then nothing else was compared).
    public var sizesDiffer = false
    var mask: [Bool]
    private var totalDifference = 0
    private var channelTotal = 0

    /// Compares premultiplied ARGB channels; images of different sizes compare as `sizesDiffer`.
    public init(expected: ImageBuffer, actual: ImageBuffer, tolerance: Int = 0) {
        guard expected.width == actual.width, expected.height == actual.height else {
            sizesDiffer = true
            maxDifference = Int.max
            mask = []
            return
        }
        mask = Array(repeating: false, count: expected.width * expected.height)
        for y in 0..<expected.height {
            for x in 0..<expected.width {
                let e = expected.pixel(x: x, y: y)
                let a = actual.pixel(x: x, y: y)
                let channels = [
                    abs(Int(e.a) - Int(a.a)), abs(Int(e.r) - Int(a.r)), abs(Int(e.g) - Int(a.g)),
                    abs(Int(e.b) - Int(a.b)),
                ]
                channelTotal += channels.reduce(0, +)
                let difference = channels.max() ?? 0
                maxDifference = max(maxDifference, difference)
                totalDifference += difference
                if difference > tolerance {
                    differentPixels += 1
                    mask[y * expected.width + x] = true
                }
            }
        }
    }
}

extension ImageComparison {
    /// The maximum and means, for failure messages.
    public var description: String {
        sizesDiffer
            ? "sizes differ"
            : "max channel difference \(maxDifference), mean \(String(format: "%.3f", channelMean))"
    }

    /// The largest difference between the two images' `block`×`block` averages (per channel,
    /// premultiplied): antialiasing that two renderers do differently averages out, a missing
    /// or misplaced image, box or line of text does not. Both images must have the same size.
    public static func maxBlockDifference(_ a: ImageBuffer, _ b: ImageBuffer, block: Int) -> Int {
        var worst = 0
        for top in stride(from: 0, to: a.height - block + 1, by: block) {
            for left in stride(from: 0, to: a.width - block + 1, by: block) {
                var sums = [Int](repeating: 0, count: 8)
                for y in top..<top + block {
                    for x in left..<left + block {
                        let p = a.pixel(x: x, y: y)
                        let q = b.pixel(x: x, y: y)
                        sums[0] += Int(p.a)
                        sums[1] += Int(p.r)
                        sums[2] += Int(p.g)
                        sums[3] += Int(p.b)
                        sums[4] += Int(q.a)
                        sums[5] += Int(q.r)
                        sums[6] += Int(q.g)
                        sums[7] += Int(q.b)
                    }
                }
                let area = block * block
                for channel in 0..<4 { worst = max(worst, abs(sums[channel] - sums[channel + 4]) / area) }
            }
        }
        return worst
    }
}

/// Builds the expected | mask | actual image written on failure.
enum DiffImage {
    static func threePanel(_ expected: ImageBuffer, _ mask: [Bool], _ actual: ImageBuffer) -> ImageBuffer {
        let (width, height) = (expected.width, expected.height)
        let stride = width * 3 * 4
        var pixels = [UInt8](repeating: 0, count: stride * height)
        func put(_ x: Int, _ y: Int, _ argb: (a: UInt8, r: UInt8, g: UInt8, b: UInt8)) {
            let offset = y * stride + x * 4
            // Native little-endian ARGB32: bytes B, G, R, A.
            pixels[offset] = argb.b
            pixels[offset + 1] = argb.g
            pixels[offset + 2] = argb.r
            pixels[offset + 3] = argb.a
        }
        for y in 0..<height {
            for x in 0..<width {
                put(x, y, expected.pixel(x: x, y: y))
                put(2 * width + x, y, actual.pixel(x: x, y: y))
                if mask[y * width + x] {
                    put(width + x, y, (255, 255, 0, 0))
                } else {
                    // Unchanged pixels: a faint grey of the expected image's coverage.
                    let shade = UInt8(255 - Int(expected.pixel(x: x, y: y).a) / 4)
                    put(width + x, y, (255, shade, shade, shade))
                }
            }
        }
        return ImageBuffer(width: width * 3, height: height, stride: stride, pixels: pixels, isOpaque: false)
    }
}
