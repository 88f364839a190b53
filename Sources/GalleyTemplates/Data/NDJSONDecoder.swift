#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Newline-delimited JSON: one value per line; blank lines are skipped; a bad line is an error
/// for that record only.
final class NDJSONDecoder: RecordDecoder {
    private let stream: ByteStream
    private let file: String
    private let maximumRecordSize: Int
    private var lineBuffer: [UInt8] = []
    private var lineNumber = 0
    private var index = 0
    private var largestRecord = 0
    private var finished = false

    init(stream: ByteStream, file: String, maximumRecordSize: Int) {
        self.stream = stream
        self.file = file
        self.maximumRecordSize = maximumRecordSize
    }

    var peakBufferedBytes: Int { stream.capacity + largestRecord }

    func next() -> Result<Record, DataError>? {
        while !finished {
            let line: (found: Bool, overflow: Bool)
            do throws(DataError) {
                line = try readLine()
            } catch {
                finished = true
                return .failure(error)
            }
            if !line.found && lineBuffer.isEmpty && !line.overflow {
                finished = true
                // "0 records" would let a batch of an empty (or truncated-to-nothing) file succeed.
                guard index > 0 else {
                    return .failure(
                        DataError(
                            file: file, line: max(1, lineNumber),
                            message: "the data file has no records: it is empty or holds only blank lines"))
                }
                return nil
            }
            lineNumber += 1
            let recordIndex = index
            if line.overflow {
                index += 1
                return .failure(
                    DataError(
                        file: file, line: lineNumber, recordIndex: recordIndex,
                        message: "the line is longer than \(maximumRecordSize) bytes"))
            }
            let leading = lineBuffer.prefix { Self.isSpace($0) }.count
            let trailing = lineBuffer.reversed().prefix { Self.isSpace($0) }.count
            guard leading < lineBuffer.count else { continue }  // Blank line.
            index += 1
            let text = Array(lineBuffer[leading..<(lineBuffer.count - trailing)])
            do throws(TemplateError) {
                let document = try JSONParser.parse(utf8: text, file: file)
                return .success(Record(index: recordIndex, value: document.value, line: lineNumber))
            } catch {
                return .failure(error.dataError(recordIndex: recordIndex, line: lineNumber, column: leading + 1))
            }
        }
        return nil
    }

    /// Reads up to the next LF into `lineBuffer` (without the LF).
    private func readLine() throws(DataError) -> (found: Bool, overflow: Bool) {
        lineBuffer.removeAll(keepingCapacity: true)
        var overflow = false
        let limit = maximumRecordSize
        let found = try stream.scan { bytes in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return (0, false) }
            let newline = memchr(base, 0x0A, bytes.count).map {
                UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - base
            }
            let length = newline ?? bytes.count
            if lineBuffer.count + length <= limit {
                lineBuffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[0..<length]))
            } else {
                overflow = true
            }
            if let newline { return (newline + 1, true) }
            return (bytes.count, false)
        }
        largestRecord = max(largestRecord, lineBuffer.capacity)
        return (found, overflow)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D
    }
}
