import CGif

/// The bytes giflib writes, collected through its output callback.
private final class GIFByteSink {
    var bytes: [UInt8] = []
}

/// One GIF89a stream being written through giflib's `EGif*` calls (the only use of CGif). Owns the
/// `GifFileType` and closes it in `deinit` when ``finish()`` was not reached (an error half-way).
final class GIFWriter {
    private let file: UnsafeMutablePointer<GifFileType>
    private let sink = GIFByteSink()
    private var closed = false

    /// Opens a stream for a `width × height` canvas that plays `loops` times (0 = forever).
    ///
    /// GIF's NETSCAPE2.0 count is of *repetitions*, so `loops` 1 writes no loop block and `n > 1` writes n − 1.
    init(width: Int, height: Int, loops: Int) throws(RenderError) {
        try LazyLibrary.check(galley_gif_load())
        var error: Int32 = 0
        let opened = galley_EGifOpen(
            Unmanaged.passUnretained(sink).toOpaque(),
            { file, bytes, count in
                guard let file, let bytes, let user = file.pointee.UserData, count > 0 else { return 0 }
                let sink = Unmanaged<GIFByteSink>.fromOpaque(user).takeUnretainedValue()
                sink.bytes.append(contentsOf: UnsafeBufferPointer(start: bytes, count: Int(count)))
                return count
            }, &error)
        guard let opened else { throw Self.failure("EGifOpen", error) }
        file = opened
        galley_EGifSetGifVersion(file, true)
        try check(galley_EGifPutScreenDesc(file, Int32(width), Int32(height), 8, 0, nil), "EGifPutScreenDesc")
        if loops != 1 {
            let repeats = loops <= 0 ? 0 : min(65_535, loops - 1)
            var block: [UInt8] = [1, UInt8(repeats & 0xff), UInt8(repeats >> 8)]
            try check(galley_EGifPutExtensionLeader(file, APPLICATION_EXT_FUNC_CODE), "EGifPutExtensionLeader")
            try check(galley_EGifPutExtensionBlock(file, 11, Array("NETSCAPE2.0".utf8)), "EGifPutExtensionBlock")
            try check(galley_EGifPutExtensionBlock(file, 3, &block), "EGifPutExtensionBlock")
            try check(galley_EGifPutExtensionTrailer(file), "EGifPutExtensionTrailer")
        }
    }

    deinit {
        if !closed {
            var error: Int32 = 0
            galley_EGifCloseFile(file, &error)
        }
    }

    /// Writes one frame: its graphic control block (delay in centiseconds, disposal, transparent index), then
    /// the image at (`x`, `y`) with its own palette, padded to a power of two as GIF requires.
    func addFrame(
        _ image: PalettedImage, x: Int, y: Int, width: Int, height: Int, delay: Int, disposeToBackground: Bool
    ) throws(RenderError) {
        var control = GraphicsControlBlock(
            DisposalMode: disposeToBackground ? DISPOSE_BACKGROUND : DISPOSE_DO_NOT, UserInputFlag: false,
            DelayTime: Int32(min(65_535, max(0, delay))),
            TransparentColor: image.transparentIndex.map(Int32.init) ?? NO_TRANSPARENT_COLOR)
        var extensionBytes = [UInt8](repeating: 0, count: 4)
        let length = galley_EGifGCBToExtension(&control, &extensionBytes)
        try check(
            galley_EGifPutExtension(file, GRAPHICS_EXT_FUNC_CODE, Int32(length), extensionBytes), "EGifPutExtension")
        var size = 2
        while size < image.palette.count { size *= 2 }
        var colors = image.palette.map { GifColorType(Red: $0.red, Green: $0.green, Blue: $0.blue) }
        colors += [GifColorType](repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: size - colors.count)
        guard let map = galley_GifMakeMapObject(Int32(size), colors) else {
            throw RenderError.io(path: "<memory>", message: "GIF encode: out of memory for a palette")
        }
        defer { galley_GifFreeMapObject(map) }
        // giflib copies the map into the stream's image descriptor.
        try check(
            galley_EGifPutImageDesc(file, Int32(x), Int32(y), Int32(width), Int32(height), false, map),
            "EGifPutImageDesc")
        var indices = image.indices
        let status: Int32 = indices.withUnsafeMutableBufferPointer { buffer in
            for row in 0..<height {
                guard let start = buffer.baseAddress?.advanced(by: row * width) else { return GIF_ERROR }
                if galley_EGifPutLine(file, start, Int32(width)) != GIF_OK { return GIF_ERROR }
            }
            return GIF_OK
        }
        try check(status, "EGifPutLine")
    }

    /// Writes the trailer, closes the stream and returns the file's bytes.
    func finish() throws(RenderError) -> [UInt8] {
        var error: Int32 = 0
        closed = true
        guard galley_EGifCloseFile(file, &error) == GIF_OK else { throw Self.failure("EGifCloseFile", error) }
        return sink.bytes
    }

    private func check(_ status: Int32, _ operation: String) throws(RenderError) {
        guard status == GIF_OK else { throw Self.failure(operation, file.pointee.Error) }
    }

    private static func failure(_ operation: String, _ code: Int32) -> RenderError {
        let message = galley_GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
        return RenderError.io(path: "<memory>", message: "GIF encode: \(operation) failed: \(message)")
    }
}
