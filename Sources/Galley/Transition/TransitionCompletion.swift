/// The rule both transition contexts keep (UIKit's and Texture's `completeTransition:`): the animation's
/// completions run once, when it ends (finished or cancelled), and whoever animates must call
/// `completeTransition` exactly once — a second call is an error, and so is an animation that ended without one.
struct TransitionCompletion {
    private var completions: [(Bool) throws -> Void] = []
    /// Whether `completeTransition` was called, and with what.
    private(set) var isCompleted = false
    private(set) var didComplete = false
    /// Whether the animation ended, and whether it finished (false: cancelled).
    private(set) var hasEnded = false
    private(set) var finished = false

    mutating func add(_ completion: @escaping (Bool) throws -> Void) {
        completions.append(completion)
    }

    /// Records the one `completeTransition`; throws on a second.
    mutating func complete(_ didComplete: Bool) throws(TransitionError) {
        guard !isCompleted else { throw .alreadyCompleted }
        isCompleted = true
        self.didComplete = didComplete
    }

    /// Marks the end and hands back the completions to run (none when it already ended).
    mutating func end(finished: Bool) -> [(Bool) throws -> Void] {
        guard !hasEnded else { return [] }
        hasEnded = true
        self.finished = finished
        defer { completions = [] }
        return completions
    }
}
