import GalleyRender

/// What `GET /metrics` reports, in Prometheus' text format: requests by route and status, a
/// latency histogram per route, errors by kind, requests in flight, the render queue, and the
/// hit rates of the template and raster caches.
final class ServerMetrics: Sendable {
    /// The histogram's upper bounds, in seconds.
    static let buckets: [Double] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]

    private struct Histogram {
        var counts = [Int](repeating: 0, count: ServerMetrics.buckets.count)
        var sum = 0.0
        var count = 0
    }

    private struct State {
        var requests: [String: Int] = [:]
        var latency: [String: Histogram] = [:]
        var errors: [String: Int] = [:]
        var inFlight = 0
    }

    private let state = Locked(State())

    /// A request started (its head was read).
    func started() { state.withLock { $0.inFlight += 1 } }

    /// A request ended with `status` after `seconds`.
    func finished(route: String, status: Int, errorKind: String?, seconds: Double) {
        state.withLock { state in
            state.inFlight -= 1
            state.requests["route=\"\(route)\",code=\"\(status)\"", default: 0] += 1
            var histogram = state.latency[route] ?? Histogram()
            for (index, bound) in Self.buckets.enumerated() where seconds <= bound { histogram.counts[index] += 1 }
            histogram.sum += seconds
            histogram.count += 1
            state.latency[route] = histogram
            if let errorKind { state.errors[errorKind, default: 0] += 1 }
        }
    }

    /// Requests whose head was read and whose response is not yet sent.
    var inFlight: Int { state.withLock { $0.inFlight } }

    /// The exposition text; `gauges` are extra `name value` pairs (queue, workers, caches).
    func text(gauges: [(name: String, help: String, type: String, value: Double)]) -> String {
        let snapshot = state.withLock { $0 }
        var lines: [String] = []
        lines.append("# HELP galley_http_requests_total Requests answered, by route and status code.")
        lines.append("# TYPE galley_http_requests_total counter")
        for (labels, count) in snapshot.requests.sorted(by: { $0.key < $1.key }) {
            lines.append("galley_http_requests_total{\(labels)} \(count)")
        }
        lines.append("# HELP galley_http_request_duration_seconds Time from a request's head to its last byte.")
        lines.append("# TYPE galley_http_request_duration_seconds histogram")
        for (route, histogram) in snapshot.latency.sorted(by: { $0.key < $1.key }) {
            for (index, bound) in Self.buckets.enumerated() {
                lines.append(
                    "galley_http_request_duration_seconds_bucket{route=\"\(route)\",le=\"\(bound)\"} "
                        + "\(histogram.counts[index])")
            }
            lines.append(
                "galley_http_request_duration_seconds_bucket{route=\"\(route)\",le=\"+Inf\"} \(histogram.count)")
            lines.append("galley_http_request_duration_seconds_sum{route=\"\(route)\"} \(histogram.sum)")
            lines.append("galley_http_request_duration_seconds_count{route=\"\(route)\"} \(histogram.count)")
        }
        lines.append("# HELP galley_errors_total Failed requests by kind (template, data, request, timeout, …).")
        lines.append("# TYPE galley_errors_total counter")
        for (kind, count) in snapshot.errors.sorted(by: { $0.key < $1.key }) {
            lines.append("galley_errors_total{kind=\"\(kind)\"} \(count)")
        }
        lines.append("# HELP galley_http_in_flight Requests being served.")
        lines.append("# TYPE galley_http_in_flight gauge")
        lines.append("galley_http_in_flight \(snapshot.inFlight)")
        for gauge in gauges {
            lines.append("# HELP \(gauge.name) \(gauge.help)")
            lines.append("# TYPE \(gauge.name) \(gauge.type)")
            lines.append("\(gauge.name) \(gauge.value)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
