import GalleyTemplates

/// The record readers. The input's first byte picks the format (its value modulo 3: CSV, JSON,
/// NDJSON; the seeds start with `c`, `j` or `n`, which are 99, 106 and 110) and the rest is
/// the file. It is read twice, through the smallest read buffer and through the default one:
/// both reads must give the same records and errors (with the small buffer a refill falls
/// anywhere in a token), and a difference traps.
enum DataTarget {
    /// Stops a read after this many records (a 4 KB input holds far fewer).
    static let maxRecords = 100_000

    static func run(_ bytes: [UInt8]) {
        guard let first = bytes.first else { return }
        let formats: [DataFormat] = [.csv, .json, .ndjson]
        let format = formats[Int(first) % 3]
        let file = Array(bytes.dropFirst())
        let small = read(RecordReader(bytes: file, format: format, bufferSize: 16))
        let large = read(RecordReader(bytes: file, format: format))
        if small != large {
            fuzzFinding("\(format): a 16-byte buffer read \(small.count) results, the default one \(large.count)")
        }
    }

    /// Every record and error the reader yields, as text.
    private static func read(_ reader: RecordReader) -> [String] {
        var results: [String] = []
        for result in reader {
            switch result {
            case .success(let record): results.append("\(record.index) \(record.line ?? -1) \(record.value.jsonText)")
            case .failure(let error): results.append(error.description)
            }
            if results.count >= maxRecords { break }
        }
        return results
    }
}
