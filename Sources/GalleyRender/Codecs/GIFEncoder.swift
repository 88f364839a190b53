/// Encodes frames as an animated GIF (``AnimationFormat/gif``): a palette per frame, and only the part of a
/// frame that changed.
///
/// Opaque animations write the first frame whole and each later one as the bounding box of the pixels that
/// differ from the frame before, left in place (disposal "do not dispose") — a transition that moves one card
/// writes one card-sized rectangle. When any frame has transparent pixels every frame is written whole and
/// restored to the (transparent) background before the next, so nothing shows through from earlier frames.
enum GIFEncoder {
    static func encode(frames: [ImageBuffer], delays: [Double], loops: Int, dithering: Bool) throws(RenderError)
        -> [UInt8]
    {
        try AnimationFrames.validate(frames, "GIF")
        let width = frames[0].width
        let height = frames[0].height
        guard width <= 65_535, height <= 65_535 else {
            throw RenderError.io(path: "<memory>", message: "GIF encode: \(width)x\(height) is over GIF's 65535x65535")
        }
        let transparent = frames.contains { !$0.isOpaque && hasTransparentPixel($0) }
        let stamps = AnimationFrames.timestamps(delays, count: frames.count, unitsPerSecond: 100)
        let writer = try GIFWriter(width: width, height: height, loops: loops)
        var previous: [UInt8]?
        for (index, frame) in frames.enumerated() {
            let pixels = frame.straightPixels()
            var area = (x: 0, y: 0, width: width, height: height)
            if !transparent, let previous {
                area = changedArea(previous, pixels, width: width, height: height) ?? (0, 0, 1, 1)
            }
            let part = crop(pixels, width: width, to: area)
            let image = PaletteQuantizer.quantize(part, width: area.width, height: area.height, dithering: dithering)
            try writer.addFrame(
                image, x: area.x, y: area.y, width: area.width, height: area.height,
                delay: max(2, stamps[index + 1] - stamps[index]), disposeToBackground: transparent)
            previous = pixels
        }
        return try writer.finish()
    }

    static func hasTransparentPixel(_ image: ImageBuffer) -> Bool {
        for y in 0..<image.height {
            let row = y * image.stride
            for x in 0..<image.width where image.pixels[row + x * 4 + 3] < PaletteQuantizer.alphaThreshold {
                return true
            }
        }
        return false
    }

    /// The bounding box of the pixels that differ between two packed frames, nil when none does.
    static func changedArea(_ a: [UInt8], _ b: [UInt8], width: Int, height: Int)
        -> (x: Int, y: Int, width: Int, height: Int)?
    {
        var minX = width
        var minY = height
        var maxX = -1
        var maxY = -1
        a.withUnsafeBytes { left in
            b.withUnsafeBytes { right in
                let l = left.bindMemory(to: UInt32.self)
                let r = right.bindMemory(to: UInt32.self)
                for y in 0..<height {
                    let row = y * width
                    var first = -1
                    var last = -1
                    for x in 0..<width where l[row + x] != r[row + x] {
                        if first < 0 { first = x }
                        last = x
                    }
                    guard first >= 0 else { continue }
                    minX = min(minX, first)
                    maxX = max(maxX, last)
                    minY = min(minY, y)
                    maxY = y
                }
            }
        }
        guard maxX >= 0 else { return nil }
        return (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }

    /// The pixels of `area` out of a packed frame `width` pixels wide.
    static func crop(_ pixels: [UInt8], width: Int, to area: (x: Int, y: Int, width: Int, height: Int)) -> [UInt8] {
        if area.x == 0, area.width == width, area.y == 0, area.height * width * 4 == pixels.count { return pixels }
        var part: [UInt8] = []
        part.reserveCapacity(area.width * area.height * 4)
        for y in area.y..<(area.y + area.height) {
            let start = (y * width + area.x) * 4
            part += pixels[start..<(start + area.width * 4)]
        }
        return part
    }
}
