import GalleyLayout

/// Named paper sizes in points (ISO 216 at 72 points an inch, and the US sizes).
enum PaperSize {
    static let sizes: [String: Size] = [
        "a3": Size(width: 841.89, height: 1190.55),
        "a4": Size(width: 595.28, height: 841.89),
        "a5": Size(width: 419.53, height: 595.28),
        "a6": Size(width: 297.64, height: 419.53),
        "letter": Size(width: 612, height: 792),
        "legal": Size(width: 612, height: 1008),
    ]

    static let names = ["A3", "A4", "A5", "A6", "Letter", "Legal"]

    /// A size from `[w, h]` or a paper name.
    static func parse(_ value: JSONValue) -> Size? {
        if let name = value.stringValue { return sizes[name.lowercased()] }
        guard let (w, h) = ValueReader.pair(value), w > 0, h > 0, w < 1e6, h < 1e6 else { return nil }
        return Size(width: w, height: h)
    }
}
