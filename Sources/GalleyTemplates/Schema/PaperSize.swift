import GalleyLayout

/// Named paper sizes in points (ISO 216 at 72 points an inch, and the US sizes), portrait.
enum PaperSize {
    static let sizes: [String: Size] = [
        "a3": Size(width: 841.89, height: 1190.55),
        "a4": a4,
        "a5": Size(width: 419.53, height: 595.28),
        "a6": Size(width: 297.64, height: 419.53),
        "letter": Size(width: 612, height: 792),
        "legal": Size(width: 612, height: 1008),
    ]

    static let a4 = Size(width: 595.28, height: 841.89)

    /// The names as the reference writes them (any case is accepted).
    static let names = ["A3", "A4", "A5", "A6", "Letter", "Legal"]
}
