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
        #expect(
            first?.value
                == .object(JSONObject([(key: "name", value: .string("Ada")), (key: "n", value: .string("1"))])))
        #expect(first?.line == 2)
        #expect(try reader.next() == nil)
    }
}

/// How far through its input a reader is: what a batch's progress bar estimates its total from.
@Suite struct RecordReaderProgressTests {
    @Test func fractionReadGrowsWithTheRecordsAndReachesOne() throws {
        let lines = (0..<2000).map { "{\"n\": \($0), \"pad\": \"\(String(repeating: "x", count: 40))\"}" }
        let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
        let reader = RecordReader(bytes: bytes, format: .ndjson, bufferSize: 1024)
        #expect(reader.size == bytes.count)
        var fractions: [Double] = []
        for result in reader {
            _ = try result.get()
            fractions.append(try #require(reader.fractionRead))
        }
        #expect(fractions.count == 2000)
        #expect(fractions == fractions.sorted())
        // The estimate it gives (records seen / fraction) is off by at most the records in the
        // two buffers the decoder may have read ahead.
        let halfway = fractions[999]
        #expect(abs(1000 / halfway - 2000) < 2 * 2000 * 1024 / Double(bytes.count) + 1)
        #expect(fractions.last == 1)
    }

    @Test func aFileKnowsItsSizeAndAPipeDoesNot() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("galley-\(UUID().uuidString).csv")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data("name,n\nAda,1\nBo,2\n".utf8).write(to: url)
        let reader = try RecordReader(path: url.path)
        #expect(reader.size == 18)
        #expect(reader.fractionRead == 0)
        for result in reader { _ = try result.get() }
        #expect(reader.fractionRead == 1)
        let pipe = try RecordReader(path: "/dev/null", format: .ndjson)
        #expect(pipe.size == nil)
        #expect(pipe.fractionRead == nil)
    }
}
