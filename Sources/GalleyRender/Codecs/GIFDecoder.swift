import CGif

/// The bytes giflib reads, handed out through its input callback.
private final class GIFByteSource {
    let bytes: [UInt8]
    var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }
}

/// Decodes the first frame of a GIF through giflib's `DGif*` calls (CGif's only decoding use).
///
/// The frame is placed on the GIF's logical screen as the first frame of an animation is shown: its
/// pixels at the frame's offset, through the frame's local palette or else the global one, the graphic
/// control block's transparent index fully transparent, and the rest of the screen transparent
/// (browsers' reading; a GIF whose first frame covers its screen, as nearly all do, shows the same in
/// Pillow). Interlaced frames are de-interlaced. Errors are giflib's messages.
enum GIFDecoder {
    static func decode(_ bytes: [UInt8], maxPixels: Int) throws(RenderError) -> ImageBuffer {
        try LazyLibrary.check(galley_gif_load())
        let source = GIFByteSource(bytes)
        var error: Int32 = 0
        let opened = withExtendedLifetime(source) {
            galley_DGifOpen(
                Unmanaged.passUnretained(source).toOpaque(),
                { file, buffer, count in
                    guard let file, let buffer, let user = file.pointee.UserData, count > 0 else { return 0 }
                    let source = Unmanaged<GIFByteSource>.fromOpaque(user).takeUnretainedValue()
                    let available = min(Int(count), source.bytes.count - source.offset)
                    guard available > 0 else { return 0 }
                    source.bytes.withUnsafeBufferPointer { all in
                        if let base = all.baseAddress {
                            buffer.update(from: base + source.offset, count: available)
                        }
                    }
                    source.offset += available
                    return Int32(available)
                }, &error)
        }
        guard let file = opened else { throw failure("opening", error) }
        defer {
            var closeError: Int32 = 0
            galley_DGifCloseFile(file, &closeError)
        }
        return try withExtendedLifetime(source) { () throws(RenderError) -> ImageBuffer in
            try firstFrame(file, maxPixels: maxPixels)
        }
    }

    private static func firstFrame(_ file: UnsafeMutablePointer<GifFileType>, maxPixels: Int) throws(RenderError)
        -> ImageBuffer
    {
        let width = Int(file.pointee.SWidth)
        let height = Int(file.pointee.SHeight)
        guard width > 0, height > 0 else { throw RenderError.imageDecode("GIF: the logical screen is empty") }
        guard width * height <= maxPixels else {
            throw RenderError.imageTooLarge(width: width, height: height, limit: maxPixels)
        }
        var transparent: Int?
        while true {
            var record = UNDEFINED_RECORD_TYPE
            guard galley_DGifGetRecordType(file, &record) == GIF_OK else {
                throw failure("reading", file.pointee.Error)
            }
            switch record {
            case EXTENSION_RECORD_TYPE:
                transparent = try readExtension(file) ?? transparent
            case IMAGE_DESC_RECORD_TYPE:
                return try readImage(file, width: width, height: height, transparent: transparent)
            case TERMINATE_RECORD_TYPE:
                throw RenderError.imageDecode("GIF: the file has no image")
            default:
                throw RenderError.imageDecode("GIF: unexpected record type \(record.rawValue)")
            }
        }
    }

    /// Skips an extension, returning the transparent index of a graphic control block.
    private static func readExtension(_ file: UnsafeMutablePointer<GifFileType>) throws(RenderError) -> Int? {
        var code: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>?
        guard galley_DGifGetExtension(file, &code, &block) == GIF_OK else {
            throw failure("reading", file.pointee.Error)
        }
        var transparent: Int?
        if code == GRAPHICS_EXT_FUNC_CODE, let block, block[0] >= 4 {
            var control = GraphicsControlBlock()
            if galley_DGifExtensionToGCB(Int(block[0]), block + 1, &control) == GIF_OK,
                control.TransparentColor != NO_TRANSPARENT_COLOR
            {
                transparent = Int(control.TransparentColor)
            }
        }
        while block != nil {
            guard galley_DGifGetExtensionNext(file, &block) == GIF_OK else {
                throw failure("reading", file.pointee.Error)
            }
        }
        return transparent
    }

    private static func readImage(
        _ file: UnsafeMutablePointer<GifFileType>, width: Int, height: Int, transparent: Int?
    ) throws(RenderError) -> ImageBuffer {
        guard galley_DGifGetImageDesc(file) == GIF_OK else { throw failure("reading", file.pointee.Error) }
        let frame = file.pointee.Image
        let (left, top) = (Int(frame.Left), Int(frame.Top))
        let (frameWidth, frameHeight) = (Int(frame.Width), Int(frame.Height))
        guard frameWidth > 0, frameHeight > 0, frameWidth * frameHeight <= width * height * 4 else {
            throw RenderError.imageDecode("GIF: the first frame is \(frameWidth)x\(frameHeight)")
        }
        guard let map = frame.ColorMap ?? file.pointee.SColorMap, let colors = map.pointee.Colors else {
            throw RenderError.imageDecode("GIF: the first frame has no colour table")
        }
        let colorCount = Int(map.pointee.ColorCount)
        // Frame rows in file order: four passes for an interlaced frame (GIF89a appendix E).
        var order = [Int]()
        order.reserveCapacity(frameHeight)
        if frame.Interlace {
            for (start, step) in [(0, 8), (4, 8), (2, 4), (1, 2)] {
                order += Swift.stride(from: start, to: frameHeight, by: step)
            }
        } else {
            order = Array(0..<frameHeight)
        }
        var line = [GifPixelType](repeating: 0, count: frameWidth)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        var opaque = left == 0 && top == 0 && frameWidth >= width && frameHeight >= height
        for row in order {
            let status = line.withUnsafeMutableBufferPointer {
                galley_DGifGetLine(file, $0.baseAddress, Int32(frameWidth))
            }
            guard status == GIF_OK else { throw failure("reading the first frame", file.pointee.Error) }
            let y = top + row
            guard y < height else { continue }
            for x in 0..<frameWidth where left + x < width {
                let index = Int(line[x])
                let offset = (y * width + left + x) * 4
                guard index != transparent, index < colorCount else {
                    opaque = false
                    continue
                }
                let color = colors[index]
                // Native little-endian ARGB32: B, G, R, A.
                pixels[offset] = color.Blue
                pixels[offset + 1] = color.Green
                pixels[offset + 2] = color.Red
                pixels[offset + 3] = 255
            }
        }
        return ImageBuffer(width: width, height: height, stride: width * 4, pixels: pixels, isOpaque: opaque)
    }

    private static func failure(_ operation: String, _ code: Int32) -> RenderError {
        let message = galley_GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
        return RenderError.imageDecode("GIF: \(operation) failed: \(message)")
    }
}
