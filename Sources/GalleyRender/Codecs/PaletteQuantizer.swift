// Reduces a frame to a GIF palette. A frame with few colours (a document page: white, black, a handful of
// fills and their antialiasing) keeps them exactly; otherwise Heckbert's median cut over a 5-bit-per-channel
// histogram picks the colours, and pixels map to the nearest palette entry, optionally with Floyd–Steinberg
// error diffusion. Output is deterministic: the exact palette is sorted, and the cut breaks ties by bin.

/// A frame (or a part of one) as palette indices.
struct PalettedImage {
    /// Red, green, blue per entry, at most 256 entries including the transparent one.
    var palette: [(red: UInt8, green: UInt8, blue: UInt8)]
    /// One index per pixel, rows packed.
    var indices: [UInt8]
    /// The entry transparent pixels use, when the image has any.
    var transparentIndex: Int?
}

enum PaletteQuantizer {
    /// Pixels with alpha below this are transparent; the rest are opaque (GIF has 1-bit alpha).
    static let alphaThreshold: UInt8 = 128

    /// Quantizes straight B, G, R, A pixels (`width × height`, rows packed).
    static func quantize(_ pixels: [UInt8], width: Int, height: Int, dithering: Bool) -> PalettedImage {
        let count = width * height
        var hasTransparent = false
        for index in 0..<count where pixels[index * 4 + 3] < alphaThreshold {
            hasTransparent = true
            break
        }
        let room = hasTransparent ? 255 : 256
        var result: PalettedImage
        if let exact = exactPalette(pixels, count: count, limit: room) {
            result = exact
        } else {
            var cut = MedianCut(pixels, count: count)
            result = cut.palette(colors: room, width: width, height: height, dithering: dithering)
        }
        if hasTransparent {
            let transparent = UInt8(result.palette.count)
            result.transparentIndex = result.palette.count
            result.palette.append((0, 0, 0))
            for index in 0..<count where pixels[index * 4 + 3] < alphaThreshold { result.indices[index] = transparent }
        }
        return result
    }

    @inline(__always) static func rgb(_ pixels: [UInt8], _ index: Int) -> UInt32 {
        UInt32(pixels[index * 4 + 2]) << 16 | UInt32(pixels[index * 4 + 1]) << 8 | UInt32(pixels[index * 4])
    }

    /// The opaque colours themselves when there are at most `limit`, sorted; nil when there are more.
    static func exactPalette(_ pixels: [UInt8], count: Int, limit: Int) -> PalettedImage? {
        var seen: [UInt32: UInt8] = [:]
        var last: UInt32 = .max
        for index in 0..<count where pixels[index * 4 + 3] >= alphaThreshold {
            let color = rgb(pixels, index)
            if color == last || seen[color] != nil {
                last = color
                continue
            }
            guard seen.count < limit else { return nil }
            seen[color] = 0
            last = color
        }
        let colors = seen.keys.sorted()
        for (position, color) in colors.enumerated() { seen[color] = UInt8(position) }
        var indices = [UInt8](repeating: 0, count: count)
        last = .max
        var lastIndex: UInt8 = 0
        for index in 0..<count where pixels[index * 4 + 3] >= alphaThreshold {
            let color = rgb(pixels, index)
            if color != last {
                last = color
                lastIndex = seen[color] ?? 0
            }
            indices[index] = lastIndex
        }
        let palette = colors.map { (red: UInt8($0 >> 16), green: UInt8(($0 >> 8) & 0xff), blue: UInt8($0 & 0xff)) }
        return PalettedImage(palette: palette, indices: indices, transparentIndex: nil)
    }
}
