/// Where a table cell's content sits in a row taller than it (CSS `vertical-align` for table cells).
public enum VerticalAlignment: String, Sendable, CaseIterable {
    /// At the top of the cell (the default).
    case top
    /// Centred in the cell's height, padding excluded.
    case center
    /// At the bottom of the cell.
    case bottom
    /// Moved down so its first baseline lines up with the lowest first baseline of the row's other
    /// baseline-aligned cells: a 7-point SKU beside 12-point names sits on their baseline, not above it.
    case baseline
}
