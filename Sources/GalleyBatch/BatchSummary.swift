import Foundation

/// What a batch did. Every record the batch read ends in exactly one count: rendered, failed
/// (and listed in the error log), skipped (`resume`), or not attempted (the batch stopped
/// because output could no longer be written).
public struct BatchSummary: Sendable, Equatable {
    public var rendered = 0
    public var failed = 0
    /// Records skipped by `resume` because their output already existed.
    public var skipped = 0
    /// Records left when the batch stopped because output could not be written (a full disk,
    /// an error log that could not be written); `resume` renders them later.
    public var notAttempted = 0
    /// Why the batch stopped writing, when it did.
    public var stopReason: String?
    public var seconds: Double = 0
    /// The run was cancelled (Ctrl-C, SIGTERM, `BatchRunner.cancel()`) before it finished.
    public var interrupted = false
    /// `failFast` stopped the run at the first failure.
    public var stoppedEarly = false

    public init() {}

    /// Documents rendered per second of wall time.
    public var documentsPerSecond: Double { seconds > 0 ? Double(rendered) / seconds : 0 }

    /// `rendered X, failed Y, skipped Z[, not attempted N] in T s (R docs/s)`.
    public var line: String {
        let counts = String(format: "rendered %d, failed %d, skipped %d", rendered, failed, skipped)
        let left = notAttempted > 0 || stopReason != nil ? ", not attempted \(notAttempted)" : ""
        return counts + left + String(format: " in %.2f s (%.1f docs/s)", seconds, documentsPerSecond)
    }

    /// 0 when every record rendered (or was skipped); 1 when some failed or were not attempted;
    /// 130 when interrupted.
    public var exitStatus: Int32 {
        if interrupted { return 130 }
        return failed == 0 && notAttempted == 0 && stopReason == nil ? 0 : 1
    }
}
