/// Lets long measuring work stop when the render it serves is cancelled or past its deadline.
///
/// Layout is not throwing (Texture's `layoutThatFits` returns a layout), so a cancelled
/// measurement cannot unwind by itself. Instead, the document that lays a tree out binds its
/// cancellation test for the duration (`LayoutCancellation.measuring(cancelledBy: check) { … }`);
/// loops whose length depends on the input — the rows of a table, the paragraphs of a long
/// text, the lines of a paragraph — read ``shouldStop`` every so often and return early with a
/// partial result. The document checks its cancellation source after layout and throws, so a
/// partial layout is never drawn, and a document whose layout was cancelled is dropped, not laid
/// out again. Caches that outlive the document (shaped runs, paragraph layouts) must never keep
/// a partial result.
///
/// Example: a 200,000-row table measured under a 2 s deadline stops measuring rows within a few
/// milliseconds of the deadline instead of after all of them.
public enum LayoutCancellation {
    /// A cancellation test. The closure is wrapped in a struct because Swift 6.3's optimizer
    /// mishandles a task-local of function type: `withValue` on `@TaskLocal var f: () -> Bool`
    /// dereferences a null type pointer in release builds (a three-line program crashes at `-O`).
    public struct Check: Sendable {
        /// Whether the render has been cancelled or passed its deadline.
        public let isCancelled: @Sendable () -> Bool

        /// A check calling `isCancelled`.
        public init(_ isCancelled: @escaping @Sendable () -> Bool) {
            self.isCancelled = isCancelled
        }

        /// The check outside any document's layout: never cancelled.
        public static let never = Check { false }
    }

    /// The current render's cancellation test; ``Check/never`` outside a document's layout.
    @TaskLocal public static var current = Check.never

    /// Whether the work in progress should stop now (one task-local read and one call).
    public static var shouldStop: Bool { current.isCancelled() }

    /// Runs `body` (a layout, a pagination) with `check` as the cancellation test.
    public static func measuring<T>(cancelledBy check: @escaping @Sendable () -> Bool, _ body: () throws -> T)
        rethrows -> T
    {
        try $current.withValue(Check(check), operation: body)
    }
}
