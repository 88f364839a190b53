/// An image's PDF streams, compressed once per process: the colour (8-bit RGB, `/FlateDecode`)
/// and, when the image is not opaque, its alpha as a soft mask. A batch's logo is the same
/// decoded `ImageBuffer` in every document (the image loader shares it), so its pixels are
/// deflated once instead of for every record (cairo deflated the W1 logo's 57.6 KB each time).
///
/// A JPEG is embedded as it came (`/DCTDecode`), its pixels as the file stores them: the
/// painter turns them upright with `orientation` (a phone photo on its side), so the bytes a
/// viewer decodes and the pixels drawn are one picture, as cairo's writer does.
struct PDFImageStreams: Sendable {
    /// The stored image's size (turned from the upright one when `orientation` swaps them).
    let width: Int
    let height: Int
    let color: [UInt8]
    let alpha: [UInt8]?
    /// `/DCTDecode` (the JPEG's bytes) or `/FlateDecode` (deflated RGB).
    let isJPEG: Bool
    /// `/DeviceGray` or `/DeviceRGB`.
    let isGray: Bool
    /// How the stored pixels turn to show the image (`.up` but for a turned JPEG).
    let orientation: ImageOrientation

    /// The streams of `image`, from the cache or made now.
    static func streams(for image: ImageBuffer, deflater: Deflater) throws(RenderError) -> PDFImageStreams {
        if let found = cache.withLock({ $0.entries.value(for: image) }) { return found }
        let made = try make(image, deflater: deflater)
        // An entry keeps its decoded image alive (the key), so that counts too.
        let cost = image.byteCount + made.color.count + (made.alpha?.count ?? 0) + 64
        cache.withLock { cache in
            // In on the second miss: a photo one record has is never kept, a logo every record
            // draws is deflated twice, then shared.
            guard cache.doorkeeper.admits(hash: ObjectIdentifier(image).hashValue) else { return }
            cache.entries.insert(made, for: image, cost: cost)
        }
        return made
    }

    private struct Cache {
        /// Keyed by the image object (identity), 64 MB with the images kept.
        var entries = LRUCache<ImageBuffer, PDFImageStreams>(byteBudget: 64 << 20)
        var doorkeeper = Doorkeeper()
    }

    private static let cache = Locked(Cache())

    private static func make(_ image: ImageBuffer, deflater: Deflater) throws(RenderError) -> PDFImageStreams {
        if image.encodedFormat == .jpeg, let jpeg = image.encoded, let frame = JPEGFrame(jpeg) {
            let orientation = image.encodedOrientation
            let storedWidth = orientation.swapsWidthAndHeight ? image.height : image.width
            let storedHeight = orientation.swapsWidthAndHeight ? image.width : image.height
            // Only a frame that is the decoded picture (8-bit gray or YCbCr; CMYK is converted
            // at decode and keeps no bytes) is passed through.
            if frame.width == storedWidth, frame.height == storedHeight {
                return PDFImageStreams(
                    width: storedWidth, height: storedHeight, color: jpeg, alpha: nil, isJPEG: true,
                    isGray: frame.components == 1, orientation: orientation)
            }
        }
        let straight = image.straightPixels()
        var rgb = [UInt8](repeating: 0, count: image.width * image.height * 3)
        var alpha = image.isOpaque ? [] : [UInt8](repeating: 0, count: image.width * image.height)
        straight.withUnsafeBufferPointer { source in
            rgb.withUnsafeMutableBufferPointer { target in
                // Straight pixels are B, G, R, A in memory (little-endian ARGB words).
                for index in 0..<(image.width * image.height) {
                    target[3 * index] = source[4 * index + 2]
                    target[3 * index + 1] = source[4 * index + 1]
                    target[3 * index + 2] = source[4 * index]
                }
            }
            if !image.isOpaque {
                alpha.withUnsafeMutableBufferPointer { target in
                    for index in 0..<(image.width * image.height) { target[index] = source[4 * index + 3] }
                }
            }
        }
        let color = try deflater.compress(rgb)
        var mask: [UInt8]?
        if !image.isOpaque, !alpha.allSatisfy({ $0 == 255 }) { mask = try deflater.compress(alpha) }
        return PDFImageStreams(
            width: image.width, height: image.height, color: color, alpha: mask, isJPEG: false, isGray: false,
            orientation: .up)
    }

    /// Writes the image XObject (and its soft mask) as object `number`.
    func write(_ number: Int, interpolate: Bool, to file: inout PDFObjectFile) {
        var maskNumber: Int?
        if let alpha {
            let mask = file.reserve()
            maskNumber = mask
            file.writeStream(mask, data: alpha, filter: "/FlateDecode") { buffer in
                self.appendImageEntries(to: &buffer, colorSpace: "/DeviceGray", interpolate: interpolate)
            }
        }
        file.writeStream(number, data: color, filter: isJPEG ? "/DCTDecode" : "/FlateDecode") { buffer in
            self.appendImageEntries(
                to: &buffer, colorSpace: self.isGray ? "/DeviceGray" : "/DeviceRGB", interpolate: interpolate)
            if let maskNumber {
                buffer.append(" /SMask ")
                PDFObjectFile.reference(maskNumber, in: &buffer)
            }
        }
    }

    private func appendImageEntries(to buffer: inout PDFBuffer, colorSpace: StaticString, interpolate: Bool) {
        buffer.append("/Type /XObject /Subtype /Image /Width ")
        buffer.append(width)
        buffer.append(" /Height ")
        buffer.append(height)
        buffer.append(" /ColorSpace ")
        buffer.append(colorSpace)
        buffer.append(" /BitsPerComponent 8")
        if interpolate { buffer.append(" /Interpolate true") }
    }
}

/// What a JPEG's frame header (SOF) says: its size and number of components, when it is a
/// picture a PDF viewer decodes as the file's decoder did (8 bits, 1 or 3 components).
struct JPEGFrame {
    let width: Int
    let height: Int
    let components: Int

    init?(_ bytes: [UInt8]) {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var index = 2
        while index + 4 <= bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            if marker == 0xFF {
                index += 1
                continue
            }
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            guard length >= 2, index + 2 + length <= bytes.count else { return nil }
            // SOF0…SOF15, without DHT (C4), JPG (C8) and DAC (CC).
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard length >= 8 else { return nil }
                let start = index + 4
                guard bytes[start] == 8 else { return nil }
                height = Int(bytes[start + 1]) << 8 | Int(bytes[start + 2])
                width = Int(bytes[start + 3]) << 8 | Int(bytes[start + 4])
                components = Int(bytes[start + 5])
                guard components == 1 || components == 3, width > 0, height > 0 else { return nil }
                return
            }
            index += 2 + length
        }
        return nil
    }
}
