import Foundation
import GalleyLayout
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

    /// - Parameter timeout: seconds from now after which the render counts as timed out; nil,
    ///   NaN or infinity set no deadline, a negative one has passed already, and anything above a
    ///   million seconds (11.5 days) counts as a million (no conversion can overflow).
    public init(timeout: Double? = nil) {
        if let timeout, !timeout.isNaN, timeout.isFinite {
            let milliseconds = Int64((min(max(timeout, 0), 1_000_000) * 1000).rounded())
            deadline = ContinuousClock.now.advanced(by: .milliseconds(milliseconds))
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

extension CancellationCheck {
    /// Runs `body` — binding a record, laying out, paginating — with this check as the test
    /// long measuring loops read (`LayoutCancellation`): they stop early once it turns true, and
    /// the caller checks again afterwards and drops the partial result.
    public func whileMeasuring<T>(_ body: () throws -> T) rethrows -> T {
        let check = self
        return try LayoutCancellation.measuring(cancelledBy: { check() }, body)
    }
}
