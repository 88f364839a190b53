import Foundation
import Testing

@Suite("galley batch")
struct BatchCommandTests {
    static let template = "Templates/hello.json"

    /// `count` hello records as NDJSON; `patch` may change or break any of them.
    static func records(_ count: Int, in dir: URL, patch: (Int, inout [String: Any]) -> Void = { _, _ in }) throws
        -> String
    {
        var lines = [String]()
        for index in 0..<count {
            var record: [String: Any] = [
                "name": "Reader \(index)", "message": "Record number \(index) of the batch.", "from": "the batch",
                "tags": ["n\(index)", "batch"],
            ]
            patch(index, &record)
            lines.append(
                String(
                    decoding: try JSONSerialization.data(withJSONObject: record, options: [.sortedKeys]), as: UTF8.self)
            )
        }
        let url = dir.appendingPathComponent("records.ndjson")
        try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    static func files(_ dir: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
    }

    static func errorLines(_ dir: URL) throws -> [[String: Any]] {
        let text = try String(contentsOf: dir.appendingPathComponent("errors.ndjson"), encoding: .utf8)
        return try text.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]
        }
    }

    @Test func sixtyPDFsAllPassQPDFWithOneJSONLinePerRecord() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let data = try Self.records(60, in: dir)
        let out = dir.appendingPathComponent("out")
        let result = try CLIRunner.run(["batch", Self.template, "--data", data, "--out", out.path, "--jobs", "2"])
        #expect(result.status == 0, "\(result.stderr)")
        let names = try Self.files(out)
        #expect(Set(names) == Set((0..<60).map { "\($0).pdf" }))
        for name in names {
            let check = try CLIRunner.tool("qpdf", ["--check", out.appendingPathComponent(name).path])
            #expect(check.status == 0, "\(name): \(check.stdout)\(check.stderr)")
        }
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 60)
        #expect(lines.allSatisfy { $0.contains("\"status\":\"ok\"") && $0.contains("\"ms\":") })
        #expect(result.stderr.contains("rendered 60, failed 0, skipped 0 in "))
    }

    @Test func badRecordsAreLoggedAndEveryOtherRecordRenders() throws {
        let dir = try CLIRunner.temporaryDirectory()
        // The hello template with the avatar bound from the data.
        let hello = try String(contentsOf: CLIRunner.packageRoot.appendingPathComponent(Self.template), encoding: .utf8)
        let templateURL = dir.appendingPathComponent("card.json")
        // Images resolve inside the template's folder: the assets go beside the template.
        try FileManager.default.copyItem(
            at: CLIRunner.packageRoot.appendingPathComponent("Templates/assets"),
            to: dir.appendingPathComponent("assets"))
        try hello.replacingOccurrences(of: "src: \"assets/avatar.png\"", with: "src: \"{{avatar}}\"")
            .write(to: templateURL, atomically: true, encoding: .utf8)
        let data = try Self.records(12, in: dir) { index, record in
            record["avatar"] = index == 7 ? "/nonexistent/avatar.png" : "assets/avatar.png"
            if index == 3 { record["name"] = nil }
        }
        let out = dir.appendingPathComponent("out")
        let result = try CLIRunner.run([
            "batch", templateURL.path, "--data", data, "--out", out.path, "--jobs", "2", "--name", "card-{{index}}.pdf",
        ])
        #expect(result.status == 1, "\(result.stderr)")
        let expected = Set((0..<12).filter { $0 != 3 && $0 != 7 }.map { "card-\($0).pdf" } + ["errors.ndjson"])
        #expect(Set(try Self.files(out)) == expected)
        let errors = try Self.errorLines(out).sorted { ($0["record"] as? Int ?? 0) < ($1["record"] as? Int ?? 0) }
        #expect(errors.map { $0["record"] as? Int } == [3, 7])
        #expect(errors.first?["name"] as? String == "card-3.pdf")
        #expect((errors.first?["error"] as? String)?.contains("no value at 'name'") == true)
        #expect(
            (errors.last?["error"] as? String)?.contains("\"/nonexistent/avatar.png\" is outside the folders") == true)
        #expect(result.stdout.split(separator: "\n").filter { $0.contains("\"failed\"") }.count == 2)
        #expect(result.stderr.contains("rendered 10, failed 2, skipped 0"))
    }

    @Test func malformedDataLinesAndEscapingNamesArePerRecordErrors() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let data = dir.appendingPathComponent("mixed.ndjson")
        try """
        {"name": "a", "message": "m", "from": "f", "tags": [], "file": "ok"}
        {"name": "b", oops
        {"name": "c", "message": "m", "from": "f", "tags": [], "file": "../escape"}

        """.write(to: data, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("out")
        let result = try CLIRunner.run([
            "batch", Self.template, "--data", data.path, "--out", out.path, "--name", "{{file}}.pdf",
        ])
        #expect(result.status == 1)
        #expect(Set(try Self.files(out)) == ["ok.pdf", "errors.ndjson"])
        let errors = try Self.errorLines(out)
        #expect(Set(errors.compactMap { $0["record"] as? Int }) == [1, 2])
        #expect(errors.contains { ($0["error"] as? String)?.contains("escapes the output folder") == true })
    }

    @Test func failFastStopsAtTheFirstFailure() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let data = try Self.records(40, in: dir) { index, record in
            if index == 0 { record["name"] = nil }
        }
        let out = dir.appendingPathComponent("out")
        let result = try CLIRunner.run([
            "batch", Self.template, "--data", data, "--out", out.path, "--jobs", "1", "--fail-fast",
        ])
        #expect(result.status == 1)
        #expect(try Self.errorLines(out).count == 1)
        #expect(try Self.files(out).count < 41)
    }

    @Test func tinyTimeoutGivesTimeoutErrorsNotFiles() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let data = try Self.records(4, in: dir)
        let out = dir.appendingPathComponent("out")
        let result = try CLIRunner.run([
            "batch", Self.template, "--data", data, "--out", out.path, "--timeout", "0.000001", "--format", "png",
        ])
        #expect(result.status == 1)
        #expect(try Self.files(out) == ["errors.ndjson"])
        let errors = try Self.errorLines(out)
        #expect(errors.count == 4)
        #expect(errors.allSatisfy { ($0["error"] as? String) == "timed out after 0.000001s" })
    }

    @Test func threeShardsMakeExactlyTheFilesOfOneRun() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let data = try Self.records(14, in: dir)
        let environment = ["SOURCE_DATE_EPOCH": "1700000000"]
        let whole = dir.appendingPathComponent("whole")
        let sharded = dir.appendingPathComponent("sharded")
        let run = try CLIRunner.run(
            ["batch", Self.template, "--data", data, "--out", whole.path], environment: environment)
        #expect(run.status == 0, "\(run.stderr)")
        for shard in 0..<3 {
            let part = try CLIRunner.run(
                [
                    "batch", Self.template, "--data", data, "--out", sharded.path, "--shard", "\(shard)/3", "--jobs",
                    "1",
                ],
                environment: environment)
            #expect(part.status == 0, "\(part.stderr)")
            #expect(part.stdout.split(separator: "\n").count == (0..<14).filter { $0 % 3 == shard }.count)
        }
        let names = try Self.files(whole)
        #expect(names.count == 14)
        // Besides the outputs, each shard leaves its manifest and journal (galley shards reads them).
        let bookkeeping = (0..<3).flatMap { ["shard-\($0)-of-3.json", "shard-\($0)-of-3.done.ndjson"] }
        #expect(try Self.files(sharded) == (names + bookkeeping).sorted())
        for name in names {
            let a = try Data(contentsOf: whole.appendingPathComponent(name))
            let b = try Data(contentsOf: sharded.appendingPathComponent(name))
            #expect(a == b, "\(name) differs between the sharded and the whole run")
        }
    }

    @Test func interruptLeavesNoPartialFilesAndResumeFinishes() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let count = 150
        let data = try Self.records(count, in: dir)
        let out = dir.appendingPathComponent("out")
        let arguments = [
            "batch", Self.template, "--data", data, "--out", out.path, "--jobs", "2", "--format", "png", "--scale", "3",
        ]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLIRunner.executable)
        process.arguments = arguments
        process.currentDirectoryURL = CLIRunner.packageRoot
        process.standardOutput = FileHandle.nullDevice
        let err = Pipe()
        process.standardError = err
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        // Finished outputs only: the temporary files of the records in flight are removed on interrupt.
        func finished() -> Int { ((try? Self.files(out)) ?? []).filter { !$0.hasPrefix(".") }.count }
        while Date() < deadline, process.isRunning, finished() < 5 {
            Thread.sleep(forTimeInterval: 0.02)
        }
        process.interrupt()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130, "\(stderr)")
        #expect(stderr.contains("interrupted"))
        let partial = try Self.files(out)
        #expect(partial.count >= 5 && partial.count < count)
        #expect(partial.allSatisfy { $0.hasSuffix(".png") && !$0.hasPrefix(".") }, "\(partial)")
        for name in partial {
            let size = try CLIRunner.pngSize(out.appendingPathComponent(name))
            #expect(size.width == 612 * 3, "\(name) is complete")
        }

        let resumed = try CLIRunner.run(arguments + ["--resume"])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stderr.contains("skipped \(partial.count) in"))
        #expect(Set(try Self.files(out)) == Set((0..<count).map { "\($0).png" }))
    }

    @Test func usageAndTemplateErrorsExitTwoBeforeAnyRecord() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let data = try Self.records(3, in: dir)
        let out = dir.appendingPathComponent("out")
        #expect(try CLIRunner.run(["batch", Self.template, "--out", out.path]).status == 2)
        #expect(
            try CLIRunner.run(["batch", Self.template, "--data", data, "--out", out.path, "--shard", "3/3"]).status == 2
        )
        #expect(
            try CLIRunner.run(["batch", Self.template, "--data", data, "--out", out.path, "--name", "{{x}}.txt"]).status
                == 2)
        let broken = try CLIRunner.run(["batch", "Templates/none.json", "--data", data, "--out", out.path])
        #expect(broken.status == 2)
        #expect(broken.stderr.contains("no such template file"))
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test func helpHasExamples() throws {
        let result = try CLIRunner.run(["batch", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("EXAMPLES:") && result.stdout.contains("--shard I/N"))
    }
}
