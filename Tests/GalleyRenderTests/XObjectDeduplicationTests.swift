import Testing

@testable import GalleyRender

/// cairo lists an image's XObject once per time it is painted; the repeats are blanked in place
/// (offsets unchanged), and nothing else is touched.
@Suite("XObject resource deduplication")
struct XObjectDeduplicationTests {
    private func processed(_ text: String) -> (text: String, ready: Int) {
        var bytes = Array(text.utf8)
        let ready = XObjectDeduplication.process(&bytes, from: 0)
        return (String(decoding: bytes, as: UTF8.self), ready)
    }

    @Test func repeatedEntriesBecomeSpacesOfTheSameLength() {
        let input = "<< /XObject << /x7 7 0 R /x14 14 0 R /x14 14 0 R /x7 7 0 R >> >> trailer"
        let (output, ready) = processed(input)
        #expect(output == "<< /XObject << /x7 7 0 R /x14 14 0 R" + String(repeating: " ", count: 22) + " >> >> trailer")
        #expect(output.utf8.count == input.utf8.count)
        #expect(ready == input.utf8.count)
    }

    @Test func eachDictionaryIsDeduplicatedOnItsOwn() {
        let input = "/XObject << /x1 1 0 R >> q /XObject << /x1 1 0 R /x1 1 0 R >>"
        #expect(
            processed(input).text == "/XObject << /x1 1 0 R >> q /XObject << /x1 1 0 R"
                + String(repeating: " ", count: 10) + " >>")
    }

    /// Anything that is not `/xN N 0 R` ends the work on that dictionary, as written.
    @Test func otherEntriesAreLeftAlone() {
        let input = "/XObject << /x1 1 0 R /x1 [1 2] /x1 1 0 R >>"
        #expect(processed(input).text == input)
    }

    /// A dictionary cut by the end of the buffer is held back for the next flush.
    @Test func anUnfinishedDictionaryIsNotReady() {
        let input = "stream data /XObject << /x1 1 0 R /x1 1 0"
        let (output, ready) = processed(input)
        #expect(output == input)
        #expect(ready == input.utf8.firstRange(of: "/XObject".utf8)?.lowerBound.utf16Offset(in: input))
        #expect(processed("abc /XObj").ready == 4)
    }

    /// The repeats are blanked in the buffer itself: a document with many repeated thumbnails
    /// is not copied once per entry.
    @Test func theBufferIsNotCopied() {
        let entries = (0..<200).map { " /x\($0 % 10) \($0 % 10) 0 R" }.joined()
        var bytes = Array(("/XObject <<" + entries + " >>" + String(repeating: "%", count: 100_000)).utf8)
        let before = bytes.withUnsafeBufferPointer { $0.baseAddress }
        _ = XObjectDeduplication.process(&bytes, from: 0)
        #expect(bytes.withUnsafeBufferPointer { $0.baseAddress } == before)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.components(separatedBy: " 0 R").count - 1 == 10)
    }
}
