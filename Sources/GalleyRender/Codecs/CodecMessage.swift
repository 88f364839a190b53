import CImageCodecs

/// The error-message buffer the codec shim fills, as a Swift string.
struct CodecMessage {
    var buffer = [CChar](repeating: 0, count: Int(IMAGECODECS_MESSAGE_LENGTH))

    var text: String {
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return bytes.isEmpty ? "unknown error" : String(decoding: bytes, as: UTF8.self)
    }
}

/// Checks that a bitmap's buffer really holds `height` rows of `stride` bytes.
func validateLayout(_ image: ImageBuffer, _ operation: String) throws(RenderError) {
    guard image.width > 0, image.height > 0, image.stride >= image.width * 4,
        image.pixels.count >= image.stride * (image.height - 1) + image.width * 4
    else {
        throw RenderError.io(
            path: "<memory>",
            message: "\(operation): invalid bitmap \(image.width)x\(image.height), stride \(image.stride), "
                + "\(image.pixels.count) bytes")
    }
}
