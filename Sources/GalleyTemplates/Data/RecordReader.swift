/// Reads records from a JSON, NDJSON or CSV file (or standard input) one at a time.
///
/// Input is streamed through a fixed-size buffer: only the read buffer and the record being
/// decoded are in memory, so a file of ten million records is read in constant memory.
/// Iterate it once (it is single-pass):
///
/// ```swift
/// for result in try RecordReader(path: "customers.csv") {
///     switch result {
///     case .success(let record): render(record.value)
///     case .failure(let error): report(error)   // a bad record; the following ones still come
///     }
/// }
/// ```
///
/// An error with a ``DataError/recordIndex`` is about one record and reading continues after it;
/// an error without one is about the whole file and is the last element.
public struct RecordReader: Sequence {
    /// The default read-buffer size, 64 KiB.
    public static let defaultBufferSize = 64 * 1024
    /// The default largest record, 64 MiB; a longer record is reported as an error and skipped.
    public static let defaultMaximumRecordSize = 64 * 1024 * 1024

    /// The file name used in errors (`<stdin>` for `-`).
    public let file: String
    /// The format being decoded.
    public let format: DataFormat
    private let decoder: RecordDecoder

    /// Opens `path` (`-` for standard input).
    /// - Parameters:
    ///   - path: The data file, or `-` for standard input.
    ///   - format: The format; when `nil` it is chosen by the file's extension.
    ///   - bufferSize: The read-buffer size in bytes.
    /// - Throws: ``DataError`` when the file cannot be opened or its format cannot be told.
    public init(path: String, format: DataFormat? = nil, bufferSize: Int = defaultBufferSize) throws(DataError) {
        let name = path == "-" ? "<stdin>" : path
        guard let chosen = format ?? DataFormat(path: path) else {
            throw DataError(
                file: name,
                message:
                    "cannot tell the data format from the file name; use .json, .ndjson, .jsonl or .csv, or name the format explicitly"
            )
        }
        let source = try FileSource(path: path)
        let stream = ByteStream(source: source, capacity: bufferSize)
        self.init(stream: stream, format: chosen, file: name, size: source.size)
    }

    /// Reads records from bytes in memory.
    public init(bytes: [UInt8], format: DataFormat, file: String = "<memory>", bufferSize: Int = defaultBufferSize) {
        self.init(
            stream: ByteStream(source: MemorySource(bytes: bytes), capacity: bufferSize), format: format, file: file,
            size: bytes.count)
    }

    private init(stream: ByteStream, format: DataFormat, file: String, size: Int?) {
        self.file = file
        self.format = format
        self.stream = stream
        self.size = size
        switch format {
        case .json:
            decoder = JSONRecordDecoder(stream: stream, file: file, maximumRecordSize: Self.defaultMaximumRecordSize)
        case .ndjson:
            decoder = NDJSONDecoder(stream: stream, file: file, maximumRecordSize: Self.defaultMaximumRecordSize)
        case .csv: decoder = CSVDecoder(stream: stream, file: file, maximumRecordSize: Self.defaultMaximumRecordSize)
        }
    }

    private let stream: ByteStream
    /// The input's size in bytes when known (a regular file or memory; not a pipe).
    public let size: Int?

    /// How far through its input the reader is, 0...1, when the input's size is known: with the
    /// records seen so far it estimates how many there are (a batch's ETA) without a second pass.
    public var fractionRead: Double? {
        guard let size, size > 0 else { return nil }
        return Swift.min(1, Double(stream.position) / Double(size))
    }

    /// The most bytes the reader has held at once: its read buffer plus the largest record's
    /// bytes. It depends on record size, never on file size.
    public var peakBufferedBytes: Int { decoder.peakBufferedBytes }

    /// The next record; throws a record's error, and returns `nil` at the end.
    public func next() throws(DataError) -> Record? {
        switch decoder.next() {
        case .success(let record)?: return record
        case .failure(let error)?: throw error
        case nil: return nil
        }
    }

    /// Iterates the records (single pass: all iterators share the reader's position).
    public func makeIterator() -> Iterator {
        Iterator(decoder: decoder)
    }

    /// Yields each record or its error.
    public struct Iterator: IteratorProtocol {
        fileprivate let decoder: RecordDecoder

        /// The next record or error; `nil` at the end.
        public mutating func next() -> Result<Record, DataError>? {
            decoder.next()
        }
    }
}

/// One format's decoder over a ``ByteStream``.
protocol RecordDecoder: AnyObject {
    /// The next record or error, `nil` at the end.
    func next() -> Result<Record, DataError>?
    /// The read buffer's size plus the largest record's bytes held so far.
    var peakBufferedBytes: Int { get }
}

extension TemplateError {
    /// This parse error as a data error for the record whose text starts at `line`:`column`.
    func dataError(recordIndex: Int, line: Int, column: Int) -> DataError {
        var message = ""
        if let path { message += "at \(path): " }
        message += self.message
        if let hint { message += " (\(hint))" }
        let relative = location ?? SourceLocation(line: 1, column: 1)
        return DataError(
            file: file,
            line: line + relative.line - 1,
            column: relative.line == 1 ? column + relative.column - 1 : relative.column,
            recordIndex: recordIndex,
            message: message)
    }
}
