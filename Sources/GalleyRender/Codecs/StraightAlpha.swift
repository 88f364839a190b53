/// Un-premultiplied copies of bitmaps, for encoders that want straight colour (GIF palettes, libwebp).
extension ImageBuffer {
    /// The pixels as straight (un-premultiplied) bytes in the buffer's own order — B, G, R, A on little-endian
    /// machines — rows packed `width × 4` bytes apart. Colour is rounded as libpng's and Pillow's
    /// `c × 255 / a` are; a fully transparent pixel is 0, 0, 0, 0.
    func straightPixels() -> [UInt8] {
        let rowBytes = width * 4
        var output = [UInt8](repeating: 0, count: rowBytes * height)
        pixels.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                for y in 0..<height {
                    let from = y * stride
                    let to = y * rowBytes
                    if isOpaque {
                        for offset in 0..<rowBytes { target[to + offset] = source[from + offset] }
                        continue
                    }
                    for x in 0..<width {
                        let p = from + x * 4
                        let q = to + x * 4
                        let alpha = Int(source[p + 3])
                        target[q + 3] = UInt8(alpha)
                        guard alpha > 0 else { continue }
                        for channel in 0..<3 {
                            let value =
                                alpha == 255
                                ? Int(source[p + channel]) : (Int(source[p + channel]) * 255 + alpha / 2) / alpha
                            target[q + channel] = UInt8(min(255, value))
                        }
                    }
                }
            }
        }
        return output
    }
}
