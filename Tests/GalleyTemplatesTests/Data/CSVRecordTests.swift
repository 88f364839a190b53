import Testing

@testable import GalleyTemplates

/// CSV with a header row: RFC 4180 quoting, CRLF, fields as text, malformed rows.
@Suite struct CSVRecordTests {
    @Test(arguments: testBufferSizes) func quotingAndNumbers(bufferSize: Int) {
        let text =
            "\u{FEFF}name,amount,note,zip\r\n"
            + "Ada,1234.5,\"hello, \"\"world\"\"\",007\r\n"
            + "\"Bob\",-3,\"two\r\nlines\",1e3\r\n"
            + "\r\n"
            + "Cy,,\"\",+1\n"
            + "Di,0,x,1."
        #expect(
            readAll(text, .csv, bufferSize: bufferSize) == [
                #"0@2: {"name":"Ada","amount":"1234.5","note":"hello, \"world\"","zip":"007"}"#,
                #"1@3: {"name":"Bob","amount":"-3","note":"two\r\nlines","zip":"1e3"}"#,
                #"2@6: {"name":"Cy","amount":"","note":"","zip":"+1"}"#,
                #"3@7: {"name":"Di","amount":"0","note":"x","zip":"1."}"#,
            ])
    }

    @Test(arguments: testBufferSizes) func malformedRowsAreReportedAndSkipped(bufferSize: Int) {
        let text = "a,b\n1,2\n1,2,3\n\"x\"y,2\n3,4\n5,\"open\n6,7\n"
        #expect(
            readAll(text, .csv, bufferSize: bufferSize) == [
                #"0@2: {"a":"1","b":"2"}"#,
                "error d:3: record 1: the row has 3 fields but the header has 2",
                "error d:4: record 2: unexpected 'y' after a closing quote in field 1 (write \"\" for a quote inside a quoted field)",
                #"3@5: {"a":"3","b":"4"}"#,
                "error d:6: record 4 (lines 6–7): unterminated quoted field 2 (add the closing \"); the quoted field"
                    + " opened on line 6 runs to the end of the file, so lines 6–7 were read as this one record (if they"
                    + " are separate rows, balance the quotes on line 6)",
            ])
    }

    @Test func lineEndingsAndHeaders() {
        #expect(readAll("a,b\r1,2\r3,4", .csv) == [#"0@2: {"a":"1","b":"2"}"#, #"1@3: {"a":"3","b":"4"}"#])
        #expect(
            readAll("a,,a\n1,2,3", .csv) == [
                "error d:1: the header names column 'a' twice; rename one so every field has its own key"
            ])
        #expect(readAll("a,\n1,2", .csv) == [#"0@2: {"a":"1","column2":"2"}"#])
        #expect(
            readAll("", .csv) == [
                "error d:1: the data file is empty (a CSV file starts with a header row naming the fields)"
            ])
        #expect(readAll("a,b\n", .csv) == [])
    }

    /// Every field is text exactly as written: a template types columns (`data.columns`), and
    /// arithmetic, ordering and `if` read numeric text as numbers.
    @Test func fieldsStayText() throws {
        let reader = RecordReader(
            bytes: Array("id,price,big,sci\n1234567890123456,1.50,12345678901234567890,1e5\n".utf8), format: .csv)
        let record = try #require(try reader.next())
        #expect(
            record.value == [
                "id": "1234567890123456", "price": "1.50", "big": "12345678901234567890", "sci": "1e5",
            ])
    }
}
