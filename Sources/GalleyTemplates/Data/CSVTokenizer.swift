/// The RFC 4180 state machine behind ``CSVDecoder``: splits a byte stream into rows of fields.
struct CSVTokenizer {
    /// One row's fields as raw bytes, the line it starts on, and a problem if it has one.
    struct Row {
        var fields: [[UInt8]]
        var line: Int
        var error: String?
        /// The input ended inside a quoted field; nothing can follow.
        var unterminated = false
    }

    private enum State { case fieldStart, unquoted, quoted, quoteInQuoted }

    private var state = State.fieldStart
    private var fields: [[UInt8]] = []
    private var field: [UInt8] = []
    private var rowBytes = 0
    private var limit = Int.max
    private var rowStarted = false
    private var error: String?
    /// The previous row ended with CR; a LF right after it belongs to that line break.
    private var pendingCR = false
    /// The line of the next byte, and the line the current row started on.
    private var line = 1
    private var rowLine = 1
    /// The most bytes one row has held.
    private(set) var largestRow = 0

    mutating func beginRow(limit: Int) {
        state = .fieldStart
        fields.removeAll(keepingCapacity: true)
        field.removeAll(keepingCapacity: true)
        rowBytes = 0
        self.limit = limit
        rowStarted = false
        error = nil
        rowLine = line
    }

    /// Consumes bytes up to and including the end of the row; returns how many and whether the row ended.
    mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> (consumed: Int, done: Bool) {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if pendingCR {
                // The CR already counted as a line break; a LF right after it is part of it.
                pendingCR = false
                if byte == 0x0A { continue }
            }
            rowStarted = true
            if byte == 0x0A && state != .quoted { line += 1 }
            switch state {
            case .fieldStart:
                switch byte {
                case UInt8(ascii: "\""): state = .quoted
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
                    if byte == 0x0A { line += 1 }
                    append(byte)
                }
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
                            "unexpected '\(Character(Unicode.Scalar(byte)))' after a closing quote in field \(fields.count + 1) (write \"\" for a quote inside a quoted field)"
                    }
                    state = .unquoted
                    append(byte)
                }
            }
        }
        return (bytes.count, false)
    }

    /// The row read so far, or `nil` if the input ended before a new row started.
    mutating func finishRow(atEndOfInput: Bool) -> Row? {
        if atEndOfInput {
            guard rowStarted else { return nil }
            if state == .quoted {
                return Row(
                    fields: fields + [field], line: rowLine,
                    error: "unterminated quoted field \(fields.count + 1) (add the closing \")", unterminated: true)
            }
            endField()
        }
        largestRow = max(largestRow, rowBytes)
        return Row(fields: fields, line: rowLine, error: error)
    }

    private mutating func append(_ byte: UInt8) {
        rowBytes += 1
        if rowBytes <= limit {
            field.append(byte)
        } else if error == nil {
            error = "the row is longer than \(limit) bytes"
        }
    }

    private mutating func endField() {
        fields.append(field)
        field.removeAll(keepingCapacity: true)
        state = .fieldStart
    }

    private mutating func endRow(index: Int, cr: Bool) -> (consumed: Int, done: Bool) {
        endField()
        pendingCR = cr
        if cr { line += 1 }
        return (index, true)
    }
}
