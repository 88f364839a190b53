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
    ///   - format: The format; when `nil` it is chosen by the file's extension (standard input
    ///     needs one: `--data-format`).
    ///   - options: A template's field types and whether its records bind as one `records` array
    ///     (``Template/dataOptions``).
    ///   - bufferSize: The read-buffer size in bytes.
    /// - Throws: ``DataError`` when the file cannot be opened or its format cannot be told.
    public init(
        path: String, format: DataFormat? = nil, options: DataOptions = DataOptions(),
        bufferSize: Int = defaultBufferSize
    ) throws(DataError) {
        let name = path == "-" ? "<stdin>" : path
        guard let chosen = format ?? DataFormat(path: path) else {
            throw DataError(
                file: name,
                message: path == "-"
                    ? "standard input has no file name to tell its format by: name it with --data-format json, ndjson or csv"
                    : "cannot tell the data format from the file name; use .json, .ndjson, .jsonl or .csv, or name the format (--data-format json, ndjson or csv)"
            )
        }
        let source = try FileSource(path: path)
        let stream = ByteStream(source: source, capacity: bufferSize)
        self.init(stream: stream, format: chosen, file: name, size: source.size, options: options)
    }

    /// Reads records from bytes in memory.
    public init(
        bytes: [UInt8], format: DataFormat, file: String = "<memory>", options: DataOptions = DataOptions(),
        bufferSize: Int = defaultBufferSize
    ) {
        self.init(
            stream: ByteStream(source: MemorySource(bytes: bytes), capacity: bufferSize), format: format, file: file,
            size: bytes.count, options: options)
    }

    private init(stream: ByteStream, format: DataFormat, file: String, size: Int?, options: DataOptions) {
        self.file = file
        self.format = format
        self.stream = stream
        self.size = size
        var decoder: RecordDecoder
        switch format {
        case .json:
            decoder = JSONRecordDecoder(stream: stream, file: file, maximumRecordSize: Self.defaultMaximumRecordSize)
        case .ndjson:
            decoder = NDJSONDecoder(stream: stream, file: file, maximumRecordSize: Self.defaultMaximumRecordSize)
        case .csv: decoder = CSVDecoder(stream: stream, file: file, maximumRecordSize: Self.defaultMaximumRecordSize)
        }
        if !options.columns.isEmpty { decoder = TypedRecordDecoder(decoder, options: options, file: file) }
        if options.shape == .array { decoder = WholeFileDecoder(decoder, file: file) }
        self.decoder = decoder
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

    /// How many bytes of the input the reader has consumed.
    public var bytesRead: Int { stream.position }

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

/// Converts each record's declared fields (``DataOptions/typed(_:)``); a field that does not
/// convert is that record's error.
final class TypedRecordDecoder: RecordDecoder {
    private let inner: RecordDecoder
    private let options: DataOptions
    private let file: String

    init(_ inner: RecordDecoder, options: DataOptions, file: String) {
        self.inner = inner
        self.options = options
        self.file = file
    }

    var peakBufferedBytes: Int { inner.peakBufferedBytes }

    func next() -> Result<Record, DataError>? {
        guard let result = inner.next() else { return nil }
        guard case .success(let record) = result else { return result }
        switch options.typed(record.value) {
        case .success(let value): return .success(Record(index: record.index, value: value, line: record.line))
        case .failure(let error):
            return .failure(DataError(file: file, line: record.line, recordIndex: record.index, message: error.message))
        }
    }
}

/// The whole file as one record, `{"records": [every record]}` (`data.as: "array"`, `--data-as
/// array`): one document for all rows. A bad record fails it (the document would miss a row).
final class WholeFileDecoder: RecordDecoder {
    private let inner: RecordDecoder
    private let file: String
    private var done = false

    init(_ inner: RecordDecoder, file: String) {
        self.inner = inner
        self.file = file
    }

    var peakBufferedBytes: Int { inner.peakBufferedBytes }

    func next() -> Result<Record, DataError>? {
        guard !done else { return nil }
        done = true
        var records: [JSONValue] = []
        while let result = inner.next() {
            switch result {
            case .success(let record): records.append(record.value)
            case .failure(let error):
                let place = error.recordIndex.map { "record \($0)" } ?? "the file"
                return .failure(
                    DataError(
                        file: error.file, line: error.line, column: error.column, endLine: error.endLine,
                        recordIndex: 0,
                        message: "\(place) of the records bound together: \(error.message)"))
            }
        }
        return .success(Record(index: 0, value: ["records": .array(records)], line: 1))
    }
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
