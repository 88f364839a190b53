import GalleyLayout

/// Cancellation inside typesetting, by `LayoutCancellation`'s contract: every loop whose length
/// depends on the paragraph (characters, break opportunities, candidates, lines) asks
/// ``shouldStop()`` each iteration, which reads `LayoutCancellation.shouldStop` once every
/// ``interval`` calls — a megabyte paragraph stops within milliseconds of its document's
/// deadline. A stopped phase returns what it has; `Typesetter` then returns an empty layout
/// (never cached), and the document, which checks its cancellation after layout, throws.
///
/// Paragraphs shorter than ``checkedLength`` never ask: they typeset in microseconds, and a
/// table of thousands of cells should not pay a task-local read per cell.
struct TypesettingCancellation {
    /// The shortest paragraph, in UTF-16 code units, whose loops check.
    static let checkedLength = 2048
    /// Iterations between two reads of `LayoutCancellation.shouldStop`.
    static let interval = 256

    private var countdown: Int
    private let checks: Bool

    /// A counter for the loops of a paragraph `length` code units long.
    init(length: Int) {
        checks = length >= Self.checkedLength
        countdown = Self.interval
    }

    /// Whether the loop should stop now; true at most every ``interval`` calls.
    mutating func shouldStop() -> Bool {
        guard checks else { return false }
        countdown -= 1
        guard countdown <= 0 else { return false }
        countdown = Self.interval
        return LayoutCancellation.shouldStop
    }

    /// Whether a paragraph of `length` code units, between two phases, should stop.
    static func shouldStop(length: Int) -> Bool {
        length >= checkedLength && LayoutCancellation.shouldStop
    }
}
