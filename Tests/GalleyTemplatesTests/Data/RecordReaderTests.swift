import Foundation
import Testing

@testable import GalleyTemplates

/// Opening files: format by extension, explicit format, errors.
@Suite struct RecordReaderTests {
    @Test func formatFromExtension() {
        #expect(DataFormat(path: "a/b.JSON") == .json)
        #expect(DataFormat(path: "x.ndjson") == .ndjson)
        #expect(DataFormat(path: "x.jsonl") == .ndjson)
        #expect(DataFormat(path: "x.csv") == .csv)
        #expect(DataFormat(path: "x.txt") == nil)
        #expect(DataFormat(path: "-") == nil)
    }

    @Test func openErrors() {
        #expect(throws: DataError.self) { try RecordReader(path: "/nonexistent/galley.json") }
        do {
            _ = try RecordReader(path: "data.txt")
            Issue.record("expected an error")
        } catch {
            #expect(error.description.hasPrefix("data.txt: cannot tell the data format from the file name"))
        }
    }

    @Test func readsAFileWithExplicitFormat() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("galley-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data("name,n\nAda,1\n".utf8).write(to: url)
        let reader = try RecordReader(path: url.path, format: .csv)
        let first = try reader.next()
        #expect(first?.value == .object(JSONObject([(key: "name", value: .string("Ada")), (key: "n", value: .number(1))])))
        #expect(first?.line == 2)
        #expect(try reader.next() == nil)
    }
}
