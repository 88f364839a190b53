import Foundation
import GalleyTemplates
// Temporary until the streaming reader lands.
struct RecordReader {
    var values: [JSONValue]
    var index = 0
    init(path: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let doc = try JSONParser.parse(text, file: path)
        if case .array(let a) = doc.value { values = a } else { values = [doc.value] }
    }
    mutating func next() -> Result<TempRecord, Error>? {
        guard index < values.count else { return nil }
        defer { index += 1 }
        return .success(TempRecord(index: index, value: values[index]))
    }
}
struct TempRecord { let index: Int; let value: JSONValue }
