import Foundation

/// The creation date written into PDFs, shared by templates and the report DSL.
///
/// With `SOURCE_DATE_EPOCH` set (the reproducible-builds convention: a whole number of seconds
/// since 1970-01-01 UTC) it is that time, so identical input gives byte-identical output.
/// A value that is not a whole number in ``acceptedSeconds`` — `1e300`, `inf`, `nan`, a year
/// before 0000 or after 9999, which a PDF date's four digits cannot hold — is a
/// ``DocumentDateError`` naming the variable and the accepted range, never a conversion trap
/// or a malformed `/CreationDate`.
public enum DocumentDate {
    /// The environment variable read.
    public static let variable = "SOURCE_DATE_EPOCH"

    /// The seconds accepted: 0000-01-01T00:00:00Z through 9999-12-31T23:59:59Z.
    public static let acceptedSeconds: ClosedRange<Int64> = -62_167_219_200...253_402_300_799

    /// `SOURCE_DATE_EPOCH`'s date as ISO 8601 UTC (`2023-11-14T22:13:20Z`), or nil when it is
    /// unset or empty. Read and checked once per process (reading the environment per record
    /// showed in bind profiles).
    /// - Throws: ``DocumentDateError`` when the variable is set to something else than a
    ///   whole number of seconds in ``acceptedSeconds``.
    public static func fromEnvironment() throws(DocumentDateError) -> String? {
        try environmentDate.get()
    }

    /// `SOURCE_DATE_EPOCH`'s date when set, otherwise the current time, as ISO 8601 UTC.
    /// - Throws: ``DocumentDateError`` for an invalid `SOURCE_DATE_EPOCH`.
    public static func creationDate() throws(DocumentDateError) -> String {
        if let fixed = try fromEnvironment() { return fixed }
        let now = Int64(Date().timeIntervalSince1970.rounded(.down))
        return iso8601(seconds: min(max(now, acceptedSeconds.lowerBound), acceptedSeconds.upperBound))
    }

    /// The date of a `SOURCE_DATE_EPOCH` value: an optional `-` and decimal digits, in range.
    /// - Throws: ``DocumentDateError`` for anything else.
    public static func parse(sourceDateEpoch text: String) throws(DocumentDateError) -> String {
        let bytes = Array(text.utf8)
        let digits = bytes.first == UInt8(ascii: "-") ? bytes.dropFirst() : bytes[...]
        // At most 12 digits: the range's ends have 12, and more would overflow Int64 below.
        guard !digits.isEmpty, digits.count <= 12, digits.allSatisfy({ (0x30...0x39).contains($0) }) else {
            throw DocumentDateError(value: text)
        }
        var magnitude: Int64 = 0
        for digit in digits { magnitude = magnitude * 10 + Int64(digit - 0x30) }
        let seconds = bytes.first == UInt8(ascii: "-") ? -magnitude : magnitude
        guard acceptedSeconds.contains(seconds) else { throw DocumentDateError(value: text) }
        return iso8601(seconds: seconds)
    }

    private static let environmentDate: Result<String?, DocumentDateError> = {
        guard let text = ProcessInfo.processInfo.environment[variable], !text.isEmpty else { return .success(nil) }
        do throws(DocumentDateError) {
            return .success(try parse(sourceDateEpoch: text))
        } catch {
            return .failure(error)
        }
    }()

    /// cairo's CREATE_DATE form, for seconds in ``acceptedSeconds``: the proleptic Gregorian
    /// calendar (Howard Hinnant's `civil_from_days`), without the C library's time zone state.
    static func iso8601(seconds: Int64) -> String {
        let days = seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
        let secondsOfDay = seconds - days * 86_400
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func pad(_ value: Int64, _ width: Int = 2) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(year, 4))-\(pad(month))-\(pad(day))T\(pad(secondsOfDay / 3600)):"
            + "\(pad(secondsOfDay % 3600 / 60)):\(pad(secondsOfDay % 60))Z"
    }
}

/// `SOURCE_DATE_EPOCH` holds something other than a whole number of seconds Galley can write
/// as a PDF date.
public struct DocumentDateError: Error, Sendable, CustomStringConvertible {
    /// The variable's value as set.
    public let value: String

    /// Creates the error for a value of `SOURCE_DATE_EPOCH`.
    public init(value: String) {
        self.value = value
    }

    /// What is wrong, the accepted range and what to do.
    public var description: String {
        let shown = value.count > 40 ? String(value.prefix(40)) + "…" : value
        return "\(DocumentDate.variable)=\(shown) is not a date Galley can write: expected a whole number of seconds "
            + "since 1970-01-01 UTC from \(DocumentDate.acceptedSeconds.lowerBound) to "
            + "\(DocumentDate.acceptedSeconds.upperBound) (0000-01-01 to 9999-12-31) "
            + "(unset it, or set it to a time such as `git log -1 --format=%ct`)"
    }
}
