/// CSV with a header row (RFC 4180): quoted fields may hold commas, `""` and line breaks; rows
/// end with LF, CRLF or CR. Each row becomes an object keyed by the header's names, every field a
/// string exactly as written (`1.50` stays `1.50`, an ID of 20 digits stays whole): a template
/// gives columns types with `data: {columns: {qty: "number"}}` (``DataColumns``), and arithmetic,
/// ordering and `if` read numeric strings as numbers. A row with the wrong number of fields is an
/// error for that record; blank lines are skipped.
final class CSVDecoder: RecordDecoder {
    private let stream: ByteStream
    private let file: String
    private let maximumRecordSize: Int
    private var header: [String]?
    private var tokenizer = CSVTokenizer()
    private var index = 0
    private var finished = false

    init(stream: ByteStream, file: String, maximumRecordSize: Int) {
        self.stream = stream
        self.file = file
        self.maximumRecordSize = maximumRecordSize
    }

    var peakBufferedBytes: Int { stream.capacity + tokenizer.largestRow }

    func next() -> Result<Record, DataError>? {
        while !finished {
            let row: CSVTokenizer.Row?
            do throws(DataError) {
                row = try readRow()
            } catch {
                finished = true
                return .failure(error)
            }
            guard let row else {
                finished = true
                guard header != nil else {
                    return .failure(
                        DataError(
                            file: file, line: 1,
                            message: "the data file is empty (a CSV file starts with a header row naming the fields)"))
                }
                return nil
            }
            if row.isBlank { continue }  // Blank line (before the header too).
            guard let header else {
                if let error = row.error {
                    finished = true
                    return .failure(
                        DataError(
                            file: file, line: row.line, endLine: row.endLine, message: "in the header row: \(error)"))
                }
                switch makeHeader(row) {
                case .success(let names): header = names
                case .failure(let error):
                    finished = true
                    return .failure(error)
                }
                continue
            }
            let recordIndex = index
            index += 1
            if let error = row.error {
                if row.unterminated { finished = true }
                return .failure(rowError(row, recordIndex: recordIndex, error))
            }
            guard row.fieldCount == header.count else {
                return .failure(
                    rowError(
                        row, recordIndex: recordIndex,
                        "the row has \(row.fieldCount) fields but the header has \(header.count)"))
            }
            var entries: [(key: String, value: JSONValue)] = []
            entries.reserveCapacity(header.count)
            for (position, name) in header.enumerated() {
                entries.append((key: name, value: .string(String(decoding: row.field(position), as: UTF8.self))))
            }
            return .success(Record(index: recordIndex, value: .object(JSONObject(entries)), line: row.line))
        }
        return nil
    }

    /// A row's error; one that ran over several lines says which, so every line the row
    /// swallowed is accounted for (an unbalanced quote on line 2 reads lines 2–4 as one record).
    private func rowError(_ row: CSVTokenizer.Row, recordIndex: Int, _ message: String) -> DataError {
        var message = message
        if row.endLine > row.line, let quoteLine = row.spanningQuoteLine {
            let ending = row.unterminated ? "the end of the file" : "line \(row.endLine)"
            message +=
                "; the quoted field opened on line \(quoteLine) runs to \(ending), so lines \(row.line)–\(row.endLine) "
                + "were read as this one record (if they are separate rows, balance the quotes on line \(quoteLine))"
        }
        return DataError(
            file: file, line: row.line, endLine: row.endLine > row.line ? row.endLine : nil, recordIndex: recordIndex,
            message: message)
    }

    private func readRow() throws(DataError) -> CSVTokenizer.Row? {
        tokenizer.beginRow(limit: maximumRecordSize)
        let ended = try stream.scan { bytes in tokenizer.scan(bytes) }
        return tokenizer.finishRow(atEndOfInput: !ended)
    }

    /// Header names: a byte-order mark is dropped, empty names become `columnN`, duplicates are an
    /// error (found with a set: a header of 100,000 columns is checked in linear time).
    private func makeHeader(_ row: CSVTokenizer.Row) -> Result<[String], DataError> {
        var names: [String] = []
        names.reserveCapacity(row.fieldCount)
        var seen = Set<String>()
        for position in 0..<row.fieldCount {
            var name = String(decoding: row.field(position), as: UTF8.self)
            if position == 0, name.hasPrefix("\u{FEFF}") { name.removeFirst() }
            if name.isEmpty { name = "column\(position + 1)" }
            guard seen.insert(name).inserted else {
                return .failure(
                    DataError(
                        file: file, line: row.line,
                        message: "the header names column '\(name)' twice; rename one so every field has its own key"))
            }
            names.append(name)
        }
        return .success(names)
    }
}
