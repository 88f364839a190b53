import CImageCodecs

/// What an SVG may cost before librsvg sees it. librsvg's drawing cannot be cancelled, so an SVG
/// whose drawing is unbounded would hold a render (and every other SVG render, which share one
/// lock) past any `--timeout`; the costs that grow without bound from a few bytes are checked here:
///
/// - `feTurbulence numOctaves`: time grows with it, pixel by pixel (100,000 octaves drew a 100 x 100
///   filter for two minutes). Above ``maxOctaves`` it is drawn as ``maxOctaves``: each octave adds
///   noise at half the amplitude of the one before, so the eleventh is under 1/1000 of the first,
///   invisible in 8-bit colour. A value other than a plain whole number is an error.
/// - `feConvolveMatrix order`: each pixel reads order x order others; more than
///   ``maxConvolutionOrder`` a side is an error.
/// - XML entities could spell either out: Galley expands them itself first (`SVGEntities`), plain text
///   only, so the check reads what librsvg will.
/// - gzip (an `.svgz`) is inflated here, to at most ``maxInflatedBytes``, so that its text is checked
///   too and a gzip bomb stops at the limit.
enum SVGCostLimits {
    static let maxOctaves = 10
    static let maxConvolutionOrder = 32
    static let maxInflatedBytes = 64 << 20

    /// The SVG text librsvg may parse: `svg` inflated if it is gzip data, its entities expanded,
    /// `numOctaves` lowered to ``maxOctaves``.
    /// - Throws: `.imageDecode` naming what is over a limit, and the fix.
    static func checked(_ svg: [UInt8]) throws(RenderError) -> [UInt8] {
        var text = try SVGEntities.expanded(svg.starts(with: [0x1F, 0x8B]) ? try inflated(svg) : svg)
        var replacements: [(Range<Int>, [UInt8])] = []
        for value in attributes(named: "numOctaves", in: text) {
            guard let octaves = plainInteger(text[value]) else {
                throw RenderError.imageDecode(
                    "SVG: numOctaves=\"\(String(decoding: text[value], as: UTF8.self))\" is not a whole number")
            }
            if octaves > maxOctaves { replacements.append((value, Array(String(maxOctaves).utf8))) }
        }
        for value in attributes(named: "order", in: text) {
            let sides = text[value].split(whereSeparator: { $0 == 0x20 || $0 == 0x2C || (0x09...0x0D).contains($0) })
            if sides.contains(where: { plainInteger($0).map { $0 > maxConvolutionOrder } ?? true }) {
                throw RenderError.imageDecode(
                    "SVG: feConvolveMatrix order=\"\(String(decoding: text[value], as: UTF8.self))\" is over "
                        + "\(maxConvolutionOrder) x \(maxConvolutionOrder) (each pixel would read every cell of the kernel)"
                )
            }
        }
        for (range, replacement) in replacements.reversed() { text.replaceSubrange(range, with: replacement) }
        return text
    }

    /// The gzip data inflated, within ``maxInflatedBytes``.
    private static func inflated(_ bytes: [UInt8]) throws(RenderError) -> [UInt8] {
        var buffer = imagecodecs_buffer()
        defer { imagecodecs_buffer_free(&buffer) }
        var message = CodecMessage()
        let status = bytes.withUnsafeBufferPointer { data in
            message.buffer.withUnsafeMutableBufferPointer { text in
                imagecodecs_gunzip(data.baseAddress, data.count, maxInflatedBytes, &buffer, text.baseAddress)
            }
        }
        switch status {
        case Int32(IMAGECODECS_OK):
            guard let data = buffer.data else { return [] }
            return Array(UnsafeBufferPointer(start: data, count: buffer.size))
        case Int32(IMAGECODECS_TOO_LARGE):
            throw RenderError.imageDecode("SVG: the gzip data inflates to more than \(maxInflatedBytes >> 20) MB")
        default:
            throw RenderError.imageDecode("SVG: gzip: \(message.text)")
        }
    }

    /// The value of every `name="…"` (or `'…'`) attribute, between the quotes.
    private static func attributes(named name: String, in text: [UInt8]) -> [Range<Int>] {
        let needle = Array(name.utf8)
        var found: [Range<Int>] = []
        var index = 0
        while let start = ByteSearch.first(needle, in: text, from: index) {
            index = start + needle.count
            // An attribute name starts after whitespace (`border=` is not `order=`).
            guard start > 0, ByteSearch.isSpace(text[start - 1]) else { continue }
            var cursor = index
            while cursor < text.count, ByteSearch.isSpace(text[cursor]) { cursor += 1 }
            guard cursor < text.count, text[cursor] == 0x3D else { continue }
            cursor += 1
            while cursor < text.count, ByteSearch.isSpace(text[cursor]) { cursor += 1 }
            guard cursor < text.count, text[cursor] == 0x22 || text[cursor] == 0x27 else { continue }
            let quote = text[cursor]
            let valueStart = cursor + 1
            var valueEnd = valueStart
            while valueEnd < text.count, text[valueEnd] != quote { valueEnd += 1 }
            found.append(valueStart..<valueEnd)
            index = valueEnd
        }
        return found
    }

    /// `value` as a whole number when it is one: digits with an optional sign between spaces
    /// (`Int.max` or `Int.min` past 18 digits); nil for anything else.
    private static func plainInteger(_ value: some Collection<UInt8>) -> Int? {
        var bytes = Array(value)
        while let first = bytes.first, ByteSearch.isSpace(first) { bytes.removeFirst() }
        while let last = bytes.last, ByteSearch.isSpace(last) { bytes.removeLast() }
        var negative = false
        if let sign = bytes.first, sign == 0x2B || sign == 0x2D {
            negative = sign == 0x2D
            bytes.removeFirst()
        }
        guard !bytes.isEmpty, bytes.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        let digits = bytes.drop { $0 == 0x30 }
        guard digits.count <= 18 else { return negative ? Int.min : Int.max }
        let magnitude = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        return negative ? -magnitude : magnitude
    }
}
