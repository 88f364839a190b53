import Foundation
import GalleyRender
import GalleyTemplates

/// W1 through `galley serve`: requests/s with 1 and 2 render threads (as many keep-alive
/// clients as threads, so the queue never waits empty), p50/p99 latency, and `galley batch`'s
/// documents/s over the same 200 records for comparison (the goal: serving within 15% of it).
enum ServeBench {
    static func measure(galley: String, records: [JSONValue], report: inout BenchReport) throws {
        let bodies = records.map { Array($0.jsonText.utf8) }
        let folder = try BenchScratch.subfolder("serve")
        let data = folder.appendingPathComponent("w1.ndjson")
        try (records.map(\.jsonText).joined(separator: "\n") + "\n").write(to: data, atomically: true, encoding: .utf8)
        for jobs in [1, 2] {
            var batchBest = 0.0
            for attempt in 0..<3 {
                // A folder per attempt, all kept until the bench ends (`BenchScratch`).
                let out = folder.appendingPathComponent("out-\(jobs)-\(attempt)").path
                let start = Clock.now()
                _ = try Tool.spawn(
                    galley,
                    ["batch", "Templates/invoice.json", "--data", data.path, "--out", out, "--jobs", "\(jobs)"])
                batchBest = max(batchBest, Double(records.count) / (Clock.now() - start))
            }
            let server = try ServerChild(galley: galley, jobs: jobs)
            defer { server.stop() }
            // Warm-up: compile the template, fill the caches.
            _ = try HTTPClient(port: server.port).post("/render/invoice", body: bodies[0])
            var best = 0.0
            var latencies: [Double] = []
            for _ in 0..<3 {
                let (rate, times) = try load(port: server.port, bodies: bodies, clients: jobs)
                if rate > best {
                    best = rate
                    latencies = times
                }
            }
            latencies.sort()
            report.add("startup", "w1_batch_process_docs_per_s_\(jobs)_jobs", batchBest, digits: 1)
            report.add("startup", "w1_serve_requests_per_s_\(jobs)_jobs", best, digits: 1)
            report.add("startup", "w1_serve_over_batch_\(jobs)_jobs", best / batchBest, digits: 2)
            report.add("startup", "w1_serve_p50_ms_\(jobs)_jobs", latencies.median * 1000)
            report.add("startup", "w1_serve_p99_ms_\(jobs)_jobs", latencies[latencies.count * 99 / 100] * 1000)
        }
    }

    /// Sends every body once from `clients` threads; requests/s and each request's seconds.
    static func load(port: Int, bodies: [[UInt8]], clients: Int) throws -> (Double, [Double]) {
        let next = Locked(0)
        let times = Locked([Double]())
        let failures = Locked(0)
        let group = DispatchGroup()
        let start = Clock.now()
        for _ in 0..<clients {
            group.enter()
            Thread {
                defer { group.leave() }
                guard let client = try? HTTPClient(port: port) else { return failures.withLock { $0 += 1 } }
                while true {
                    let index = next.withLock { value -> Int in
                        value += 1
                        return value - 1
                    }
                    guard index < bodies.count else { return }
                    let begin = Clock.now()
                    guard (try? client.post("/render/invoice", body: bodies[index])) == 200 else {
                        return failures.withLock { $0 += 1 }
                    }
                    let elapsed = Clock.now() - begin
                    times.withLock { $0.append(elapsed) }
                }
            }.start()
        }
        group.wait()
        let seconds = Clock.now() - start
        guard failures.withLock({ $0 }) == 0 else { throw BenchFailure("a request to galley serve failed") }
        return (Double(bodies.count) / seconds, times.withLock { $0 })
    }
}

/// `galley serve --port 0` as a child process.
final class ServerChild {
    let process = Process()
    let port: Int

    init(galley: String, jobs: Int) throws {
        process.executableURL = URL(fileURLWithPath: galley)
        process.arguments = ["serve", "--templates", "Templates", "--port", "0", "--jobs", "\(jobs)", "--quiet"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var text = ""
        var found: Int?
        while found == nil {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
            if let range = text.range(of: #"127\.0\.0\.1:\d+"#, options: .regularExpression) {
                found = Int(text[range].split(separator: ":")[1])
            }
        }
        guard let found else { throw BenchFailure("galley serve did not start: \(text)") }
        port = found
    }

    func stop() {
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
    }
}

/// A minimal HTTP/1.1 keep-alive client (POST with Content-Length, response with Content-Length).
final class HTTPClient {
    private let socket: Int32
    private var buffer: [UInt8] = []

    init(port: Int) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port)).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard socket >= 0, connected == 0 else { throw BenchFailure("cannot connect to port \(port)") }
    }

    deinit { close(socket) }

    /// Sends a POST and reads the whole response; returns its status.
    func post(_ path: String, body: [UInt8]) throws -> Int {
        let head = "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(body.count)\r\n\r\n"
        try send(Array(head.utf8) + body)
        while true {
            if let end = headerEnd() {
                let header = String(decoding: buffer[..<end], as: UTF8.self)
                let status = Int(header.split(separator: " ").dropFirst().first ?? "") ?? 0
                let length =
                    header.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                    .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
                while buffer.count < end + 4 + length { try receive() }
                buffer.removeFirst(end + 4 + length)
                return status
            }
            try receive()
        }
    }

    private func headerEnd() -> Int? {
        guard buffer.count >= 4 else { return nil }
        for index in 0...(buffer.count - 4)
        where buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 {
            return index
        }
        return nil
    }

    private func send(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { throw BenchFailure("send failed") }
            sent += count
        }
    }

    private func receive() throws {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { throw BenchFailure("connection closed") }
        buffer += chunk[..<count]
    }
}
