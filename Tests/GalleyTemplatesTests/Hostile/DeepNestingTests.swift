import GalleyTestSupport
import Testing

@testable import GalleyTemplates

/// Issue 14: 100,000 nested `[` in a template or a data record. The parser stops at
/// `JSONParser.maximumDepth` with a located error (and an error line of readable length);
/// everything that walks a value that deep — compiling, binding, comparing, freeing — runs on
/// a 512 KB stack.
@Suite struct DeepNestingTests {
    static let hostile = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)

    @Test func templateNestedTooDeepIsALocatedError() {
        let text = #"{"galley": 1, "size": [10, 10], "body": "# + Self.hostile + "}"
        let message = SmallStack.run { () -> String in
            do {
                _ = try Template(text: text, file: "deep.json")
                return "parsed"
            } catch {
                return "\(error)"
            }
        }
        let limit = JSONParser.maximumDepth
        #expect(message?.hasPrefix("deep.json:1:") == true, "\(message ?? "nil")")
        #expect(message?.contains("nested deeper than \(limit) levels (flatten the data)") == true)
        // The JSON path is elided in the middle rather than 512 steps long.
        #expect((message?.count ?? .max) < 400, "\(message ?? "nil")")
        #expect(message?.contains("…(") == true)
    }

    @Test(arguments: [DataFormat.json, .ndjson])
    func dataRecordNestedTooDeepIsThatRecordsError(format: DataFormat) {
        let record = #"{"a": "# + Self.hostile + "}"
        let text = format == .json ? "[" + record + #", {"b": 1}]"# : record + "\n" + #"{"b": 1}"# + "\n"
        let lines = SmallStack.run { readAll(text, format) }
        #expect(lines?.count == 2)
        #expect(lines?.first?.hasPrefix("error d:1:") == true, "\(lines?.first ?? "nil")")
        #expect(lines?.first?.contains("record 0: ") == true)
        #expect(lines?.first?.contains("nested deeper than \(JSONParser.maximumDepth) levels") == true)
        #expect(lines?.last == #"1@\#(format == .json ? "1" : "2"): {"b":1}"#)
    }

    /// The deepest value accepted is parsed, used as a template's data, bound, compared, hashed,
    /// printed and freed on the small stack.
    @Test func deepestAcceptedValueWorksOnASmallStack() {
        let depth = JSONParser.maximumDepth - 2
        let nested = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
        let text =
            #"{"galley": 1, "size": [100, 20], "sampleData": {"deep": "# + nested
            + #"}, "body": {"type": "text", "text": "deep: {{deep}}"}}"#
        let result = SmallStack.run { () -> String in
            do {
                let template = try Template(text: text, file: "deep.json")
                let data = try JSONParser.parse(#"{"deep": "# + nested + "}", file: "data.json").value
                guard data == template.sampleData, data.hashValue == template.sampleData?.hashValue else {
                    return "unequal"
                }
                _ = try template.bind(data)
                return String(data.jsonText.prefix(12))
            } catch {
                return "\(error)"
            }
        }
        #expect(result == #"{"deep":[[[["#)
    }
}
