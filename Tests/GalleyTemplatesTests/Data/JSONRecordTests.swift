import Testing

@testable import GalleyTemplates

/// JSON data files: one object, or an array streamed element by element.
@Suite struct JSONRecordTests {
    @Test(arguments: testBufferSizes) func arrayOfRecords(bufferSize: Int) {
        let text = """
            [
              {"name": "Ada", "tags": ["x", "]", "}"], "n": 1},
              // a comment with ] and ,
              {"name": 'B\\'ob', /* , ] */ "n": 2},
              3, "str", [1, [2]],
            ]
            """
        #expect(
            readAll(text, .json, bufferSize: bufferSize) == [
                #"0@2: {"name":"Ada","tags":["x","]","}"],"n":1}"#,
                #"1@4: {"name":"B'ob","n":2}"#,
                "2@5: 3", #"3@5: "str""#, "4@5: [1,[2]]",
            ])
    }

    @Test(arguments: testBufferSizes) func singleObjectIsOneRecord(bufferSize: Int) {
        #expect(
            readAll("\u{FEFF}\n {\"a\": {\"b\": [1]}}\n", .json, bufferSize: bufferSize) == [#"0@2: {"a":{"b":[1]}}"#])
    }

    @Test func emptyInputsAndArrays() {
        #expect(
            readAll("", .json) == [
                "error d:1:1: the data file is empty: expected an object (one record) or an array of records ([] for none)"
            ])
        #expect(readAll("[]", .json) == [])
        #expect(readAll(" [ /* none */ ] ", .json) == [])
    }

    @Test(arguments: testBufferSizes) func badElementDoesNotStopTheRest(bufferSize: Int) {
        let text = "[\n  {\"a\": 1},\n  {\"a\": tru},\n  {\"a\" 2},\n  {\"a\": 3}\n]"
        #expect(
            readAll(text, .json, bufferSize: bufferSize) == [
                #"0@2: {"a":1}"#,
                "error d:3:9: record 1: at $.a: unexpected word 'tru' (expected true, false, null or a number; quote text as a string: \"tru\")",
                "error d:4:8: record 2: expected ':' after key 'a', found '2'",
                #"3@5: {"a":3}"#,
            ])
    }

    /// A line break ends a broken string, but the brackets after it are then unbalanced, so the
    /// bad record runs to the end of the array; the reader reports it and stops instead of hanging.
    @Test func unterminatedStringIsReported() {
        let text = "[\n{\"a\": \"oops},\n{\"a\": 2}\n]"
        let results = readAll(text, .json)
        #expect(results.count == 2)
        #expect(results[0].hasPrefix("error d:2:7: record 0: at $.a: unterminated string"))
        #expect(results[1] == "error d:4:2: unexpected end of input: the array of records is not closed (add ']')")
    }

    @Test func fileLevelErrors() {
        #expect(
            readAll("42", .json) == [
                "error d:1:1: a JSON data file must hold an object (one record) or an array of records"
            ])
        #expect(
            readAll("[{\"a\": 1}", .json) == [
                #"0@1: {"a":1}"#, "error d:1:10: unexpected end of input: the array of records is not closed (add ']')",
            ])
        #expect(readAll("[1] x", .json) == ["0@1: 1", "error d:1:5: unexpected content after the array of records"])
        #expect(
            readAll("{\"a\": 1} {\"b\": 2}", .json) == [
                #"0@1: {"a":1}"#,
                "error d:1:10: unexpected content after the record object; put several records in an array",
            ])
        #expect(
            readAll("[1 2]", .json).first?.hasPrefix(
                "error d:1:4: record 0: unexpected '2' after the end of the document") == true)
    }
}
