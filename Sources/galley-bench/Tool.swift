import Foundation

/// A benchmark that could not measure what it set out to.
struct BenchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Running the measuring tools (valgrind, objcopy, the floor, this executable).
enum Tool {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// Runs `executable` (a path, or a name looked up on PATH) and collects its output.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws
        -> Result
    {
        let process = Process()
        process.executableURL = URL(
            fileURLWithPath: executable.contains("/") ? executable : find(executable) ?? executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes to their ends before waiting, so a chatty tool never blocks on a full pipe.
        let errors = ErrorCollector(err.fileHandleForReading)
        let output = (try? out.fileHandleForReading.readToEnd()) ?? Data()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: output, as: UTF8.self),
            stderr: errors.text())
    }

    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// Runs a process to its end with its output to /dev/null; returns its exit status. `posix_spawn`
    /// and `waitpid` directly, for timing whole processes: Foundation's `Process` adds tens of
    /// milliseconds of its own.
    static func spawn(_ path: String, _ arguments: [String], environment: [String: String] = [:]) throws -> Int32 {
        try spawnMeasured(path, arguments, environment: environment).status
    }

    /// `spawn`, also returning the CPU seconds (user + system) the process used, as the kernel accounts them
    /// (`wait4`): on a machine loaded by other work a whole process's wall time stretches, its CPU time much less.
    static func spawnMeasured(_ path: String, _ arguments: [String], environment: [String: String] = [:]) throws
        -> (status: Int32, cpuSeconds: Double)
    {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in envp { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, envp)
        guard spawned == 0 else { throw BenchFailure("cannot start \(path): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
        return ((status >> 8) & 0xff, seconds(usage.ru_utime) + seconds(usage.ru_stime))
    }

    /// The release `galley` next to this benchmark's executable.
    static func galleyExecutable() -> String {
        URL(fileURLWithPath: selfPath()).deletingLastPathComponent().appendingPathComponent("galley").path
    }

    /// This executable's path (for running itself in `--count` mode).
    static func selfPath() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// The CPU's model name from /proc/cpuinfo.
    static func cpuModel() -> String {
        let info = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let line = info.split(separator: "\n").first { $0.hasPrefix("model name") }
        let model = line?.split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces)
        return "\(model ?? "unknown"), \(ProcessInfo.processInfo.activeProcessorCount) cores"
    }
}

/// Reads a pipe to its end on its own thread.
final class ErrorCollector: @unchecked Sendable {
    // `data` is written once by the reading thread before `done` is signalled, and read only after
    // `text()` has waited for that signal: the semaphore orders the two accesses.
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = (try? handle.readToEnd()) ?? Data()
            done.signal()
        }
    }

    func text() -> String {
        done.wait()
        return String(decoding: data, as: UTF8.self)
    }
}
