import Foundation
import GalleyRender
import Synchronization
import Testing

@testable import GalleyBatch

/// The batch's committer: a record is reported only once its files are in place under their
/// names, in order; a record whose file cannot be moved into place is reported with the error
/// and leaves nothing behind (no temporary file, none of its pages).
@Suite struct OutputCommitterTests {
    /// Writes `text` to `path` and returns the handed-over file, not yet in place.
    private func handedOver(_ text: String, to path: String) throws -> [PendingFile] {
        let taken = Mutex<[PendingFile]>([])
        try FileOutput.writeAtomically(
            Array(text.utf8), to: path, commit: .handOver { files in taken.withLock { $0 += files } })
        return taken.withLock { $0 }
    }

    private func names(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    @Test func recordsAreReportedWhenTheirFilesAreInPlace() throws {
        let folder = try BatchRunnerTests.directory().path
        let committer = OutputCommitter(capacity: 4)
        let reports = Mutex<[(Int, Bool)]>([])
        for index in 0..<50 {
            let path = folder + "/r\(index).txt"
            let files = try handedOver("record \(index)", to: path)
            let early = FileManager.default.fileExists(atPath: path)
            #expect(!early, "in place before the committer moved it")
            committer.add(files) { error in
                // The file is there, whole, when its record is reported.
                let contents = try? String(contentsOfFile: path, encoding: .utf8)
                reports.withLock { $0.append((index, error == nil && contents == "record \(index)")) }
            }
        }
        committer.finish()
        let done = reports.withLock { $0 }
        #expect(done.count == 50)
        #expect(done.allSatisfy { $0.1 })
        let written = try names(in: folder)
        #expect(written == (0..<50).map { "r\($0).txt" }.sorted())
    }

    @Test func aFileThatCannotBeMovedIntoPlaceFailsItsRecordAndLeavesNothing() throws {
        let folder = try BatchRunnerTests.directory().path
        // A folder (not empty) where the output should go: the rename fails.
        try FileManager.default.createDirectory(atPath: folder + "/taken.txt", withIntermediateDirectories: true)
        try "x".write(toFile: folder + "/taken.txt/inside", atomically: false, encoding: .utf8)
        let committer = OutputCommitter(capacity: 4)
        let errors = Mutex<[String: String]>([:])
        // A paged output (first page renamed last) whose first page cannot be moved into place.
        let second = try handedOver("page 2", to: folder + "/doc-2.txt")
        let pages = second + (try handedOver("page 1", to: folder + "/taken.txt"))
        committer.add(pages) { error in errors.withLock { $0["doc"] = error.map { "\($0)" } ?? "ok" } }
        committer.add(try handedOver("fine", to: folder + "/fine.txt")) { error in
            errors.withLock { $0["fine"] = error.map { "\($0)" } ?? "ok" }
        }
        committer.finish()
        let reported = errors.withLock { $0 }
        #expect(reported.count == 2)
        #expect(reported["fine"] == "ok")
        #expect(reported["doc"]?.contains("rename failed") == true, "\(reported)")
        // Neither the failed record's renamed page nor any temporary file is left.
        let left = try names(in: folder)
        #expect(left == ["fine.txt", "taken.txt"])
    }

    @Test func smallOutputsReachTheCommitterInMemoryAndLargeOnesOnDisk() throws {
        let folder = try BatchRunnerTests.directory().path
        let small = try handedOver("small", to: folder + "/small.txt")
        let large = try handedOver(
            String(repeating: "x", count: PendingFile.memoryLimit + 1), to: folder + "/large.txt")
        #expect(small.map(\.isInMemory) == [true])
        #expect(large.map(\.isInMemory) == [false])
        // Only the large output's temporary file exists before the committer runs.
        let before = try names(in: folder)
        #expect(before.count == 1 && before[0].hasPrefix(".large.txt.galley-tmp-"), "\(before)")
        let committer = OutputCommitter(capacity: 4)
        let reports = Mutex<[String]>([])
        committer.add(small) { error in reports.withLock { $0.append(error.map { "\($0)" } ?? "ok") } }
        committer.add(large) { error in reports.withLock { $0.append(error.map { "\($0)" } ?? "ok") } }
        committer.finish()
        #expect(reports.withLock { $0 } == ["ok", "ok"])
        #expect(try names(in: folder) == ["large.txt", "small.txt"])
        #expect(try String(contentsOfFile: folder + "/small.txt", encoding: .utf8) == "small")
        let largeSize = try FileManager.default.attributesOfItem(atPath: folder + "/large.txt")[.size] as? Int
        #expect(largeSize == PendingFile.memoryLimit + 1)
    }

    @Test func anOutputInMemoryThatCannotBeCreatedFailsItsRecordAndLeavesNothing() throws {
        let folder = try BatchRunnerTests.directory().path
        try FileManager.default.createDirectory(atPath: folder + "/pages", withIntermediateDirectories: true)
        // Two pages held in memory; the second one's folder is gone by the time it is written.
        let first = try handedOver("page 1", to: folder + "/pages/doc-1.txt")
        let second = try handedOver("page 2", to: folder + "/gone/doc-2.txt")
        let committer = OutputCommitter(capacity: 4)
        let reported = Mutex<String?>(nil)
        committer.add(first + second) { error in reported.withLock { $0 = error.map { "\($0)" } ?? "ok" } }
        committer.finish()
        let message = reported.withLock { $0 } ?? ""
        #expect(message.contains("gone/doc-2.txt") && message.contains("cannot create temporary file"), "\(message)")
        #expect(try names(in: folder + "/pages").isEmpty)
    }
}
