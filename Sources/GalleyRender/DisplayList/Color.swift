import GalleyLayout

/// A colour in sRGB with straight (non-premultiplied) alpha, each component in 0...1.
public struct Color: Hashable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A colour from 8-bit components, e.g. `Color(rgb8: 0x1e, 0x29, 0x3b)`.
    public init(rgb8 red: UInt8, _ green: UInt8, _ blue: UInt8, alpha: Double = 1) {
        self.init(red: Double(red) / 255, green: Double(green) / 255, blue: Double(blue) / 255, alpha: alpha)
    }

    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 1, green: 1, blue: 1)
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

    /// This colour with its alpha multiplied by `factor` (used for fades).
    public func multipliedAlpha(_ factor: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha * factor)
    }

    /// Linear interpolation between two colours, component by component (animations).
    public func interpolated(to other: Color, fraction t: Double) -> Color {
        Color(
            red: red + (other.red - red) * t,
            green: green + (other.green - green) * t,
            blue: blue + (other.blue - blue) * t,
            alpha: alpha + (other.alpha - alpha) * t
        )
    }

    public var isOpaque: Bool { alpha >= 1 }
    public var isInvisible: Bool { alpha <= 0 }
}
