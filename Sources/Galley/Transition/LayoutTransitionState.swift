import GalleyLayout
import Synchronization

/// A misuse or end of a layout transition.
public enum TransitionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `completeTransition` was called a second time.
    case alreadyCompleted
    /// The animation ended (finished or cancelled) and nobody called `completeTransition`.
    case notCompleted
    /// Layout transitions need `automaticallyManagesSubnodes` (Texture's rule).
    case notAutomaticallyManaged
    /// `transitionLayout(animated:)` on a node never laid out: use `transitionLayout(sizeRange:…)`.
    case notMeasured
    /// A newer transition (or `cancelLayoutTransition()`) superseded this one.
    case cancelled

    public var description: String {
        switch self {
        case .alreadyCompleted: "completeTransition was called twice for one transition"
        case .notCompleted: "the transition's animation ended but completeTransition was never called"
        case .notAutomaticallyManaged: "layout transitions need automaticallyManagesSubnodes"
        case .notMeasured: "the node has no calculated layout to transition from: give a size range"
        case .cancelled: "the layout transition was cancelled by a newer one or by cancelLayoutTransition()"
        }
    }
}

/// A node's layout-transition bookkeeping. The transition ID is atomic, so ``cancel()`` (and
/// `DisplayNode.cancelLayoutTransition()`) may be called from any thread; everything else
/// belongs to the task that owns the node.
public final class LayoutTransitionState: @unchecked Sendable {
    private static let nextID = Atomic<UInt64>(0)
    private let currentID = Atomic<UInt64>(0)

    /// The layout last applied (by `layout(in:)` or a transition), and the range it was made in.
    public internal(set) var calculatedLayout: Layout?
    public internal(set) var constrainedSize: SizeRange?
    /// Texture's `defaultLayoutTransitionDuration` (0.2 s), `…Delay` (0) and options (a curve).
    public var defaultTiming = AnimationTiming.default

    init() {}

    /// Starts a transition: a fresh ID, which makes every older one stale.
    func begin() -> UInt64 {
        let id = Self.nextID.add(1, ordering: .relaxed).newValue
        currentID.store(id, ordering: .sequentiallyConsistent)
        return id
    }

    func isCurrent(_ id: UInt64) -> Bool { currentID.load(ordering: .sequentiallyConsistent) == id }

    /// Cancels the transition in flight, if any (any thread).
    public func cancel() { currentID.store(0, ordering: .sequentiallyConsistent) }
}
