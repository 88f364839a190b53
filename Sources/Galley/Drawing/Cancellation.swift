import Foundation
import Synchronization

/// Why a render stopped before it finished.
public enum CancellationReason: String, Sendable {
    /// Someone asked to stop: Ctrl-C, a superseded transition, a cancelled task.
    case cancelled
    /// The render ran past its deadline.
    case timedOut
}

/// The source of `isCancelled` for one render: a flag anyone may set from any thread, and an
/// optional deadline. Draw routines never see this type, only a `CancellationCheck`.
public final class CancellationSource: Sendable {
    private let flag = Atomic<Bool>(false)
    private let deadline: ContinuousClock.Instant?

    /// - Parameter timeout: seconds from now after which the render counts as timed out.
    public init(timeout: Double? = nil) {
        if let timeout {
            deadline = ContinuousClock.now.advanced(by: .milliseconds(Int64((timeout * 1000).rounded())))
        } else {
            deadline = nil
        }
    }

    /// Asks every draw routine reading this source to stop at its next check.
    public func cancel() { flag.store(true, ordering: .relaxed) }

    /// Why the render must stop, or nil while it may go on.
    public var reason: CancellationReason? {
        if flag.load(ordering: .relaxed) { return .cancelled }
        if let deadline, ContinuousClock.now >= deadline { return .timedOut }
        return nil
    }

    public var isCancelled: Bool { reason != nil }

    /// The check handed to draw routines.
    public var check: CancellationCheck { CancellationCheck(source: self) }
}

/// Texture's `isCancelled` block: draw routines call it between expensive steps and return
/// early when it says true.
public struct CancellationCheck: Sendable {
    let source: CancellationSource?

    public init(source: CancellationSource?) {
        self.source = source
    }

    /// A check that never cancels.
    public static let never = CancellationCheck(source: nil)

    public func callAsFunction() -> Bool { source?.isCancelled ?? false }

    /// Throws `RenderCancelled` when the render must stop.
    public func throwIfCancelled() throws(RenderCancelled) {
        if let reason = source?.reason { throw RenderCancelled(reason: reason) }
    }
}

/// Thrown when a render stops early; no output is written for it.
public struct RenderCancelled: Error, Sendable, CustomStringConvertible {
    public let reason: CancellationReason

    public init(reason: CancellationReason) {
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .cancelled: "render cancelled"
        case .timedOut: "render timed out"
        }
    }
}
