import GalleyText

/// Shared registries and paths for the text tests.
enum TestFonts {
    static let registry = FontRegistry.shared
    /// Only the bundled Liberation fonts: results independent of the machine's fonts.
    static let bundled = FontRegistry(folders: [FontRegistry.bundledFontsFolder], includeSystemFonts: false)
    static let noto = "/usr/share/fonts/truetype/noto/"

    static func style(_ size: Double = 12, font: String? = nil) -> TextStyle {
        TextStyle(font: font, fontSize: size)
    }
}
