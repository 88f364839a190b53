import Foundation
import Testing

@testable import GalleyRender

/// Atomic output held in memory while small: a staged set keeps its first files in memory up to
/// `PendingFile.memoryLimit` in all, writes the rest to temporary files at once, and in every
/// case leaves either all of its files in place or none.
@Suite struct StagedFilesTests {
    private func names(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    private let page = [UInt8](repeating: 7, count: 100 << 10)

    @Test func theFirstFilesStayInMemoryUpToTheLimitTheRestGoToDisk() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let staged = StagedFiles()
        for number in 1...3 { try staged.stage(page, at: folder.appendingPathComponent("p-\(number).bin").path) }
        // 100 KB + 100 KB are held; the third would pass 256 KB: it is a temporary file already.
        let before = try names(in: folder)
        #expect(before.count == 1 && before[0].hasPrefix(".p-3.bin.galley-tmp-"), "\(before)")
        try staged.commit()
        #expect(try names(in: folder) == ["p-1.bin", "p-2.bin", "p-3.bin"])
        for number in 1...3 {
            let bytes = FileManager.default.contents(atPath: folder.appendingPathComponent("p-\(number).bin").path)
            #expect(bytes == Data(page))
        }
    }

    @Test func anUncommittedSetLeavesNothing() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let staged = StagedFiles()
            for number in 1...4 { try staged.stage(page, at: folder.appendingPathComponent("p-\(number).bin").path) }
            #expect(try names(in: folder).count == 2)
        }
        #expect(try names(in: folder).isEmpty)
    }

    @Test func aHandedOverSetArrivesInOrderPartlyInMemory() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let staged = StagedFiles()
        for number in 1...3 { try staged.stage(page, at: folder.appendingPathComponent("p-\(number).bin").path) }
        nonisolated(unsafe) var taken: [PendingFile] = []
        try staged.commit(.handOver { taken = $0 })
        // The first page is renamed last; the third page is the one on disk.
        #expect(taken.map { ($0.path as NSString).lastPathComponent } == ["p-3.bin", "p-2.bin", "p-1.bin"])
        #expect(taken.map(\.isInMemory) == [false, true, true])
        for file in taken { try file.install() }
        #expect(try names(in: folder) == ["p-1.bin", "p-2.bin", "p-3.bin"])
    }
}
