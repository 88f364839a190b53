import Foundation
import GalleyRender
import GalleyTemplates

/// Reports each finished record: a progress bar on a terminal, JSON lines otherwise.
final class ProgressReporter: Sendable {
    enum Status: String {
        case ok, failed, skipped
    }

    private struct State {
        var done = 0
        var failed = 0
        var skipped = 0
        var seen = 0
        var lastDraw: ContinuousClock.Instant?
        var drewBar = false
        /// How far the reader is through its input (0...1), when its size is known.
        var fractionRead: Double?
        var readingDone = false
    }

    private let style: BatchOptions.Progress
    private let start = ContinuousClock.now
    private let state = Locked(State())
    /// The number of records, when known up front (enables the ETA).
    let total: Int?

    init(style: BatchOptions.Progress, total: Int?) {
        self.style = style
        self.total = total
    }

    /// Counts a record the reader handed out (the bar's "so far" total), with how far through
    /// its input the reader then is.
    func recordSeen(fractionRead: Double? = nil) {
        state.withLock {
            $0.seen += 1
            $0.fractionRead = fractionRead
        }
    }

    /// The reader reached the end: the records seen are all there are.
    func readingFinished() {
        state.withLock { $0.readingDone = true }
    }

    /// The records to render in all: known up front, counted once reading is done, or else
    /// estimated from the records seen and the share of the input read ("~" in the bar).
    static func expectedTotal(known: Int?, seen: Int, fractionRead: Double?, readingDone: Bool) -> (
        count: Int, estimated: Bool
    )? {
        if let known { return (known, false) }
        if readingDone { return (seen, false) }
        guard let fraction = fractionRead, fraction > 0, seen > 0 else { return nil }
        return (max(seen, Int((Double(seen) / fraction).rounded())), true)
    }

    func finished(record: Int?, name: String?, status: Status, milliseconds: Double) {
        let bar: String? = state.withLock { state in
            switch status {
            case .ok: state.done += 1
            case .failed: state.failed += 1
            case .skipped: state.skipped += 1
            }
            guard style == .bar else { return nil }
            let now = ContinuousClock.now
            if let last = state.lastDraw, now - last < .milliseconds(100) { return nil }
            state.lastDraw = now
            state.drewBar = true
            return barText(state, now: now)
        }
        switch style {
        case .none: break
        case .bar:
            if let bar { StandardStreams.writeError("\r\u{1B}[K" + bar) }
        case .jsonLines:
            let entry: JSONValue = [
                "record": record.map { .number(Double($0)) } ?? .null,
                "name": name.map { .string($0) } ?? .null,
                "status": .string(status.rawValue),
                "ms": .number((milliseconds * 10).rounded() / 10),
            ]
            StandardStreams.writeOutput(entry.jsonText + "\n")
        }
    }

    /// Clears the bar so the summary starts on a clean line.
    func finish() {
        let drew = state.withLock { $0.drewBar }
        if style == .bar && drew { StandardStreams.writeError("\r\u{1B}[K") }
    }

    private func barText(_ state: State, now: ContinuousClock.Instant) -> String {
        let elapsed = Self.seconds(now - start)
        let finished = state.done + state.failed + state.skipped
        let rate = elapsed > 0 ? Double(state.done + state.failed) / elapsed : 0
        let expected = Self.expectedTotal(
            known: total, seen: state.seen, fractionRead: state.fractionRead, readingDone: state.readingDone)
        var text: String
        if let expected, expected.count > 0 {
            let width = 24
            let filled = min(width, finished * width / expected.count)
            text = "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "] "
            text += "\(finished)/\(expected.estimated ? "~" : "")\(expected.count)"
        } else {
            text = "\(finished)/\(max(state.seen, finished))"
        }
        text += String(format: "  failed %d  %.1f docs/s", state.failed, rate)
        if let expected, rate > 0 {
            text += "  ETA " + Self.duration(Double(max(0, expected.count - finished)) / rate)
        }
        return text
    }

    /// "42 s", "3 min 05 s", "2 h 07 min".
    static func duration(_ seconds: Double) -> String {
        // An estimate can be anything a division gives: no conversion may trap.
        guard seconds.isFinite else { return "? s" }
        let total = Int(min(max(seconds, 0), 1e12).rounded())
        if total < 60 { return "\(total) s" }
        if total < 3600 { return String(format: "%d min %02d s", total / 60, total % 60) }
        return String(format: "%d h %02d min", total / 3600, total % 3600 / 60)
    }

    static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
