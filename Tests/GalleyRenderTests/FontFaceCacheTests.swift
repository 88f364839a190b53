import Foundation
import Synchronization
import Testing

@testable import GalleyRender

/// cairo font faces are made once per thread and font file: a thread gets its own face back,
/// two threads never share one (cairo locks a face around every use), and a file that is not
/// a font is a clear error naming it.
@Suite("Font faces per thread")
struct FontFaceCacheTests {
    /// The address of the face for `resource` on this thread, or on a new one (`thread`).
    private func faceAddress(on thread: Bool, _ resource: FontResource) throws -> Int {
        guard thread else {
            return Int(bitPattern: UnsafeRawPointer(try FontFaceCache.shared.face(for: resource).pointer))
        }
        let result = Mutex<Result<Int, RenderError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let face = Result { () throws(RenderError) -> Int in
                Int(bitPattern: UnsafeRawPointer(try FontFaceCache.shared.face(for: resource).pointer))
            }
            result.withLock { $0 = face }
            done.signal()
        }
        done.wait()
        return try #require(result.withLock { $0 }).get()
    }

    @Test func aThreadKeepsItsFaceAndAnotherThreadGetsItsOwn() throws {
        let here = try faceAddress(on: false, Fixtures.sans)
        #expect(try faceAddress(on: false, Fixtures.sans) == here)
        let there = try faceAddress(on: true, Fixtures.sans)
        #expect(there != here)
    }

    @Test func aFileThatIsNotAFontIsAnErrorNamingIt() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-font-\(getpid()).ttf").path
        try Data("just text".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect {
            _ = try FontFaceCache.shared.face(for: FontResource(path: path))
        } throws: { error in
            "\(error)".contains(path) && "\(error)".contains("not a font FreeType can read")
        }
    }
}
