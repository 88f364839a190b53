import Testing

@testable import GalleyTemplates

/// Issue 14's data-reader findings: an unbalanced CSV quote swallowed the following rows with one
/// error naming only the first; a CSV row of 100,000 columns took 36 s (quadratic); a 0-byte data
/// file was "0 records, exit 0".
@Suite struct DataReaderTests {
    /// Every line an erroneous multi-line row consumed is named: the error's line range (also in
    /// `DataError.endLine`) and what happened to them; reading resumes after it.
    @Test(arguments: testBufferSizes)
    func unbalancedQuoteAccountsForEveryLineItSwallowed(bufferSize: Int) {
        let text = "name,amount\n\"Ada,1\nBob,2\nCy\"x,3\nDi,4\n"
        #expect(
            readAll(text, .csv, bufferSize: bufferSize) == [
                "error d:2: record 0 (lines 2–4): unexpected 'x' after a closing quote in field 1 (write \"\" for a"
                    + " quote inside a quoted field); the quoted field opened on line 2 runs to line 4, so lines 2–4"
                    + " were read as this one record (if they are separate rows, balance the quotes on line 2)",
                #"1@5: {"name":"Di","amount":"4"}"#,
            ])
        let counted = "a,b\n1,2\n\"x,3\n4,5\n6\",7,8\n9,10\n"
        #expect(
            readAll(counted, .csv, bufferSize: bufferSize) == [
                #"0@2: {"a":"1","b":"2"}"#,
                "error d:3: record 1 (lines 3–5): the row has 3 fields but the header has 2; the quoted field opened"
                    + " on line 3 runs to line 5, so lines 3–5 were read as this one record (if they are separate"
                    + " rows, balance the quotes on line 3)",
                #"2@6: {"a":"9","b":"10"}"#,
            ])
        let unclosed = "a,b\r\n1,2\r\n\"x,3\r\n4,5\r\n6,7\r\n"
        let lines = readAll(unclosed, .csv, bufferSize: bufferSize)
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.last?.hasPrefix("error d:3: record 1 (lines 3–5): unterminated quoted field 1") == true)
        #expect(lines.last?.contains("runs to the end of the file, so lines 3–5 were read as this one record") == true)
    }

    @Test func errorsCarryTheLineRange() throws {
        let reader = RecordReader(bytes: Array("a\n\"x\ny\"z\nw\n".utf8), format: .csv, file: "d")
        let results = Array(reader)
        guard case .failure(let error)? = results.first else {
            Issue.record("expected an error first, got \(results)")
            return
        }
        #expect(error.line == 2)
        #expect(error.endLine == 3)
        #expect(error.recordIndex == 0)
        #expect(results.count == 2)
    }

    /// A valid quoted field with line breaks is a record, as RFC 4180 has it.
    @Test func multiLineFieldsStayValid() {
        #expect(
            readAll("a,b\n\"one\ntwo\",2\n3,4\n", .csv) == [
                #"0@2: {"a":"one\ntwo","b":"2"}"#, #"1@4: {"a":"3","b":"4"}"#,
            ])
    }

    /// A 100,000-column header and row (and a megabyte field followed by 100,000 small ones)
    /// are read whole; time is linear in row width (measured by hand: docs/security.md, "Limits and defaults").
    @Test func wideRows() throws {
        let count = 100_000
        let header = (0..<count).map { "c\($0)" }.joined(separator: ",")
        let row = (0..<count).map(String.init).joined(separator: ",")
        let records = RecordReader(bytes: Array((header + "\n" + row + "\n").utf8), format: .csv, file: "d").map {
            try? $0.get()
        }
        let record = try #require(records.first ?? nil)
        #expect(records.count == 1)
        #expect(record.value.objectValue?.count == count)
        #expect(record.value["c99999"] == .string("99999"))
        let lopsided =
            "a," + (0..<count).map { "b\($0)," }.joined() + "c\n" + String(repeating: "x", count: 1 << 20)
            + String(repeating: ",", count: count + 1) + "\n"
        let wide = RecordReader(bytes: Array(lopsided.utf8), format: .csv, file: "d").map { try? $0.get() }
        #expect(wide.count == 1)
        #expect(wide.first??.value["a"]?.stringValue?.utf8.count == 1 << 20)
        #expect(wide.first??.value["c"] == .string(""))
    }

    /// An empty input is an error about the file (no record index), the last thing the reader yields.
    @Test(arguments: [
        ("", DataFormat.json, "the data file is empty"), (" \n\u{FEFF}// nothing\n", .json, "the data file is empty"),
        ("", .ndjson, "the data file has no records"), ("\n \n\n", .ndjson, "the data file has no records"),
        ("", .csv, "the data file is empty"), ("\n\r\n", .csv, "the data file is empty"),
    ])
    func emptyInputIsAFileError(text: String, format: DataFormat, message: String) {
        let results = Array(RecordReader(bytes: Array(text.utf8), format: format, file: "empty"))
        #expect(results.count == 1)
        guard case .failure(let error)? = results.first else {
            Issue.record("expected an error for \(format)")
            return
        }
        #expect(error.recordIndex == nil)
        #expect(error.message.hasPrefix(message), "\(error)")
        #expect(error.description.hasPrefix("empty:"))
    }

    /// `[]`, a header without rows and one record are not empty.
    @Test func explicitlyEmptyOrSmallInputsAreNot() {
        #expect(readAll("[]", .json) == [])
        #expect(readAll("a,b\n", .csv) == [])
        #expect(readAll("{}\n", .ndjson) == ["0@1: {}"])
    }
}
