import Foundation
import GalleyTestSupport

/// A `galley serve` (or `galley preview`) child process on 127.0.0.1 and a free port, for tests
/// that talk to it with real clients (curl, Python's http.client, a browser).
final class ServerProcess: @unchecked Sendable {
    // @unchecked: `errors` is guarded by `lock`; the rest is set in init.
    let process = Process()
    let port: Int
    private let lock = NSLock()
    private var errors = ""

    /// Starts `galley ARGUMENTS --port 0` and waits (at most 30 s) for its "listening on" line.
    init(_ arguments: [String], environment: [String: String] = [:]) throws {
        process.executableURL = URL(fileURLWithPath: CLIRunner.executable)
        process.arguments = arguments + ["--port", "0"]
        process.currentDirectoryURL = CLIRunner.packageRoot
        var variables = ProcessInfo.processInfo.environment
        variables["SOURCE_DATE_EPOCH"] = "1700000000"
        for (name, value) in environment { variables[name] = value }
        process.environment = variables
        let standardError = Pipe()
        process.standardError = standardError
        process.standardOutput = FileHandle.nullDevice
        let handle = standardError.fileHandleForReading
        try process.run()
        var found: Int?
        let deadline = Date().addingTimeInterval(30)
        var text = ""
        while found == nil, Date() < deadline {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
            if let range = text.range(of: #"http://127\.0\.0\.1:(\d+)"#, options: .regularExpression) {
                found = Int(text[range].split(separator: ":").last ?? "")
            }
        }
        guard let found else {
            process.terminate()
            throw ServerFailure("galley did not start listening: \(text)")
        }
        port = found
        errors = text
        handle.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            self.lock.lock()
            self.errors += String(decoding: data, as: UTF8.self)
            self.lock.unlock()
        }
    }

    /// What the server wrote on stderr so far.
    var standardError: String {
        lock.lock()
        defer { lock.unlock() }
        return errors
    }

    var url: String { "http://127.0.0.1:\(port)" }

    /// Sends SIGTERM and waits (at most 60 s) for the exit status.
    @discardableResult
    func stop() -> Int32 {
        if process.isRunning { kill(process.processIdentifier, SIGTERM) }
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return -1
        }
        return process.terminationStatus
    }

    deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

    /// `curl` with `arguments`; returns the HTTP status and the body written to `output`.
    static func curl(_ arguments: [String], output: URL) throws -> (status: Int, body: Data) {
        let result = try CLIRunner.tool(
            "curl", ["-s", "-o", output.path, "-w", "%{http_code}", "--max-time", "60"] + arguments)
        let body = (try? Data(contentsOf: output)) ?? Data()
        return (Int(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0, body)
    }

    /// Runs Python code with `sys.argv[1:] = arguments` and returns its standard output.
    static func python(_ code: String, _ arguments: [String]) throws -> String {
        let output = try Python.run(code: code, arguments: arguments)
        guard output.status == 0 else { throw ServerFailure("python failed: \(output.standardError)") }
        return output.standardOutput
    }
}

struct ServerFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
