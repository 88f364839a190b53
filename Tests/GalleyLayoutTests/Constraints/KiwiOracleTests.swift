import Foundation
import GalleyLayout
import GalleyTestSupport
import Testing

/// Galley's Cassowary solver against kiwisolver (Debian's python3-kiwisolver), an independent implementation,
/// on random systems generated here with a fixed seed. The oracle script documents how the two are made to
/// mean the same thing (lexicographic priorities; the conflict set by the same deletion filter).
@Suite("Cassowary solver against kiwisolver")
struct KiwiOracleTests {
    static let oracle = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Oracles/kiwi_oracle.py").path
    static let hasKiwi = Python.hasModules(["kiwisolver"])

    /// Solves the systems with both solvers and returns the pairs (Galley's first).
    func solveBoth(_ systems: [OracleSystem]) throws -> [(OracleResult, OracleResult)] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "galley-kiwi-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("systems.json")
        try JSONEncoder().encode(OracleInput(systems: systems)).write(to: input)
        let run = try Python.run(script: Self.oracle, arguments: [input.path])
        #expect(run.status == 0, "\(run.standardError)")
        let output = try JSONDecoder().decode(OracleOutput.self, from: Data(run.standardOutput.utf8))
        #expect(output.results.count == systems.count)
        return try zip(systems, output.results).map { (try replay($0), $1) }
    }

    /// Compares one system: same status, values within 0.01, or the same failing operation and conflict set.
    func compare(_ ours: OracleResult, _ kiwi: OracleResult, _ index: Int) -> Bool {
        guard ours.status == kiwi.status else {
            Issue.record("system \(index): Galley \(ours.status), kiwi \(kiwi.status)")
            return false
        }
        if ours.status == "ok" {
            let pairs = zip(ours.values ?? [], kiwi.values ?? [])
            let worst = pairs.map { abs($0 - $1) }.max() ?? 0
            #expect(worst <= 0.01, "system \(index): values \(ours.values ?? []) vs kiwi \(kiwi.values ?? [])")
            return worst <= 0.01
        }
        #expect(
            ours.failed == kiwi.failed,
            "system \(index): failed at operation \(ours.failed ?? -1) vs \(kiwi.failed ?? -1)")
        #expect(
            ours.conflict == kiwi.conflict, "system \(index): conflict \(ours.conflict ?? []) vs \(kiwi.conflict ?? [])"
        )
        return ours.failed == kiwi.failed && ours.conflict == kiwi.conflict
    }

    @Test(.enabled(if: hasKiwi, "needs /usr/bin/python3 with kiwisolver (apt-get install python3-kiwisolver)"))
    func satisfiableSystemsAgree() throws {
        var generator = RandomConstraintSystems(seed: 20)
        let systems = (0..<600).map { generator.satisfiable(degenerate: $0 % 5 == 4) }
        let results = try solveBoth(systems)
        let agreeing = results.enumerated().filter { compare($1.0, $1.1, $0) }.count
        let edited = systems.filter { $0.operations.contains { $0.kind == "suggest" } }.count
        #expect(results.allSatisfy { $0.1.status == "ok" })
        #expect(agreeing == 600)
        #expect(edited >= 200, "\(edited) systems exercise edit variables")
    }

    @Test(.enabled(if: hasKiwi, "needs /usr/bin/python3 with kiwisolver (apt-get install python3-kiwisolver)"))
    func conflictingSystemsReportTheSameSet() throws {
        var generator = RandomConstraintSystems(seed: 2020)
        let systems = (0..<700).map { _ in generator.conflicting() }
        let results = try solveBoth(systems)
        let agreeing = results.enumerated().filter { compare($1.0, $1.1, $0) }.count
        let unsatisfiable = results.filter { $0.1.status == "unsatisfiable" }
        let multiple = unsatisfiable.filter { ($0.1.conflict ?? []).count >= 3 }.count
        #expect(agreeing == systems.count)
        #expect(unsatisfiable.count >= 300, "\(unsatisfiable.count) unsatisfiable systems")
        #expect(multiple >= 100, "\(multiple) conflicts of three or more constraints")
    }
}
