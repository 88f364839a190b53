import GalleyText

/// `galley fonts`: the font families Galley can use.
enum FontsCommand: Command {
    static let name = "fonts"
    static let summary = "list the fonts Galley finds (bundled, template folders, system)"
    static let valuedOptions: Set<String> = ["folder"]
    static let flagOptions: Set<String> = ["paths"]
    static let help = """
        USAGE: galley fonts [--folder DIR] [--paths]

        Lists every font family found in Galley's bundled Fonts/ folder, in DIR when given, and
        among the system's fonts (fontconfig), with the styles of each (weight, italic).
        --paths adds each style's file.

        EXAMPLES:
          galley fonts
          galley fonts --folder Templates/fonts --paths
        """

    static func run(_ arguments: Arguments) throws -> Int32 {
        let registry =
            arguments.value("folder").map { FontRegistry(folders: [FontRegistry.bundledFontsFolder, $0]) }
            ?? FontRegistry.shared
        for family in registry.families {
            print(family.name)
            for style in family.styles {
                let slant = style.italic ? " italic" : ""
                print("  \(style.weight)\(slant)\(arguments.flag("paths") ? "  \(style.path)" : "")")
            }
        }
        return ExitStatus.success
    }
}
