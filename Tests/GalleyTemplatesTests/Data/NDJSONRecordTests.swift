import Testing

@testable import GalleyTemplates

/// NDJSON: one record per line, blank lines skipped, bad lines reported and skipped.
@Suite struct NDJSONRecordTests {
    @Test(arguments: testBufferSizes) func recordsPerLine(bufferSize: Int) {
        let text = "{\"a\": 1}\n\n   \r\n  {\"a\": \"é\"}\r\n[1,2]\n{bad}\n{\"a\": 3}"
        #expect(
            readAll(text, .ndjson, bufferSize: bufferSize) == [
                #"0@1: {"a":1}"#,
                #"1@4: {"a":"é"}"#,
                "2@5: [1,2]",
                "error d:6:5: record 3: expected ':' after key 'bad', found '}'",
                #"4@7: {"a":3}"#,
            ])
    }

    @Test func errorColumnsAccountForIndentation() {
        #expect(
            readAll("1\n   [1,,]", .ndjson) == [
                "0@1: 1",
                "error d:2:7: record 1: at $[1]: unexpected ',' (expected a value: an object, array, string, number, true, false or null)",
            ])
    }

    @Test func emptyInput() {
        #expect(
            readAll("", .ndjson) == ["error d:1: the data file has no records: it is empty or holds only blank lines"])
        #expect(
            readAll("\n\n", .ndjson) == [
                "error d:2: the data file has no records: it is empty or holds only blank lines"
            ])
    }
}
