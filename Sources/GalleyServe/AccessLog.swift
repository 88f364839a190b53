import GalleyRender
import GalleyTemplates
import Glibc

/// One JSON line per request on standard output:
/// `{"time","remote","method","path","status","bytes","ms","error"}` — `error` is the failure's
/// kind (`template`, `timeout`, …) or null.
enum AccessLog {
    static func line(
        _ head: HTTPRequestHead, status: Int, errorKind: String?, bytes: Int, seconds: Double
    ) -> String {
        let entry: JSONValue = [
            "time": .string(timestamp()), "remote": .string(head.remote), "method": .string(head.method),
            "path": .string(head.path), "status": .number(Double(status)), "bytes": .number(Double(bytes)),
            "ms": .number((seconds * 10_000).rounded() / 10), "error": errorKind.map { .string($0) } ?? .null,
        ]
        return entry.jsonText + "\n"
    }

    /// Now in UTC, ISO 8601 with milliseconds.
    static func timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var parts = tm()
        var seconds = now.tv_sec
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let millis = now.tv_nsec / 1_000_000
        let fraction = millis < 10 ? "00\(millis)" : millis < 100 ? "0\(millis)" : "\(millis)"
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):"
            + "\(two(parts.tm_min)):\(two(parts.tm_sec)).\(fraction)Z"
    }
}
