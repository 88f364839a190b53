import CMimalloc
import Glibc

/// The memory allocator the executables run on.
///
/// `galley` and `galley-bench` link mimalloc, which replaces `malloc`/`free` for the whole
/// process: a document allocates and frees tens of thousands of small blocks (nodes, glyph runs,
/// display items; cairo's and zlib's buffers), and glibc's allocator spent about 14% of a W1 PDF
/// in `malloc`, `free` and their consolidation (perf, `galley batch` over 300 invoices).
/// Libraries that embed Galley keep their host's allocator.
public enum Allocator {
    /// Whether `malloc` is mimalloc's: the override is a link-order property, so this checks
    /// the running process rather than trusting the build.
    public static var isMimalloc: Bool {
        guard let block = malloc(64) else { return false }
        defer { free(block) }
        return mi_is_in_heap_region(block)
    }

    /// "mimalloc 2.0.9" when it serves `malloc`, else "system malloc".
    public static var description: String {
        guard isMimalloc else { return "system malloc" }
        let version = Int(mi_version())
        return "mimalloc \(version / 100).\(version / 10 % 10).\(version % 10)"
    }
}
