import Testing

@testable import GalleyBatch

/// The progress bar's total and ETA: records are streamed, so the total is estimated from the
/// share of the input read until the reader reaches the end.
@Suite("ProgressReporter")
struct ProgressReporterTests {
    @Test func totalIsKnownCountedOrEstimated() throws {
        let known = try #require(
            ProgressReporter.expectedTotal(known: 500, seen: 10, fractionRead: 0.9, readingDone: false))
        #expect(known.count == 500 && !known.estimated)
        let counted = try #require(
            ProgressReporter.expectedTotal(known: nil, seen: 321, fractionRead: 0.5, readingDone: true))
        #expect(counted.count == 321 && !counted.estimated)
        let estimated = try #require(
            ProgressReporter.expectedTotal(known: nil, seen: 250, fractionRead: 0.25, readingDone: false))
        #expect(estimated.count == 1000 && estimated.estimated)
        // Never fewer than already seen; nothing to go on from a pipe or before the first record.
        #expect(ProgressReporter.expectedTotal(known: nil, seen: 10, fractionRead: 1, readingDone: false)?.count == 10)
        #expect(ProgressReporter.expectedTotal(known: nil, seen: 10, fractionRead: nil, readingDone: false) == nil)
        #expect(ProgressReporter.expectedTotal(known: nil, seen: 0, fractionRead: 0, readingDone: false) == nil)
    }

    @Test func durationsReadNaturally() {
        #expect(ProgressReporter.duration(0.4) == "0 s")
        #expect(ProgressReporter.duration(42) == "42 s")
        #expect(ProgressReporter.duration(185) == "3 min 05 s")
        #expect(ProgressReporter.duration(7620) == "2 h 07 min")
        // An estimate is whatever a division gave: never a trap.
        #expect(ProgressReporter.duration(.infinity) == "? s")
        #expect(ProgressReporter.duration(.nan) == "? s")
        #expect(ProgressReporter.duration(-5) == "0 s")
        #expect(ProgressReporter.duration(1e300).hasSuffix(" min"))
    }
}
