/// One data record: the value a template is rendered with.
public struct Record: Sendable {
    /// 0-based position among the file's records (records that failed to parse count too, so
    /// numbering stays stable when a file has bad lines).
    public let index: Int
    /// The record's value; an object for CSV, any JSON value for JSON and NDJSON.
    public let value: JSONValue
    /// The 1-based line where the record starts, when the format has lines.
    public let line: Int?

    /// Creates a record.
    public init(index: Int, value: JSONValue, line: Int?) {
        self.index = index
        self.value = value
        self.line = line
    }
}

/// A problem reading data: either one bad record (the reader continues) or the whole file (it stops).
public struct DataError: Error, Sendable, CustomStringConvertible {
    /// The file as the user named it (`-` is shown as `<stdin>`).
    public let file: String
    /// The 1-based line of the problem, when known.
    public let line: Int?
    /// The 1-based column of the problem, when known.
    public let column: Int?
    /// The last line the problem covers when it is more than ``line``: a CSV row whose quoted
    /// field ran over several lines (an unbalanced quote reads the lines meant as the next rows
    /// into this one record), so a batch can tell every line that did not render.
    public let endLine: Int?
    /// The record the error belongs to. `nil` means the error is about the whole file (it cannot
    /// be opened, or its structure is broken), and the reader yields nothing after it.
    public let recordIndex: Int?
    /// What is wrong, and what to do where that is useful.
    public let message: String

    /// Creates an error.
    public init(
        file: String, line: Int? = nil, column: Int? = nil, endLine: Int? = nil, recordIndex: Int? = nil,
        message: String
    ) {
        self.file = file
        self.line = line
        self.column = column
        self.endLine = endLine
        self.recordIndex = recordIndex
        self.message = message
    }

    /// `FILE:LINE:COL: record N: MESSAGE` (`record N (lines A–B)` for a record over several
    /// lines), leaving out unknown parts.
    public var description: String {
        var text = file
        if let line { text += ":\(line)" }
        if let column { text += ":\(column)" }
        text += ": "
        if let recordIndex {
            text += "record \(recordIndex)"
            if let line, let endLine, endLine > line { text += " (lines \(line)–\(endLine))" }
            text += ": "
        }
        return text + message
    }
}

/// The supported data file formats.
public enum DataFormat: String, Sendable, CaseIterable {
    /// A JSON (or JSON5) object, which is one record, or an array of records.
    case json
    /// One JSON value per line; blank lines are skipped.
    case ndjson
    /// Comma-separated values with a header row naming the fields.
    case csv

    /// The format for a file name's extension: `.json`, `.ndjson` / `.jsonl`, `.csv` (any case).
    public init?(path: String) {
        guard let dot = path.lastIndex(of: ".") else { return nil }
        switch path[path.index(after: dot)...].lowercased() {
        case "json", "json5": self = .json
        case "ndjson", "jsonl": self = .ndjson
        case "csv": self = .csv
        default: return nil
        }
    }
}
