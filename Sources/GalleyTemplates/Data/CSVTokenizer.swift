/// The RFC 4180 state machine behind ``CSVDecoder``: splits a byte stream into rows of fields.
///
/// A row's fields are ranges of one byte buffer, so a row costs time and memory linear in its
/// width: a row of 100,000 fields is 100,000 ranges, not 100,000 arrays.
struct CSVTokenizer {
    /// One row: its bytes and fields, the lines it covers, and a problem if it has one.
    struct Row {
        /// Every field's bytes, back to back (quotes and escapes resolved).
        var bytes: [UInt8]
        /// Where each field lies in `bytes`.
        var fieldRanges: [Range<Int>]
        /// The line the row starts on and the line of its last byte: more than one line when a
        /// quoted field holds line breaks — or, when its closing quote is missing or misplaced,
        /// swallowed the lines that were meant as the next rows.
        var line: Int
        var endLine: Int
        /// The line of the first quoted field that ran past its own line.
        var spanningQuoteLine: Int?
        var error: String?
        /// The input ended inside a quoted field; nothing can follow.
        var unterminated = false

        var fieldCount: Int { fieldRanges.count }

        func field(_ index: Int) -> ArraySlice<UInt8> { bytes[fieldRanges[index]] }

        /// Whether the row is a blank line (one empty field and nothing wrong).
        var isBlank: Bool { fieldRanges.count == 1 && fieldRanges[0].isEmpty && error == nil && !unterminated }
    }

    private enum State { case fieldStart, unquoted, quoted, quoteInQuoted }

    private var state = State.fieldStart
    private var bytes: [UInt8] = []
    private var fieldRanges: [Range<Int>] = []
    private var fieldStart = 0
    private var rowBytes = 0
    private var limit = Int.max
    private var rowStarted = false
    private var error: String?
    /// The previous row ended with CR; a LF right after it belongs to that line break.
    private var pendingCR = false
    /// The last byte inside a quoted field was a CR: a LF right after it ends the same line.
    private var quotedCR = false
    /// The line of the next byte, the line the current row started on, and the line of the
    /// row's last byte so far.
    private var line = 1
    private var rowLine = 1
    private var lastLine = 1
    /// The line the current quoted field opened on, and that of the first one to span lines.
    private var quoteLine = 1
    private var spanningQuoteLine: Int?
    /// Whether any byte has been read.
    private(set) var sawInput = false
    /// The most bytes one row has held.
    private(set) var largestRow = 0

    mutating func beginRow(limit: Int) {
        state = .fieldStart
        bytes.removeAll(keepingCapacity: true)
        fieldRanges.removeAll(keepingCapacity: true)
        fieldStart = 0
        rowBytes = 0
        self.limit = limit
        rowStarted = false
        error = nil
        rowLine = line
        lastLine = line
        spanningQuoteLine = nil
    }

    /// Consumes bytes up to and including the end of the row; returns how many and whether the row ended.
    mutating func scan(_ input: UnsafeBufferPointer<UInt8>) -> (consumed: Int, done: Bool) {
        var index = 0
        if !input.isEmpty { sawInput = true }
        while index < input.count {
            let byte = input[index]
            index += 1
            if pendingCR {
                // The CR already counted as a line break; a LF right after it is part of it.
                pendingCR = false
                if byte == 0x0A { continue }
            }
            if !rowStarted {
                rowStarted = true
                rowLine = line
            }
            // The LF of a CRLF inside a quoted field belongs to the CR's line.
            if !(byte == 0x0A && state == .quoted && quotedCR) { lastLine = line }
            if byte == 0x0A && state != .quoted { line += 1 }
            switch state {
            case .fieldStart:
                switch byte {
                case UInt8(ascii: "\""):
                    state = .quoted
                    quoteLine = line
                    quotedCR = false
                case UInt8(ascii: ","): endField()
                case 0x0A, 0x0D: return endRow(index: index, cr: byte == 0x0D)
                default:
                    state = .unquoted
                    append(byte)
                }
            case .unquoted:
                switch byte {
                case UInt8(ascii: ","): endField()
                case 0x0A, 0x0D: return endRow(index: index, cr: byte == 0x0D)
                default: append(byte)
                }
            case .quoted:
                if byte == UInt8(ascii: "\"") {
                    state = .quoteInQuoted
                } else {
                    if byte == 0x0D || (byte == 0x0A && !quotedCR) {
                        line += 1
                        if spanningQuoteLine == nil { spanningQuoteLine = quoteLine }
                    }
                    append(byte)
                }
                quotedCR = byte == 0x0D
            case .quoteInQuoted:
                switch byte {
                case UInt8(ascii: "\""):
                    append(byte)
                    state = .quoted
                case UInt8(ascii: ","): endField()
                case 0x0A, 0x0D: return endRow(index: index, cr: byte == 0x0D)
                default:
                    if error == nil {
                        error =
                            "unexpected '\(Character(Unicode.Scalar(byte)))' after a closing quote in field \(fieldRanges.count + 1) (write \"\" for a quote inside a quoted field)"
                    }
                    state = .unquoted
                    append(byte)
                }
            }
        }
        return (input.count, false)
    }

    /// The row read so far, or `nil` if the input ended before a new row started.
    mutating func finishRow(atEndOfInput: Bool) -> Row? {
        if atEndOfInput {
            guard rowStarted else { return nil }
            if state == .quoted {
                closeField()
                return Row(
                    bytes: bytes, fieldRanges: fieldRanges, line: rowLine, endLine: lastLine,
                    spanningQuoteLine: spanningQuoteLine ?? quoteLine,
                    error: "unterminated quoted field \(fieldRanges.count) (add the closing \")", unterminated: true)
            }
            endField()
        }
        largestRow = max(largestRow, rowBytes)
        return Row(
            bytes: bytes, fieldRanges: fieldRanges, line: rowLine, endLine: lastLine,
            spanningQuoteLine: spanningQuoteLine, error: error)
    }

    private mutating func append(_ byte: UInt8) {
        rowBytes += 1
        if rowBytes <= limit {
            bytes.append(byte)
        } else if error == nil {
            error = "the row is longer than \(limit) bytes"
        }
    }

    private mutating func closeField() {
        fieldRanges.append(fieldStart..<bytes.count)
        fieldStart = bytes.count
    }

    private mutating func endField() {
        closeField()
        state = .fieldStart
    }

    private mutating func endRow(index: Int, cr: Bool) -> (consumed: Int, done: Bool) {
        endField()
        pendingCR = cr
        if cr { line += 1 }
        return (index, true)
    }
}
