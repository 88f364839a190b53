/// A calendar date and time in UTC (proleptic Gregorian), computed without Foundation's calendars.
///
/// Conversions use Howard Hinnant's `days_from_civil` / `civil_from_days` algorithms, which are
/// exact for every year a `Double` epoch can name here (limited to ±10^13 seconds).
struct UTCDateTime: Equatable {
    var year: Int
    var month: Int
    var day: Int
    var hour: Int
    var minute: Int
    var second: Int

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
            self.init(epochSeconds: Int(seconds.rounded(.down)))
        case .string(let text):
            guard let seconds = Self.epochSeconds(iso: Array(text.utf8)) else { return nil }
            self.init(epochSeconds: seconds)
        default:
            return nil
        }
    }

    init(epochSeconds: Int) {
        let days = Self.floorDivide(epochSeconds, 86_400)
        let secondsOfDay = epochSeconds - days * 86_400
        (year, month, day) = Self.civil(fromDays: days)
        hour = secondsOfDay / 3600
        minute = secondsOfDay % 3600 / 60
        second = secondsOfDay % 60
    }

    private static func epochSeconds(iso bytes: [UInt8]) -> Int? {
        var reader = DigitReader(bytes: bytes)
        guard let year = reader.digits(4), reader.skip("-"), let month = reader.digits(2), reader.skip("-"),
            let day = reader.digits(2), (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
        else { return nil }
        var seconds = days(year: year, month: month, day: day) * 86_400
        if reader.atEnd { return seconds }
        guard reader.skip("T") || reader.skip("t") || reader.skip(" "), let hour = reader.digits(2), reader.skip(":"),
            let minute = reader.digits(2), hour < 24, minute < 60
        else { return nil }
        seconds += hour * 3600 + minute * 60
        if reader.skip(":") {
            guard let second = reader.digits(2), second <= 60 else { return nil }
            seconds += second
            if reader.skip(".") || reader.skip(",") {
                guard reader.skipDigits() > 0 else { return nil }
            }
        }
        if reader.atEnd || reader.skip("Z") || reader.skip("z") { return reader.atEnd ? seconds : nil }
        let sign: Int
        if reader.skip("+") { sign = 1 } else if reader.skip("-") { sign = -1 } else { return nil }
        guard let offsetHours = reader.digits(2), offsetHours < 24 else { return nil }
        _ = reader.skip(":")
        let offsetMinutes = reader.atEnd ? 0 : reader.digits(2)
        guard let offsetMinutes, offsetMinutes < 60, reader.atEnd else { return nil }
        return seconds - sign * (offsetHours * 3600 + offsetMinutes * 60)
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

    /// Year, month, day for days since 1970-01-01 (Hinnant's `civil_from_days`).
    static func civil(fromDays days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = floorDivide(z, 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
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
