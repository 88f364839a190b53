/// A position in a source file, as an editor shows it.
///
/// Both numbers are 1-based. `column` counts characters (extended grapheme clusters) from
/// the start of the line, so a line starting with `"é"` puts the next character at column 2
/// whatever its UTF-8 length.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The 1-based line number.
    public let line: Int
    /// The 1-based column, counted in characters.
    public let column: Int

    /// Creates a location from a 1-based line and column.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `LINE:COLUMN`, the form compilers print.
    public var description: String { "\(line):\(column)" }
}
