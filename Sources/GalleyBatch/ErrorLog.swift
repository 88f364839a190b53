import Foundation
import GalleyRender
import GalleyTemplates

/// `errors.ndjson`: one JSON object per failed record, `{"record": i, "name": "…", "error": "…"}`,
/// appended as failures happen. The file is created at the first failure, so a clean run leaves none.
final class ErrorLog: Sendable {
    let path: String
    private let handle = Locked<FileHandle?>(nil)

    /// Removes a stale log from an earlier run.
    init(path: String) {
        self.path = path
        try? FileManager.default.removeItem(atPath: path)
    }

    func append(record: Int?, name: String?, error: String) {
        let entry: JSONValue = [
            "record": record.map { .number(Double($0)) } ?? .null,
            "name": name.map { .string($0) } ?? .null,
            "error": .string(error),
        ]
        let line = Data((entry.jsonText + "\n").utf8)
        handle.withLock { handle in
            if handle == nil {
                _ = FileManager.default.createFile(atPath: path, contents: nil)
                handle = FileHandle(forWritingAtPath: path)
            }
            // FileHandle writes go straight to the file descriptor: each line is on disk as it happens.
            handle?.write(line)
        }
    }

    func close() {
        handle.withLock { handle in
            try? handle?.close()
            handle = nil
        }
    }
}
