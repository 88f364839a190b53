import Foundation
import GalleyRender
import GalleyTemplates
import Glibc

/// `errors.ndjson`: one JSON object per failed record, `{"record": i, "name": "…", "error": "…"}`,
/// appended as failures happen. The file is created at the first failure, so a clean run leaves none.
///
/// Writes go straight to the file descriptor through `write(2)`, each line whole, and a failure
/// (a full disk, a folder made read-only) is thrown to the batch, which then stops: a failure
/// that cannot be logged would be a record lost without a trace.
final class ErrorLog: Sendable {
    let path: String
    private let descriptor = Locked<Int32>(-1)

    /// Removes a stale log from an earlier run.
    init(path: String) {
        self.path = path
        unlink(path)
    }

    /// Appends one failure; throws when the line could not be written whole.
    func append(record: Int?, name: String?, error: String) throws(BatchError) {
        let entry: JSONValue = [
            "record": record.map { .number(Double($0)) } ?? .null,
            "name": name.map { .string($0) } ?? .null,
            "error": .string(error),
        ]
        let line = Array((entry.jsonText + "\n").utf8)
        let failure: String? = descriptor.withLock { descriptor in
            if descriptor < 0 {
                descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
                guard descriptor >= 0 else { return "cannot create the error log: \(String(cString: strerror(errno)))" }
            }
            return line.withUnsafeBytes { bytes in
                var cursor = 0
                while cursor < bytes.count {
                    let written = write(descriptor, bytes.baseAddress.map { $0 + cursor }, bytes.count - cursor)
                    if written < 0 {
                        if errno == EINTR { continue }
                        return "cannot write the error log: \(String(cString: strerror(errno)))"
                    }
                    cursor += written
                }
                return nil
            }
        }
        if let failure { throw BatchError("\(path): \(failure)") }
    }

    func close() {
        descriptor.withLock { descriptor in
            if descriptor >= 0 {
                fsync(descriptor)
                Glibc.close(descriptor)
            }
            descriptor = -1
        }
    }
}
