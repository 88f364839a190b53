import GalleyText
import Testing

@testable import GalleyTemplates

/// Filter outputs: number, currency, date, upper, lower, default.
@Suite struct FilterTests {
    private func apply(_ filters: String, to value: JSONValue) throws -> String {
        let scope = BindingScope(data: .object(JSONObject([(key: "v", value: value)])))
        return try BindingTemplate(parsing: "{{ v | \(filters) }}").string(in: scope)
    }

    @Test func number() throws {
        #expect(try apply("number:2", to: .number(1234.5)) == "1,234.50")
        #expect(try apply("number:0", to: .number(1234567.5)) == "1,234,568")
        #expect(try apply("number:2", to: .number(-1234.567)) == "-1,234.57")
        #expect(try apply("number:2", to: .number(-0.001)) == "0.00")
        #expect(try apply("number:3", to: .number(0.5)) == "0.500")
        #expect(try apply("number", to: .number(1234567.25)) == "1,234,567.25")
        #expect(try apply("number", to: .number(999)) == "999")
        #expect(try apply("number:1", to: .string("12.34")) == "12.3")
        #expect(throws: BindingError.filterFailed(filter: "number", message: "expected a number, got string \"abc\"")) {
            try apply("number:2", to: .string("abc"))
        }
    }

    /// Numbers reach ICU as their exact decimal text, never through a `Double`: a 19-digit ID, the
    /// exact sum 0.3, the half-cent of a decimal that has no exact binary form (docs/templates.md, Numbers).
    @Test func exactDecimalsFormatExactly() throws {
        func text(_ template: String, _ data: JSONValue = [:]) throws -> String {
            try BindingTemplate(parsing: template).evaluate(in: BindingScope(data: data)).interpolationText
        }
        #expect(try text("{{ 1234567890123456789 | number }}") == "1,234,567,890,123,456,789")
        #expect(try text("{{ id | number:grouping:false }}", ["id": "98765432109876543210"]) == "98765432109876543210")
        #expect(try text("{{ 0.1 + 0.2 | number }}") == "0.3")
        #expect(try text("{{ 0.1 + 0.2 | number:17 }}") == "0.30000000000000000")
        #expect(try text("{{ a | number }}", ["a": "1234.50"]) == "1,234.50", "the digits as written")
        #expect(try text("{{ a | number:2 }}", ["a": "1.005"]) == "1.01", "half away from zero on 1.005 itself")
        #expect(try text("{{ a | number:2, rounding:'halfEven' }}", ["a": "1.125"]) == "1.12")
        #expect(try text("{{ a | currency:'EUR' }}", ["a": "1234567890123456.785"]) == "€1,234,567,890,123,456.79")
        #expect(try text("{{ a | round:2 }}", ["a": "0.285"]) == "0.29")
        #expect(try text("{{ 12345678901234567890.5 | round }}") == "12345678901234567891")
        let locale = try #require(FormatLocale(tag: "de-DE"))
        let german = BindingScope(data: ["a": "1234567890123456789.5"]).formatting(in: locale)
        #expect(try BindingTemplate(parsing: "{{ a | number:1 }}").string(in: german) == "1.234.567.890.123.456.789,5")
    }

    @Test func currency() throws {
        #expect(try apply(#"currency:"EUR""#, to: .number(1234.5)) == "€1,234.50")
        #expect(try apply(#"currency:"usd""#, to: .number(1234.5)) == "$1,234.50")
        #expect(try apply(#"currency:"GBP""#, to: .number(-3)) == "-£3.00")
        // CLDR puts a no-break space between a code-like symbol and the amount.
        #expect(try apply(#"currency:"CHF""#, to: .number(1234.5)) == "CHF\u{A0}1,234.50")
        #expect(try apply(#"currency:"EUR""#, to: .number(0.004)) == "€0.00")
    }

    @Test func dates() throws {
        #expect(try apply(#"date:"yyyy-MM-dd""#, to: .string("2024-11-04")) == "2024-11-04")
        #expect(try apply(#"date:"d MMMM yyyy""#, to: .string("2024-02-09")) == "9 February 2024")
        #expect(try apply(#"date:"MMM d, yy HH:mm:ss""#, to: .string("2024-12-31T23:59:58Z")) == "Dec 31, 24 23:59:58")
        #expect(try apply(#"date:"yyyy-MM-dd HH:mm""#, to: .string("2024-03-01T01:30:00+02:00")) == "2024-02-29 23:30")
        #expect(
            try apply(#"date:"yyyy-MM-dd'T'HH:mm""#, to: .string("2024-03-01 01:30:15.123-0130")) == "2024-03-01T03:00")
        #expect(try apply(#"date:"yyyy-MM-dd HH:mm:ss""#, to: .number(0)) == "1970-01-01 00:00:00")
        #expect(try apply(#"date:"yyyy-MM-dd HH:mm:ss""#, to: .number(1_700_000_000)) == "2023-11-14 22:13:20")
        #expect(try apply(#"date:"yyyy-MM-dd""#, to: .number(-86_401)) == "1969-12-30")
        #expect(try apply(#"date:"M/d 'at' H:m:s ''""#, to: .string("2000-01-02T03:04:05Z")) == "1/2 at 3:4:5 '")
        for bad in ["2024-13-01", "2024-02-30", "2024-11-04 + 30 days", "tomorrow", "2024-11-04T25:00"] {
            #expect(throws: BindingError.self, "\(bad)") { try apply(#"date:"yyyy""#, to: .string(bad)) }
        }
        #expect(throws: BindingError.self) { try apply(#"date:"yyyy""#, to: .number(1e300)) }
    }

    /// The ISO 8601 reader's day count against ICU's Gregorian calendar: every 97th day from
    /// 1600 to 2400 reads back as the date it was written as. (ICU switches to the Julian calendar
    /// before 1582-10-15, so earlier dates print as Julian dates.)
    @Test func isoDatesRoundTripThroughICU() throws {
        for days in stride(from: Instant.days(year: 1600, month: 1, day: 1), to: 156_000, by: 97) {
            let text = try apply(#"date:pattern:"yyyy-MM-dd""#, to: .number(Double(days) * 86_400))
            guard let instant = Instant(.string(text)) else {
                Issue.record("\(text) does not read back")
                continue
            }
            #expect(instant.milliseconds == Double(days) * 86_400_000, "\(text)")
        }
    }

    @Test func caseAndDefault() throws {
        #expect(try apply("upper", to: .string("straße")) == "STRASSE")
        #expect(try apply("lower", to: .string("ÀB")) == "àb")
        #expect(try apply("upper", to: .number(3)) == "3")
        #expect(try apply(#"default:"n/a""#, to: .null) == "n/a")
        #expect(try apply(#"default:"n/a""#, to: .string("x")) == "x")
    }
}
