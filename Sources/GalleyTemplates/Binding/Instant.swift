/// An instant read from data for the `date` and `time` filters: a Unix time in seconds or an
/// ISO 8601 string, as milliseconds since 1970-01-01 UTC (what ICU's date formatters take).
///
/// Only reading is done here; calendars, names and zones are ICU's (`DateFormat` in GalleyText).
/// Days are counted with Howard Hinnant's `days_from_civil`, exact for every year a `Double`
/// epoch can name here (limited to ±10^13 seconds).
struct Instant: Equatable {
    /// Milliseconds since 1970-01-01T00:00:00Z.
    var milliseconds: Double

    /// Reads a Unix time in seconds (number) or an ISO 8601 string; `nil` when it is neither.
    ///
    /// Strings: `YYYY-MM-DD`, optionally followed by `T` or a space, `HH:MM`, optional `:SS`
    /// and fraction, and an optional zone `Z`, `±HH:MM`, `±HHMM` or `±HH` (converted to UTC).
    /// A date-time without a zone is taken as UTC.
    init?(_ value: JSONValue) {
        switch value {
        case .number(let number):
            let seconds = number.value
            guard seconds.isFinite, abs(seconds) < 1e13 else { return nil }
            milliseconds = (seconds * 1000).rounded(.down)
        case .string(let text):
            guard let (seconds, fraction) = Self.epochSeconds(iso: Array(text.utf8)) else { return nil }
            milliseconds = Double(seconds) * 1000 + fraction
        default:
            return nil
        }
    }

    /// Whole seconds since 1970 and the milliseconds of a fraction.
    private static func epochSeconds(iso bytes: [UInt8]) -> (Int, Double)? {
        var reader = DigitReader(bytes: bytes)
        guard let year = reader.digits(4), reader.skip("-"), let month = reader.digits(2), reader.skip("-"),
            let day = reader.digits(2), (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
        else { return nil }
        var seconds = days(year: year, month: month, day: day) * 86_400
        var fraction = 0.0
        if reader.atEnd { return (seconds, fraction) }
        guard reader.skip("T") || reader.skip("t") || reader.skip(" "), let hour = reader.digits(2), reader.skip(":"),
            let minute = reader.digits(2), hour < 24, minute < 60
        else { return nil }
        seconds += hour * 3600 + minute * 60
        if reader.skip(":") {
            guard let second = reader.digits(2), second <= 60 else { return nil }
            seconds += second
            if reader.skip(".") || reader.skip(",") {
                let start = reader.position
                guard reader.skipDigits() > 0 else { return nil }
                // Milliseconds, truncated: ICU prints at most that much of a fraction.
                let digits = reader.bytes[start..<min(reader.position, start + 3)]
                fraction = Double(digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) })
                fraction *= [100.0, 10, 1][digits.count - 1]
            }
        }
        if reader.atEnd || reader.skip("Z") || reader.skip("z") { return reader.atEnd ? (seconds, fraction) : nil }
        let sign: Int
        if reader.skip("+") { sign = 1 } else if reader.skip("-") { sign = -1 } else { return nil }
        guard let offsetHours = reader.digits(2), offsetHours < 24 else { return nil }
        _ = reader.skip(":")
        let offsetMinutes = reader.atEnd ? 0 : reader.digits(2)
        guard let offsetMinutes, offsetMinutes < 60, reader.atEnd else { return nil }
        return (seconds - sign * (offsetHours * 3600 + offsetMinutes * 60), fraction)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 (Hinnant's `days_from_civil`).
    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = floorDivide(y, 400)
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func floorDivide(_ a: Int, _ b: Int) -> Int {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }
}

/// A cursor over ASCII bytes for the fixed-width fields of ISO 8601.
private struct DigitReader {
    let bytes: [UInt8]
    var position = 0

    var atEnd: Bool { position >= bytes.count }

    /// Exactly `count` digits as a number, or `nil` (position unchanged).
    mutating func digits(_ count: Int) -> Int? {
        guard position + count <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[position..<position + count] {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        position += count
        return value
    }

    /// Skips one `character` if it is next.
    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard position < bytes.count, bytes[position] == UInt8(ascii: character) else { return false }
        position += 1
        return true
    }

    /// Skips a run of digits and returns how many.
    mutating func skipDigits() -> Int {
        let start = position
        while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
            position += 1
        }
        return position - start
    }
}
