/// A JSON data file: one object (one record) or an array whose elements are streamed one by one.
///
/// The array is never parsed as a whole. A small scanner finds each element's extent — tracking
/// nesting, strings and comments — and copies only that element's bytes, which ``JSONParser``
/// then parses. A malformed element is an error for that record; the scanner resynchronises at
/// the next top-level `,` so the following records still come.
final class JSONRecordDecoder: RecordDecoder {
    private enum Mode { case start, array, finished }

    private let stream: ByteStream
    private let file: String
    private let maximumRecordSize: Int
    private var mode = Mode.start
    /// Position of the next unread byte.
    private var line = 1
    private var column = 1
    private var index = 0
    private var element: [UInt8] = []
    private var largestRecord = 0
    private var scanner = ElementScanner()
    /// A file-level error found right after a good record; reported on the next call.
    private var pendingError: DataError?

    init(stream: ByteStream, file: String, maximumRecordSize: Int) {
        self.stream = stream
        self.file = file
        self.maximumRecordSize = maximumRecordSize
    }

    var peakBufferedBytes: Int { stream.capacity + largestRecord }

    func next() -> Result<Record, DataError>? {
        do throws(DataError) {
            return try nextRecord()
        } catch {
            mode = .finished
            return .failure(error)
        }
    }

    private func nextRecord() throws(DataError) -> Result<Record, DataError>? {
        switch mode {
        case .finished:
            if let pendingError {
                self.pendingError = nil
                return .failure(pendingError)
            }
            return nil
        case .start:
            try skipTrivia()
            guard let byte = try stream.peek() else {
                // "0 records" would let a batch of an empty (or truncated-to-nothing) file succeed.
                throw fileError(
                    "the data file is empty: expected an object (one record) or an array of records ([] for none)")
            }
            if byte == UInt8(ascii: "[") {
                consume(byte)
                mode = .array
                return try nextRecord()
            }
            guard byte == UInt8(ascii: "{") else {
                throw fileError("a JSON data file must hold an object (one record) or an array of records")
            }
            let record = try captureAndParse()
            mode = .finished
            try skipTrivia()
            if try stream.peek() != nil {
                pendingError = fileError("unexpected content after the record object; put several records in an array")
            }
            return record
        case .array:
            try skipTrivia()
            guard let byte = try stream.peek() else {
                throw fileError("unexpected end of input: the array of records is not closed (add ']')")
            }
            if byte == UInt8(ascii: "]") {
                consume(byte)
                try skipTrivia()
                if try stream.peek() != nil { throw fileError("unexpected content after the array of records") }
                mode = .finished
                return nil
            }
            let record = try captureAndParse()
            try skipTrivia()
            if let delimiter = try stream.peek() {
                if delimiter == UInt8(ascii: ",") {
                    consume(delimiter)
                } else if delimiter != UInt8(ascii: "]") {
                    throw fileError("expected ',' or ']' after record \(index - 1)")
                }
            }
            return record
        }
    }

    /// Copies one element's bytes into `element` and parses them.
    private func captureAndParse() throws(DataError) -> Result<Record, DataError> {
        let startLine = line
        let startColumn = column
        let recordIndex = index
        index += 1
        element.removeAll(keepingCapacity: true)
        scanner.reset()
        var overflow = false
        let limit = maximumRecordSize
        _ = try stream.scan { bytes in
            let (consumed, done) = scanner.scan(bytes, line: &line, column: &column)
            if element.count + consumed <= limit {
                element.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[0..<consumed]))
            } else {
                overflow = true
            }
            return (consumed, done)
        }
        largestRecord = max(largestRecord, element.capacity)
        if overflow {
            return .failure(
                DataError(
                    file: file, line: startLine, column: startColumn, recordIndex: recordIndex,
                    message: "the record is longer than \(maximumRecordSize) bytes"))
        }
        do throws(TemplateError) {
            let document = try JSONParser.parse(utf8: element, file: file)
            return .success(Record(index: recordIndex, value: document.value, line: startLine))
        } catch {
            return .failure(error.dataError(recordIndex: recordIndex, line: startLine, column: startColumn))
        }
    }

    /// Skips whitespace, a byte-order mark and comments between elements.
    private func skipTrivia() throws(DataError) {
        while let byte = try stream.peek() {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF:
                // 0xEF 0xBB 0xBF is the UTF-8 byte-order mark; those bytes never start a value.
                consume(byte)
            case UInt8(ascii: "/"):
                consume(byte)
                guard let second = try stream.peek(), second == UInt8(ascii: "/") || second == UInt8(ascii: "*") else {
                    throw fileError("unexpected '/' (comments start with // or /*)")
                }
                consume(second)
                try skipComment(block: second == UInt8(ascii: "*"))
            default:
                return
            }
        }
    }

    private func skipComment(block: Bool) throws(DataError) {
        var previous: UInt8 = 0
        while let byte = try stream.peek() {
            consume(byte)
            if !block && byte == 0x0A { return }
            if block && previous == UInt8(ascii: "*") && byte == UInt8(ascii: "/") { return }
            previous = byte
        }
        if block { throw fileError("unterminated comment (close it with */)") }
    }

    private func consume(_ byte: UInt8) {
        stream.advance()
        ElementScanner.track(byte, line: &line, column: &column)
    }

    private func fileError(_ message: String) -> DataError {
        DataError(file: file, line: line, column: column, message: message)
    }
}
