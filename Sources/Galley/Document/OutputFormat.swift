/// The file formats Galley writes.
public enum OutputFormat: String, Sendable, CaseIterable {
    case pdf, png

    /// The format a file name asks for, by extension.
    public init?(path: String) {
        let lower = path.lowercased()
        if lower.hasSuffix(".pdf") {
            self = .pdf
        } else if lower.hasSuffix(".png") {
            self = .png
        } else {
            return nil
        }
    }
}
