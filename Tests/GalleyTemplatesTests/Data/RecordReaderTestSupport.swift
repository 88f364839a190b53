@testable import GalleyTemplates

/// Reads every element of a reader from in-memory text, as `value` JSON text or `error` descriptions.
func readAll(_ text: String, _ format: DataFormat, bufferSize: Int = RecordReader.defaultBufferSize) -> [String] {
    let reader = RecordReader(bytes: Array(text.utf8), format: format, file: "d", bufferSize: bufferSize)
    return reader.map { result in
        switch result {
        case .success(let record):
            return "\(record.index)@\(record.line.map(String.init) ?? "-"): \(record.value.jsonText)"
        case .failure(let error): return "error \(error)"
        }
    }
}

/// Buffer sizes that put chunk boundaries everywhere, plus the default.
let testBufferSizes = [16, 17, 64, RecordReader.defaultBufferSize]
