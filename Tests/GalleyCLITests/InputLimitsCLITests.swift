import Foundation
import GalleyTestSupport
import Glibc
import Testing

/// Issue 14's inputs through the `galley` executable: each is a clear error with exit status 2
/// (1 for a batch, whose other records render), never a trap (132) or SIGSEGV (139).
@Suite struct InputLimitsCLITests {
    static func write(_ text: String, _ name: String, in dir: URL) throws -> String {
        let url = dir.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test(arguments: ["1e300", "inf", "nan", "-62167219201", "253402300800"])
    func invalidSourceDateEpochIsAnError(value: String) throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let output = dir.appendingPathComponent("out.pdf").path
        let run = try CLIRunner.run(
            ["render", "Templates/hello.json", "--data", "Templates/hello.data.json", "-o", output],
            environment: ["SOURCE_DATE_EPOCH": value])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("SOURCE_DATE_EPOCH=\(value) is not a date Galley can write"), "\(run.stderr)")
        #expect(run.stderr.contains("from -62167219200 to 253402300799"))
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    /// Year 9999 is the last a PDF date holds; it is written as such (qpdf accepts the file).
    @Test func lastAcceptedYearWritesAValidPDF() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let output = dir.appendingPathComponent("out.pdf").path
        let run = try CLIRunner.run(
            ["render", "Templates/hello.json", "--data", "Templates/hello.data.json", "-o", output],
            environment: ["SOURCE_DATE_EPOCH": "253402300799"])
        #expect(run.status == 0, "\(run.stderr)")
        let pdf = try Data(contentsOf: URL(fileURLWithPath: output))
        #expect(String(decoding: pdf, as: UTF8.self).contains("/CreationDate (99991231235959Z)"))
        #expect(try PDFTools.qpdfCheck(output).status == 0)
    }

    /// A poison record (`lines: 1e19` bound to maxLines) is that record's error; the others render.
    @Test func poisonRecordIsLoggedAndTheOthersRender() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let template = try Self.write(
            #"{galley: 1, size: [100, 40], body: {type: "text", text: "{{name}}", maxLines: "{{lines}}"}}"#, "t.json",
            in: dir)
        let records = (0..<10).map { #"{"name": "r\#($0)", "lines": \#($0 == 5 ? "1e19" : "2")}"# }
        let data = try Self.write(records.joined(separator: "\n") + "\n", "d.ndjson", in: dir)
        let out = dir.appendingPathComponent("out")
        let run = try CLIRunner.run(["batch", template, "--data", data, "--out", out.path, "--format", "png"])
        #expect(run.status == 1, "\(run.stderr)")
        let log = try String(contentsOf: out.appendingPathComponent("errors.ndjson"), encoding: .utf8)
        let lines = log.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(
            lines.first?.contains("record 5: expected a whole number from 0 to 100000, got 1e19") == true, "\(log)")
        let pngs = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".png") }
        #expect(pngs.count == 9)
    }

    /// 50,000-term expressions and 100,000 nested brackets through the executable.
    @Test func hostileExpressionsAndNesting() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let sum = Array(repeating: "a", count: 50_000).joined(separator: "+")
        let long = try Self.write(
            #"{"galley": 1, "size": [200, 40], "sampleData": {"a": 1}, "body": {"type": "text", "text": "{{"# + sum
                + #"}}"}}"#, "sum.json", in: dir)
        let layout = try CLIRunner.run(["layout", long])
        #expect(layout.status == 0, "\(layout.stderr)")
        let deep = try Self.write(
            #"{"galley": 1, "size": [200, 40], "body": "# + String(repeating: "[", count: 100_000) + "}", "deep.json",
            in: dir)
        let nested = try CLIRunner.run(["render", deep, "-o", dir.appendingPathComponent("x.png").path])
        #expect(nested.status == 2)
        #expect(nested.stderr.contains("arrays and objects nested deeper than 512 levels"), "\(nested.stderr)")
    }
}

/// The rest of issue 14's command-line inputs: `--timeout 1e308`, `--jobs 100000`, a 0-byte data
/// file, a read-only output folder, and a megabyte text node under `--timeout`.
@Suite struct HostileOptionsCLITests {
    @Test(arguments: ["render", "batch"])
    func anUnboundedTimeoutIsAUsageError(command: String) throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = command == "render" ? ["-o", dir.path + "/x.pdf"] : ["--out", dir.path + "/out"]
        let run = try CLIRunner.run(
            [command, "Templates/hello.json", "--data", "Templates/hello.data.json", "--timeout", "1e308"] + target)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(
            run.stderr.contains("--timeout must be above 0 and at most 1000000 seconds, got 1e308"), "\(run.stderr)")
    }

    @Test func aHundredThousandJobsAreCappedWithAMessage() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let record = try String(contentsOfFile: "Templates/hello.data.json", encoding: .utf8)
            .replacingOccurrences(of: "\n", with: " ")
        let data = try InputLimitsCLITests.write(record + "\n" + record + "\n", "d.ndjson", in: dir)
        let run = try CLIRunner.run(
            ["batch", "Templates/hello.json", "--data", data, "--out", dir.path + "/out", "--jobs", "100000"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("--jobs 100000 is more than 256; using 256"), "\(run.stderr)")
        #expect(run.stderr.contains("rendered 2, failed 0"), "\(run.stderr)")
    }

    /// A 0-byte data file is a failure that names the file, not "0 records, exit 0".
    @Test func anEmptyDataFileIsAFailure() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for name in ["empty.csv", "empty.ndjson", "empty.json"] {
            let data = try InputLimitsCLITests.write("", name, in: dir)
            let out = dir.appendingPathComponent("out-" + name)
            let batch = try CLIRunner.run(["batch", "Templates/hello.json", "--data", data, "--out", out.path])
            #expect(batch.status == 1, "\(name): \(batch.stderr)")
            let log = try String(contentsOf: out.appendingPathComponent("errors.ndjson"), encoding: .utf8)
            #expect(log.contains("the data file") && log.contains(name), "\(log)")
            let render = try CLIRunner.run(["render", "Templates/hello.json", "--data", data, "-o", out.path + ".pdf"])
            #expect(render.status == 2 && render.stderr.contains("the data file"), "\(name): \(render.stderr)")
        }
    }

    /// A read-only output folder (a read-only tmpfs: root may write anywhere else) is refused before
    /// any record, instead of failures going to a log that cannot be created.
    @Test(.enabled(if: getuid() == 0, "mounting a tmpfs needs root"))
    func aReadOnlyOutputFolderIsRefusedAtOnce() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("read-only")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        guard let disk = try ScratchDisk.mount(at: out.path, options: "size=1m,ro") else { return }
        defer { disk.unmount() }
        let run = try CLIRunner.run(
            ["batch", "Templates/hello.json", "--data", "Templates/hello.data.json", "--out", out.path])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("cannot write into the output folder \(out.path): Read-only file system"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
    }

    /// One text node of a megabyte (it took 108 s): `--timeout` stops it inside typesetting, with the
    /// record's error and no file (how promptly is measured by `make bench`, group longtext).
    @Test func aMegabyteTextNodeStopsAtTheTimeout() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let template = try InputLimitsCLITests.write(
            #"{galley: 1, page: {size: "A4"}, body: {type: "text", text: "{{text}}"}}"#, "t.json", in: dir)
        let words = (0..<(1 << 20) / 6).map { "w\($0 % 9973) " }.joined()
        let data = try InputLimitsCLITests.write("{\"text\": \"\(words)\"}", "d.json", in: dir)
        let output = dir.appendingPathComponent("long.pdf").path
        let start = ContinuousClock.now
        let run = try CLIRunner.run(["render", template, "--data", data, "-o", output, "--timeout", "0.5"])
        print("a \(words.utf8.count)-byte text node with --timeout 0.5 ended after \(ContinuousClock.now - start)")
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("timed out after 0.5s"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }
}
