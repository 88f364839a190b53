import Testing

@testable import GalleyRender

/// A shadow mask blurred again comes from the cache with exactly the bytes a fresh blur gives,
/// and a different mask of the same size is never given another's blur.
@Suite("Blurred shadow masks")
struct BlurredMasksTests {
    /// A rounded-looking blob at `offset` in a `width` x `height` mask with row padding.
    private func mask(width: Int, height: Int, stride: Int, offset: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0xEE, count: stride * height)  // padding must not matter
        for y in 0..<height {
            for x in 0..<width {
                let inside = (x - offset) * (x - offset) + (y - 12) * (y - 12) < 64
                bytes[y * stride + x] = inside ? 255 : (x + y) % 7 == 0 ? 30 : 0
            }
        }
        return bytes
    }

    private func reference(_ bytes: [UInt8], width: Int, height: Int, stride: Int, sigma: Double) -> [UInt8] {
        var copy = bytes
        copy.withUnsafeMutableBufferPointer {
            BoxBlur.blurAlpha($0.baseAddress!, width: width, height: height, stride: stride, sigma: sigma)
        }
        return copy
    }

    private func cached(
        _ bytes: [UInt8], in masks: BlurredMasks, width: Int, height: Int, stride: Int, sigma: Double
    ) -> [UInt8] {
        var copy = bytes
        copy.withUnsafeMutableBufferPointer {
            masks.blurAlpha($0.baseAddress!, width: width, height: height, stride: stride, sigma: sigma)
        }
        return copy
    }

    @Test func aRepeatedMaskIsCopiedWithTheBytesOfAFreshBlur() {
        let masks = BlurredMasks()  // a cache of its own: other suites draw shadows meanwhile
        let (width, height, stride) = (37, 25, 40)
        let blob = mask(width: width, height: height, stride: stride, offset: 15)
        let expected = reference(blob, width: width, height: height, stride: stride, sigma: 3)
        #expect(expected != blob)
        // First miss: blurred, not kept; second: blurred and kept; third: copied.
        for _ in 0..<3 {
            #expect(cached(blob, in: masks, width: width, height: height, stride: stride, sigma: 3) == expected)
        }
        #expect(masks.hits == 1)
        #expect(cached(blob, in: masks, width: width, height: height, stride: stride, sigma: 3) == expected)
        #expect(masks.hits == 2)
    }

    @Test func anotherMaskOrSigmaIsBlurredOnItsOwn() {
        let masks = BlurredMasks()  // a cache of its own: other suites draw shadows meanwhile
        let (width, height, stride) = (37, 25, 40)
        let blob = mask(width: width, height: height, stride: stride, offset: 15)
        for _ in 0..<2 { _ = cached(blob, in: masks, width: width, height: height, stride: stride, sigma: 3) }
        let moved = mask(width: width, height: height, stride: stride, offset: 16)
        #expect(
            cached(moved, in: masks, width: width, height: height, stride: stride, sigma: 3)
                == reference(moved, width: width, height: height, stride: stride, sigma: 3))
        #expect(
            cached(blob, in: masks, width: width, height: height, stride: stride, sigma: 2)
                == reference(blob, width: width, height: height, stride: stride, sigma: 2))
        #expect(masks.hits == 0)
    }
}
