import Foundation
import GalleyTestSupport
import Glibc
import Testing

/// A batch loses no record: each ends rendered, skipped, listed in the error log with its reason,
/// or — when output cannot be written any more — counted as not attempted in the summary.
@Suite("batch accounts for every record", .serialized)
struct BatchAccountingTests {
    static let template = #"{"galley":1,"size":[200,100],"body":{"type":"text","text":"{{name}}"}}"#

    static func setUp(_ records: [String]) throws -> (dir: URL, template: String, data: String) {
        let dir = try CLIRunner.temporaryDirectory()
        let template = dir.appendingPathComponent("t.json")
        try Self.template.write(to: template, atomically: true, encoding: .utf8)
        let data = dir.appendingPathComponent("d.ndjson")
        try (records.map { #"{"name":"\#($0)"}"# }.joined(separator: "\n") + "\n")
            .write(to: data, atomically: true, encoding: .utf8)
        return (dir, template.path, data.path)
    }

    /// The same output name twice: the first record in the file keeps it (with 1 job or 2), the
    /// second is listed; reserved names and names through a symbolic link inside the output
    /// folder are listed too, and nothing is written outside it.
    @Test func duplicateReservedAndLinkedNamesAreListed() throws {
        let (dir, template, data) = try Self.setUp(["a", "b", "a", "errors", "sub/x", ".galley-x", "c"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let outside = dir.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        for jobs in ["1", "2"] {
            let out = dir.appendingPathComponent("out-\(jobs)")
            try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                at: out.appendingPathComponent("sub"), withDestinationURL: outside)
            let result = try CLIRunner.run(
                ["batch", template, "--data", data, "--out", out.path, "--name", "{{name}}.pdf", "--jobs", jobs])
            #expect(result.status == 1)
            #expect(result.stderr.contains("rendered 4, failed 3, skipped 0"), "\(result.stderr)")
            let log = try String(contentsOf: out.appendingPathComponent("errors.ndjson"), encoding: .utf8)
            #expect(log.contains(#""record":2"#) && log.contains("is already record 0's"), "\(log)")
            #expect(log.contains(#""record":4"#) && log.contains("symbolic link"), "\(log)")
            #expect(log.contains(#""record":5"#) && log.contains("reserved"), "\(log)")
            let written = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
            #expect(written == ["a.pdf", "b.pdf", "c.pdf", "errors.ndjson", "errors.pdf", "sub"])
            #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
        }
    }

    /// `--name '{{buyer.name}}.pdf'` over invoices whose buyers repeat printed "rendered 1000" and
    /// left 784 files: now the first invoice of each buyer keeps the name and every later one is
    /// listed, naming the record that has it.
    @Test func invoicesNamedByTheirBuyerLoseNoRecord() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let base = try String(contentsOfFile: "Templates/invoice.data.json", encoding: .utf8)
            .replacingOccurrences(of: "\n", with: " ")
        let buyer = try #require(base.range(of: #""name": "Oscorp Systems AB""#))
        let records = (0..<40).map { base.replacingCharacters(in: buyer, with: #""name": "Buyer \#($0 % 10)""#) }
        let data = dir.appendingPathComponent("invoices.ndjson")
        try (records.joined(separator: "\n") + "\n").write(to: data, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("out")
        let run = try CLIRunner.run(
            ["batch", "Templates/invoice.json", "--data", data.path, "--out", out.path, "--name", "{{buyer.name}}.pdf"])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("rendered 10, failed 30, skipped 0"), "\(run.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path)
        #expect(Set(files) == Set((0..<10).map { "Buyer \($0).pdf" } + ["errors.ndjson"]))
        let log = try String(contentsOf: out.appendingPathComponent("errors.ndjson"), encoding: .utf8)
        let lines = log.split(separator: "\n")
        #expect(lines.count == 30)
        for index in 10..<40 {
            #expect(
                lines.contains {
                    $0.contains(#""record":\#(index),"#) && $0.contains("is already record \(index % 10)'s")
                },
                "record \(index)")
        }
    }

    /// Temporary files a killed run left (its process is gone) are removed when the next run
    /// starts; those of a live process, another host, or another program are left alone.
    @Test func staleTemporaryFilesAreRemoved() throws {
        let (dir, template, data) = try Self.setUp(["a"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        var host = [CChar](repeating: 0, count: 256)
        gethostname(&host, 255)
        let hostName = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let dead = ".a.pdf.galley-tmp-\(hostName)-999999-abcdef"
        let live = ".b.pdf.galley-tmp-\(hostName)-1-abcdef"
        let otherHost = ".c.pdf.galley-tmp-elsewhere-999999-abcdef"
        let notOurs = ".d.pdf.tmp-abcdef"
        for name in [dead, live, otherHost, notOurs] {
            try Data("partial".utf8).write(to: out.appendingPathComponent(name))
        }
        let result = try CLIRunner.run(["batch", template, "--data", data, "--out", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: out.path))
        #expect(!left.contains(dead))
        #expect(left.isSuperset(of: [live, otherHost, notOurs, "0.pdf"]))
    }

    /// When the error log cannot be written, the batch stops at once and counts what it did
    /// not attempt, instead of losing the failures.
    @Test func anErrorLogThatCannotBeWrittenStopsTheBatch() throws {
        let names = (0..<40).map { $0 % 2 == 0 ? "ok\($0)" : "dup" }
        let (dir, template, data) = try Self.setUp(names)
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out")
        // A folder where the log should go: opening it for writing fails (EISDIR).
        try FileManager.default.createDirectory(
            at: out.appendingPathComponent("errors.ndjson"), withIntermediateDirectories: true)
        let result = try CLIRunner.run(
            ["batch", template, "--data", data, "--out", out.path, "--name", "{{name}}.pdf", "--jobs", "1"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("output cannot be written"), "\(result.stderr)")
        let summary = try #require(result.stderr.split(separator: "\n").last.map(String.init))
        let counts = Self.counts(summary)
        #expect(counts["failed"] == 0 && (counts["not attempted"] ?? 0) > 0, "\(summary)")
        #expect(counts.values.reduce(0, +) == 40, "every record counted once: \(summary)")
    }

    /// On a full disk (a 1 MB tmpfs) the batch stops cleanly: every record is rendered or
    /// counted as not attempted, no temporary file is left, exit status 1.
    @Test(.enabled(if: getuid() == 0, "mounting a tmpfs needs root"))
    func aFullDiskEndsTheBatchWithASummary() throws {
        let (dir, _, _) = try Self.setUp([])
        defer { try? FileManager.default.removeItem(at: dir) }
        let mountPoint = dir.appendingPathComponent("tiny")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        let disk = try #require(try ScratchDisk.mount(at: mountPoint.path, options: "size=1m"), "mount failed")
        defer { disk.unmount() }
        let out = mountPoint.appendingPathComponent("out")
        let records = (0..<120).map { _ in try? String(contentsOfFile: "Templates/invoice.data.json", encoding: .utf8) }
        let data = dir.appendingPathComponent("many.ndjson")
        try records.compactMap { $0?.replacingOccurrences(of: "\n", with: " ") }.joined(separator: "\n")
            .write(to: data, atomically: true, encoding: .utf8)
        let full = try CLIRunner.run(
            ["batch", "Templates/invoice.json", "--data", data.path, "--out", out.path, "--name", "{{index}}.pdf"])
        #expect(full.status == 1, "\(full.stderr)")
        let summary = try #require(full.stderr.split(separator: "\n").last.map(String.init))
        let counts = Self.counts(summary)
        #expect((counts["not attempted"] ?? 0) > 0, "\(summary)")
        #expect(counts.values.reduce(0, +) == 120, "every record counted once: \(summary)")
        let left = try FileManager.default.contentsOfDirectory(atPath: out.path)
        #expect(!left.contains { $0.contains("galley-tmp") }, "no temporary file left")
        #expect(left.filter { $0.hasSuffix(".pdf") }.count == counts["rendered"] ?? -1)
    }

    /// `rendered 1, failed 2, skipped 0, not attempted 3 in …` as numbers by label.
    static func counts(_ summary: String) -> [String: Int] {
        var counts: [String: Int] = [:]
        let head = summary.components(separatedBy: " in ").first ?? summary
        for part in head.split(separator: ",") {
            let words = part.split(separator: " ")
            guard let number = words.last.flatMap({ Int($0) }) else { continue }
            counts[words.dropLast().joined(separator: " ")] = number
        }
        return counts
    }
}
