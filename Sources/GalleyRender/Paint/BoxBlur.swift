/// A Gaussian blur approximated by three box blurs (Kovesi, "Fast almost-Gaussian filtering"),
/// applied to an 8-bit alpha bitmap in place. Pixels outside the bitmap count as transparent.
enum BoxBlur {
    static func blurAlpha(_ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, sigma: Double) {
        guard sigma > 0, width > 0, height > 0 else { return }
        let radii = boxRadii(sigma: sigma, passes: 3)
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: max(width, height))
        defer { scratch.deallocate() }
        for radius in radii where radius > 0 {
            for y in 0..<height {
                blurLine(data + y * stride, count: width, step: 1, radius: radius, scratch: scratch)
            }
            for x in 0..<width {
                blurLine(data + x, count: height, step: stride, radius: radius, scratch: scratch)
            }
        }
    }

    /// Box radii whose three passes give the variance of a Gaussian with `sigma`.
    static func boxRadii(sigma: Double, passes: Int) -> [Int] {
        let n = Double(passes)
        let ideal = (12 * sigma * sigma / n + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        lower = max(lower, 1)
        let upper = lower + 2
        let l = Double(lower)
        let m = ((12 * sigma * sigma - n * l * l - 4 * n * l - 3 * n) / (-4 * l - 4)).rounded()
        return (0..<passes).map { Double($0) < m ? (lower - 1) / 2 : (upper - 1) / 2 }
    }

    /// One box pass over `count` samples `step` bytes apart, with a running sum.
    private static func blurLine(
        _ line: UnsafeMutablePointer<UInt8>, count: Int, step: Int, radius: Int, scratch: UnsafeMutablePointer<UInt8>
    ) {
        for i in 0..<count { scratch[i] = line[i * step] }
        let size = 2 * radius + 1
        let half = size / 2
        var sum = 0
        for i in 0...min(radius, count - 1) { sum += Int(scratch[i]) }
        for i in 0..<count {
            line[i * step] = UInt8((sum + half) / size)
            let incoming = i + radius + 1
            let outgoing = i - radius
            if incoming < count { sum += Int(scratch[incoming]) }
            if outgoing >= 0 { sum -= Int(scratch[outgoing]) }
        }
    }
}
