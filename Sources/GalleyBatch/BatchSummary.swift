import Foundation

/// What a batch did.
public struct BatchSummary: Sendable, Equatable {
    public var rendered = 0
    public var failed = 0
    /// Records skipped by `resume` because their output already existed.
    public var skipped = 0
    public var seconds: Double = 0
    /// The run was cancelled (Ctrl-C, SIGTERM, `BatchRunner.cancel()`) before it finished.
    public var interrupted = false
    /// `failFast` stopped the run at the first failure.
    public var stoppedEarly = false

    public init() {}

    /// Documents rendered per second of wall time.
    public var documentsPerSecond: Double { seconds > 0 ? Double(rendered) / seconds : 0 }

    /// `rendered X, failed Y, skipped Z in T s (R docs/s)`.
    public var line: String {
        String(
            format: "rendered %d, failed %d, skipped %d in %.2f s (%.1f docs/s)", rendered, failed, skipped, seconds,
            documentsPerSecond)
    }

    /// 0 when every record rendered (or was skipped), 1 when some failed, 130 when interrupted.
    public var exitStatus: Int32 {
        if interrupted { return 130 }
        return failed == 0 ? 0 : 1
    }
}
