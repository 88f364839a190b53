import GalleyLayout

/// A paper size in points (1/72 inch), portrait unless turned with `landscape`.
public struct PageSize: Hashable, Sendable {
    public var size: Size

    public init(width: Double, height: Double) {
        size = Size(width: width, height: height)
    }

    /// The same paper turned on its side (the longer edge horizontal).
    public var landscape: PageSize {
        PageSize(width: max(size.width, size.height), height: min(size.width, size.height))
    }

    // The ISO 216 and US sizes the templates accept (GalleyTemplates' PaperSize).
    public static let a3 = PageSize(width: 841.89, height: 1190.55)
    public static let a4 = PageSize(width: 595.28, height: 841.89)
    public static let a5 = PageSize(width: 419.53, height: 595.28)
    public static let a6 = PageSize(width: 297.64, height: 419.53)
    public static let letter = PageSize(width: 612, height: 792)
    public static let legal = PageSize(width: 612, height: 1008)
}
