import Foundation
import GalleyTestSupport

/// A one-node Slurm cluster on localhost for one test: munged, slurmctld and slurmd as child
/// processes in their foreground modes (`munged -F`, `slurmctld -D`, `slurmd -D`), with the munge
/// key, the configuration, the state and spool folders and the logs all in one temporary folder.
/// Nothing outside it is touched (no systemd, no /etc/slurm), and ``stop()`` ends the daemons.
final class SlurmCluster {
    /// Debian's packages (`scripts/install-deps --test`); `galley` finds them in /usr/sbin and /usr/bin.
    static let programs = ["/usr/sbin/munged", "/usr/sbin/slurmctld", "/usr/sbin/slurmd", "/usr/bin/sbatch"]

    /// Whether the Slurm and munge packages are installed.
    static var isInstalled: Bool { programs.allSatisfy(FileManager.default.isExecutableFile(atPath:)) }

    let root: URL
    /// The node's name: this machine's short host name, as slurmctld and slurmd expect.
    let node: String
    private var daemons: [(name: String, pid: pid_t)] = []

    /// Writes the key and the configuration into `root`; the node offers `cpus` CPUs.
    init(root: URL, cpus: Int) throws {
        self.root = root
        node = Self.shortHostName()
        let manager = FileManager.default
        for folder in ["munge", "state", "spool", "spool/\(node)", "log"] {
            try manager.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        // munged checks its files like sshd does: a private key, a socket folder all can enter.
        try manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root.path)
        try manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path("munge"))
        var key = [UInt8](repeating: 0, count: 1024)
        var generator = SystemRandomNumberGenerator()
        for index in key.indices { key[index] = generator.next() }
        guard
            manager.createFile(
                atPath: path("munge/munge.key"), contents: Data(key), attributes: [.posixPermissions: 0o600])
        else { throw ClusterError("cannot write \(path("munge/munge.key"))") }
        let user = Self.userName()
        let ports = try (0..<2).map { _ in try Self.freePort() }
        let configuration = """
            ClusterName=galleytest
            SlurmctldHost=\(node)(127.0.0.1)
            SlurmctldPort=\(ports[0])
            SlurmdPort=\(ports[1])
            SlurmUser=\(user)
            SlurmdUser=\(user)
            AuthType=auth/munge
            CredType=cred/munge
            AuthInfo=socket=\(path("munge/munge.socket"))
            StateSaveLocation=\(path("state"))
            SlurmdSpoolDir=\(path("spool"))/%n
            SlurmctldPidFile=\(path("slurmctld.pid"))
            SlurmdPidFile=\(path("slurmd.pid"))
            SlurmctldLogFile=\(path("log/slurmctld.log"))
            SlurmdLogFile=\(path("log/slurmd.log"))
            ProctrackType=proctrack/linuxproc
            TaskPlugin=task/none
            JobAcctGatherType=jobacct_gather/none
            AccountingStorageType=accounting_storage/none
            SchedulerType=sched/builtin
            SelectType=select/cons_tres
            SelectTypeParameters=CR_CPU
            MpiDefault=none
            ReturnToService=2
            KillWait=10
            MinJobAge=3600
            SlurmdParameters=config_overrides
            NodeName=\(node) NodeAddr=127.0.0.1 CPUs=\(cpus) State=UNKNOWN
            PartitionName=test Nodes=\(node) Default=YES MaxTime=INFINITE State=UP

            """
        try configuration.write(toFile: path("slurm.conf"), atomically: true, encoding: .utf8)
        // slurmd 22.05 always loads a cgroup plugin, and its default (autodetect) fails where no
        // cgroup filesystem is mounted, as in a chroot. Nothing here uses cgroups (linuxproc,
        // task/none), and the v1 plugin only touches the filesystem when something does.
        try "CgroupPlugin=cgroup/v1\n".write(toFile: path("cgroup.conf"), atomically: true, encoding: .utf8)
    }

    deinit { stop() }

    /// `SLURM_CONF`, for the Slurm commands (and the jobs they submit) to find this cluster.
    var environment: [String: String] { ["SLURM_CONF": path("slurm.conf")] }

    /// Starts the three daemons and waits until the node takes jobs.
    func start() throws {
        try launch(
            "munged", "/usr/sbin/munged",
            [
                "--foreground", "--force", "--key-file=\(path("munge/munge.key"))",
                "--socket=\(path("munge/munge.socket"))", "--pid-file=\(path("munge/munged.pid"))",
                "--log-file=\(path("log/munged.log"))", "--seed-file=\(path("munge/munged.seed"))",
            ])
        try wait("munged to open its socket") {
            FileManager.default.fileExists(atPath: self.path("munge/munge.socket"))
        }
        try launch("slurmctld", "/usr/sbin/slurmctld", ["-D", "-c", "-f", path("slurm.conf")])
        try launch("slurmd", "/usr/sbin/slurmd", ["-D", "-f", path("slurm.conf"), "-N", node])
        try wait("the node to be idle") {
            let state = try? self.run("sinfo", ["-h", "-n", self.node, "-o", "%T"])
            return state?.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "idle"
        }
    }

    /// Stops the daemons (SIGTERM, then SIGKILL after 10 s), slurmd first.
    func stop() {
        for (_, pid) in daemons.reversed() {
            kill(pid, SIGTERM)
            let deadline = Date().addingTimeInterval(10)
            var status: Int32 = 0
            while waitpid(pid, &status, WNOHANG) == 0 {
                if Date() > deadline {
                    kill(pid, SIGKILL)
                    waitpid(pid, &status, 0)
                    break
                }
                Thread.sleep(forTimeInterval: 0.05)
            }
        }
        daemons = []
    }

    /// Runs a Slurm command (`sbatch`, `squeue`, `scancel`, `scontrol`, `sinfo`) against this cluster.
    func run(
        _ command: String, _ arguments: [String], in directory: URL? = nil, environment extra: [String: String] = [:]
    )
        throws -> PDFTools.Output
    {
        try PDFTools.launch(
            "/usr/bin/" + command, arguments, in: directory, environment: environment.merging(extra) { $1 })
    }

    /// The last lines of every daemon's log, for a failure message.
    var logs: String {
        ["munged", "slurmctld", "slurmd"].map { name in
            let text = (try? String(contentsOfFile: path("log/\(name).log"), encoding: .utf8)) ?? ""
            let output = (try? String(contentsOfFile: path("log/\(name).out"), encoding: .utf8)) ?? ""
            let lines = (text + output).split(separator: "\n").suffix(15)
            return "== \(name)\n" + lines.joined(separator: "\n")
        }.joined(separator: "\n")
    }

    func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// Polls `ready` every 0.1 s for up to `seconds`.
    func wait(_ what: String, seconds: Double = 60, until ready: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try ready() { return }
            Thread.sleep(forTimeInterval: 0.1)
        }
        throw ClusterError("timed out after \(Int(seconds)) s waiting for \(what)\n\(logs)")
    }

    /// Starts a daemon with `posix_spawn` rather than `Process`: Foundation would start it with the
    /// calling thread's signal mask (a test thread blocks SIGTERM, so the daemon could not be
    /// stopped) and keeps a waiting thread per child, which long-lived children starve.
    private func launch(_ name: String, _ executable: String, _ arguments: [String]) throws {
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        let log = path("log/\(name).out")
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var empty = sigset_t()
        var all = sigset_t()
        sigemptyset(&empty)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let environment = ProcessInfo.processInfo.environment.merging(self.environment) { $1 }.map { "\($0)=\($1)" }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard result == 0 else {
            throw ClusterError("cannot start \(executable): \(String(cString: strerror(result)))")
        }
        daemons.append((name, pid))
        Thread.sleep(forTimeInterval: 0.2)
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == 0 else {
            daemons.removeLast()
            throw ClusterError("\(name) exited at once\n\(logs)")
        }
    }

    /// A TCP port nothing listens on now (the kernel's choice for port 0).
    private static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw ClusterError("socket() failed") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound else { throw ClusterError("cannot find a free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private static func shortHostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.split(separator: ".").first.map(String.init) ?? "localhost"
    }

    private static func userName() -> String {
        guard let entry = getpwuid(getuid()) else { return "root" }
        return String(cString: entry.pointee.pw_name)
    }
}

/// Why the test cluster could not be set up or did not answer.
struct ClusterError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
