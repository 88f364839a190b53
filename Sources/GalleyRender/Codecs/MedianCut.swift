// Heckbert's median cut ("Color image quantization for frame buffer display", 1982) over a histogram of
// 5 bits per channel, with the palette colours averaged from the exact pixels in each box.

/// The opaque pixels of one image, binned for median cut.
struct MedianCut {
    /// One occupied 15-bit bin: its index (r << 10 | g << 5 | b), pixel count, and colour sums.
    struct Bin {
        let key: Int
        var count: Int
        var red: Int
        var green: Int
        var blue: Int

        func component(_ axis: Int) -> Int { (key >> (10 - axis * 5)) & 31 }
    }

    /// A box of bins (`bins[start..<end]`), its pixel count, its longest axis and the split score (computed
    /// once: the box choice reads them for every box at every split).
    struct Box {
        var start: Int
        var end: Int
        var count: Int
        var axis: Int
        var score: Int
    }

    let pixels: [UInt8]
    let count: Int
    var bins: [Bin] = []

    init(_ pixels: [UInt8], count: Int) {
        self.pixels = pixels
        self.count = count
        var slots = [Int32](repeating: -1, count: 32_768)
        for index in 0..<count where pixels[index * 4 + 3] >= PaletteQuantizer.alphaThreshold {
            let blue = Int(pixels[index * 4])
            let green = Int(pixels[index * 4 + 1])
            let red = Int(pixels[index * 4 + 2])
            let key = Self.key(red, green, blue)
            if slots[key] < 0 {
                slots[key] = Int32(bins.count)
                bins.append(Bin(key: key, count: 0, red: 0, green: 0, blue: 0))
            }
            let slot = Int(slots[key])
            bins[slot].count += 1
            bins[slot].red += red
            bins[slot].green += green
            bins[slot].blue += blue
        }
        // Histogram order would depend on the image's pixel order only, but sorting makes the boxes' contents
        // independent of it too.
        bins.sort { $0.key < $1.key }
    }

    @inline(__always) static func key(_ red: Int, _ green: Int, _ blue: Int) -> Int {
        (red >> 3) << 10 | (green >> 3) << 5 | (blue >> 3)
    }

    func box(_ start: Int, _ end: Int) -> Box {
        var low = (31, 31, 31)
        var high = (0, 0, 0)
        var total = 0
        for index in start..<end {
            let bin = bins[index]
            total += bin.count
            let (r, g, b) = (bin.component(0), bin.component(1), bin.component(2))
            low = (min(low.0, r), min(low.1, g), min(low.2, b))
            high = (max(high.0, r), max(high.1, g), max(high.2, b))
        }
        let spans = (high.0 - low.0, high.1 - low.1, high.2 - low.2)
        let axis = spans.0 >= spans.1 && spans.0 >= spans.2 ? 0 : (spans.1 >= spans.2 ? 1 : 2)
        let span = axis == 0 ? spans.0 : (axis == 1 ? spans.1 : spans.2)
        return Box(start: start, end: end, count: total, axis: axis, score: total * span)
    }

    /// Splits the most populous-and-widest box at the median of its longest axis until there are `colors`
    /// boxes or none can be split, then maps every pixel.
    mutating func palette(colors: Int, width: Int, height: Int, dithering: Bool) -> PalettedImage {
        var boxes = bins.isEmpty ? [] : [box(0, bins.count)]
        while boxes.count < colors {
            guard
                let chosen = boxes.indices.filter({ boxes[$0].end - boxes[$0].start > 1 })
                    .max(by: { boxes[$0].score < boxes[$1].score || (boxes[$0].score == boxes[$1].score && $0 > $1) })
            else { break }
            let current = boxes[chosen]
            let axis = current.axis
            bins[current.start..<current.end].sort {
                ($0.component(axis), $0.key) < ($1.component(axis), $1.key)
            }
            var running = 0
            var split = current.start + 1
            for index in current.start..<(current.end - 1) {
                running += bins[index].count
                split = index + 1
                if running * 2 >= current.count { break }
            }
            boxes[chosen] = box(current.start, split)
            boxes.append(box(split, current.end))
        }
        let palette: [(red: UInt8, green: UInt8, blue: UInt8)] = boxes.map { box in
            var sums = (0, 0, 0)
            for bin in bins[box.start..<box.end] {
                sums = (sums.0 + bin.red, sums.1 + bin.green, sums.2 + bin.blue)
            }
            let n = max(1, box.count)
            return (UInt8((sums.0 + n / 2) / n), UInt8((sums.1 + n / 2) / n), UInt8((sums.2 + n / 2) / n))
        }
        var mapper = PaletteMapper(palette: palette)
        for bin in bins where bin.count > 0 {
            // An occupied bin maps by its pixels' mean colour, which is closer to them than the bin's centre.
            let n = bin.count
            mapper.seed(
                bin.key, red: (bin.red + n / 2) / n, green: (bin.green + n / 2) / n, blue: (bin.blue + n / 2) / n)
        }
        let indices = mapper.map(pixels, width: width, height: height, dithering: dithering)
        return PalettedImage(palette: palette, indices: indices, transparentIndex: nil)
    }
}

/// Nearest-palette-entry lookup per 15-bit bin, filled on demand, and the pixel mapping with optional
/// Floyd–Steinberg error diffusion (7/16 right, 3/16 down-left, 5/16 down, 1/16 down-right).
struct PaletteMapper {
    let palette: [(red: UInt8, green: UInt8, blue: UInt8)]
    private let reds: [Int]
    private let greens: [Int]
    private let blues: [Int]
    var table = [Int16](repeating: -1, count: 32_768)

    init(palette: [(red: UInt8, green: UInt8, blue: UInt8)]) {
        self.palette = palette
        reds = palette.map { Int($0.red) }
        greens = palette.map { Int($0.green) }
        blues = palette.map { Int($0.blue) }
    }

    func nearest(_ red: Int, _ green: Int, _ blue: Int) -> Int16 {
        var best = 0
        var bestDistance = Int.max
        for index in 0..<reds.count {
            let dr = reds[index] - red
            let dg = greens[index] - green
            let db = blues[index] - blue
            let distance = dr * dr + dg * dg + db * db
            if distance < bestDistance {
                bestDistance = distance
                best = index
            }
        }
        return Int16(best)
    }

    mutating func seed(_ key: Int, red: Int, green: Int, blue: Int) {
        table[key] = nearest(red, green, blue)
    }

    /// The entry for a colour: its bin's entry (computed from the bin's centre the first time an unseeded bin
    /// is hit, which only dithering does).
    mutating func lookup(_ red: Int, _ green: Int, _ blue: Int) -> Int {
        let key = MedianCut.key(red, green, blue)
        if table[key] < 0 { table[key] = nearest((red & ~7) | 4, (green & ~7) | 4, (blue & ~7) | 4) }
        return Int(table[key])
    }

    mutating func map(_ pixels: [UInt8], width: Int, height: Int, dithering: Bool) -> [UInt8] {
        var indices = [UInt8](repeating: 0, count: width * height)
        // Errors in sixteenths, for this row and the next, with one pixel of margin on each side.
        var current = [Int](repeating: 0, count: (width + 2) * 3)
        var next = current
        var lastColor = -1
        var lastEntry = 0
        for y in 0..<height {
            for x in 0..<width {
                let index = y * width + x
                let offset = index * 4
                guard pixels[offset + 3] >= PaletteQuantizer.alphaThreshold else { continue }
                var red = Int(pixels[offset + 2])
                var green = Int(pixels[offset + 1])
                var blue = Int(pixels[offset])
                guard dithering else {
                    // Runs of one colour (most of a document page) skip the table.
                    let color = red << 16 | green << 8 | blue
                    if color != lastColor {
                        lastColor = color
                        lastEntry = lookup(red, green, blue)
                    }
                    indices[index] = UInt8(lastEntry)
                    continue
                }
                let slot = (x + 1) * 3
                red = min(255, max(0, red + current[slot] / 16))
                green = min(255, max(0, green + current[slot + 1] / 16))
                blue = min(255, max(0, blue + current[slot + 2] / 16))
                let entry = lookup(red, green, blue)
                indices[index] = UInt8(entry)
                Self.diffuse(red - reds[entry], channel: 0, at: slot, &current, &next)
                Self.diffuse(green - greens[entry], channel: 1, at: slot, &current, &next)
                Self.diffuse(blue - blues[entry], channel: 2, at: slot, &current, &next)
            }
            if dithering {
                swap(&current, &next)
                for index in next.indices { next[index] = 0 }
            }
        }
        return indices
    }

    @inline(__always)
    static func diffuse(_ error: Int, channel: Int, at slot: Int, _ current: inout [Int], _ next: inout [Int]) {
        current[slot + 3 + channel] += error * 7
        next[slot - 3 + channel] += error * 3
        next[slot + channel] += error * 5
        next[slot + 3 + channel] += error
    }
}
