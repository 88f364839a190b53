import Foundation
import Testing

@testable import GalleyRender

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 14: `SOURCE_DATE_EPOCH=1e300` (or inf, nan, a time before year 0) trapped converting to
/// an integer, and year 10000 wrote a malformed PDF `/CreationDate`. The variable is now parsed
/// as the reproducible-builds spec has it — a whole number of seconds — and checked against the
/// years a PDF date can hold; anything else is an error naming the variable and the range.
@Suite struct DocumentDateTests {
    @Test func acceptedValuesGiveISODates() throws {
        #expect(try DocumentDate.parse(sourceDateEpoch: "1700000000") == "2023-11-14T22:13:20Z")
        #expect(try DocumentDate.parse(sourceDateEpoch: "0") == "1970-01-01T00:00:00Z")
        #expect(try DocumentDate.parse(sourceDateEpoch: "-1") == "1969-12-31T23:59:59Z")
        #expect(try DocumentDate.parse(sourceDateEpoch: "951782400") == "2000-02-29T00:00:00Z")
        #expect(try DocumentDate.parse(sourceDateEpoch: "-62167219200") == "0000-01-01T00:00:00Z")
        #expect(try DocumentDate.parse(sourceDateEpoch: "253402300799") == "9999-12-31T23:59:59Z")
    }

    /// The calendar arithmetic agrees with the C library on a spread of days (gmtime_r is what
    /// the templates used before, in four-digit years).
    @Test func agreesWithGmtime() throws {
        var seconds: Int64 = -62_167_219_200
        while seconds <= 253_402_300_799 {
            var time = Int(seconds)
            var parts = tm()
            _ = gmtime_r(&time, &parts)
            let expected = String(
                format: "%04d-%02d-%02dT%02d:%02d:%02dZ", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
                parts.tm_hour, parts.tm_min, parts.tm_sec)
            #expect(DocumentDate.iso8601(seconds: seconds) == expected)
            seconds += 86_400 * 3_651 + 12_345
        }
    }

    @Test(arguments: [
        "1e300", "inf", "-inf", "nan", "NaN", "1.5", " 12", "12 ", "+5", "0x10", "-", "--1", "1700000000x",
        "253402300800", "-62167219201", "99999999999999999999999", "9223372036854775808",
    ])
    func rejectedValuesNameTheVariableAndTheRange(value: String) {
        #expect {
            try DocumentDate.parse(sourceDateEpoch: value)
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("SOURCE_DATE_EPOCH=\(value) is not a date Galley can write")
                && text.contains("from -62167219200 to 253402300799 (0000-01-01 to 9999-12-31)")
        }
    }
}
