import GalleyRender

/// The bitmap decoders, within a pixel limit a fuzzed input can reach; a decoded bitmap must be
/// as large as its size says.
enum ImageTarget {
    static let maxPixels = 4_000_000

    static func run(_ bytes: [UInt8]) {
        do {
            let image = try ImageDecoder.decode(bytes, maxPixels: maxPixels)
            let valid =
                image.width > 0 && image.height > 0 && image.width * image.height <= maxPixels
                && image.stride >= image.width * 4 && image.pixels.count >= image.stride * image.height
            if !valid {
                fuzzFinding(
                    "decoded \(image.width)x\(image.height), stride \(image.stride), \(image.pixels.count) bytes")
            }
        } catch {
            _ = error.description
        }
    }
}
