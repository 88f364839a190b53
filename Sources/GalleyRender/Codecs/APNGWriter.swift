import CImageCodecs

/// Assembles an APNG (``AnimationFormat/apng``): IHDR, acTL, then per frame fcTL and IDAT (first frame) or
/// fdAT, IEND. Each frame is a full canvas replacing the previous one (dispose NONE, blend SOURCE).
enum APNGWriter {
    static func encode(frames: [ImageBuffer], delays: [Double], loops: Int, level: Int) throws(RenderError) -> [UInt8] {
        try AnimationFrames.validate(frames, "APNG")
        let first = frames[0]
        let alpha = frames.contains { !$0.isOpaque }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(first.width))
        header.appendBigEndian(UInt32(first.height))
        header += [8, alpha ? 6 : 2, 0, 0, 0]
        appendChunk("IHDR", header, to: &png)
        var control: [UInt8] = []
        control.appendBigEndian(UInt32(frames.count))
        control.appendBigEndian(UInt32(max(0, loops)))
        appendChunk("acTL", control, to: &png)
        var sequence: UInt32 = 0
        for (index, frame) in frames.enumerated() {
            let (numerator, denominator) = delayFraction(AnimationFrames.delay(delays, at: index))
            var fcTL: [UInt8] = []
            fcTL.appendBigEndian(sequence)
            fcTL.appendBigEndian(UInt32(frame.width))
            fcTL.appendBigEndian(UInt32(frame.height))
            fcTL.appendBigEndian(UInt32(0))
            fcTL.appendBigEndian(UInt32(0))
            fcTL.appendBigEndian(numerator)
            fcTL.appendBigEndian(denominator)
            fcTL += [0, 0]  // dispose NONE, blend SOURCE
            appendChunk("fcTL", fcTL, to: &png)
            sequence += 1
            let data = try compressedFrame(frame, alpha: alpha, level: level)
            if index == 0 {
                appendChunk("IDAT", data, to: &png)
            } else {
                var fdAT: [UInt8] = []
                fdAT.reserveCapacity(data.count + 4)
                fdAT.appendBigEndian(sequence)
                fdAT += data
                appendChunk("fdAT", fdAT, to: &png)
                sequence += 1
            }
        }
        appendChunk("IEND", [], to: &png)
        return png
    }

    /// A delay in seconds as the 16-bit fraction fcTL wants (milliseconds when they fit).
    static func delayFraction(_ seconds: Double) -> (UInt16, UInt16) {
        let clamped = max(0, seconds.isFinite ? seconds : 0)
        for denominator in [1000.0, 100.0, 10.0, 1.0] {
            let numerator = (clamped * denominator).rounded()
            if numerator <= 65535 { return (UInt16(numerator), UInt16(denominator)) }
        }
        return (65535, 1)
    }

    private static func compressedFrame(_ frame: ImageBuffer, alpha: Bool, level: Int) throws(RenderError) -> [UInt8] {
        var output = imagecodecs_buffer()
        var message = CodecMessage()
        let status = frame.pixels.withUnsafeBufferPointer { pixels in
            message.buffer.withUnsafeMutableBufferPointer { text in
                imagecodecs_png_frame_data(
                    pixels.baseAddress, UInt32(frame.width), UInt32(frame.height), frame.stride, alpha ? 1 : 0,
                    Int32(min(max(level, 0), 9)), &output, text.baseAddress)
            }
        }
        defer { imagecodecs_buffer_free(&output) }
        guard status == Int32(IMAGECODECS_OK), let data = output.data else {
            throw RenderError.io(path: "<memory>", message: "APNG encode failed: \(message.text)")
        }
        return Array(UnsafeBufferPointer(start: data, count: output.size))
    }

    private static func appendChunk(_ type: String, _ data: [UInt8], to png: inout [UInt8]) {
        png.appendBigEndian(UInt32(data.count))
        let typeBytes = Array(type.utf8)
        png += typeBytes
        png += data
        var crc = typeBytes.withUnsafeBufferPointer { imagecodecs_crc32(0, $0.baseAddress, $0.count) }
        crc = data.withUnsafeBufferPointer { imagecodecs_crc32(crc, $0.baseAddress, $0.count) }
        png.appendBigEndian(crc)
    }
}

extension [UInt8] {
    mutating func appendBigEndian<T: FixedWidthInteger>(_ value: T) {
        Swift.withUnsafeBytes(of: value.bigEndian) { append(contentsOf: $0) }
    }
}
