import Glibc

/// Writes to standard output and standard error without trapping: a closed or full stream (a
/// progress line piped into `head`, a terminal that went away) loses the text, never the process
/// — Foundation's `FileHandle.write(_:)` traps on a failed write.
public enum StandardStreams {
    /// Writes `text` whole to standard error, retrying short writes; errors are ignored.
    public static func writeError(_ text: String) { write(text, to: STDERR_FILENO) }

    /// Writes `text` whole to standard output, retrying short writes; errors are ignored.
    public static func writeOutput(_ text: String) { write(text, to: STDOUT_FILENO) }

    private static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { bytes in
            guard var cursor = bytes.baseAddress else { return }
            var remaining = bytes.count
            while remaining > 0 {
                let written = Glibc.write(descriptor, cursor, remaining)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                cursor += written
                remaining -= written
            }
        }
    }
}
