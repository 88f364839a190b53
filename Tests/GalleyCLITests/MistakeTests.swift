import Foundation
import Testing

/// Every mistake of `Mistake.all` fails `galley render` with exit 2 and one line naming the file,
/// line:column and JSON path, what was expected and what to do, and leaves no file — or, for a
/// warning, renders and prints a named warning. None renders silently wrong.
@Suite("mistakes give one located line")
struct MistakeTests {
    @Test func thereAreAtLeastFortyMistakes() {
        #expect(Mistake.all.count >= 40)
        #expect(Set(Mistake.all.map(\.name)).count == Mistake.all.count, "names are unique")
    }

    @Test(arguments: Mistake.all)
    func mistakeIsOneLocatedLine(_ mistake: Mistake) throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let template = dir.appendingPathComponent("t.json")
        try mistake.template.write(to: template, atomically: true, encoding: .utf8)
        var arguments = ["render", template.path, "-o", dir.appendingPathComponent("out.pdf").path]
        if let data = mistake.data {
            let file = dir.appendingPathComponent("d.json")
            try data.write(to: file, atomically: true, encoding: .utf8)
            arguments += ["--data", file.path]
        }
        let result = try CLIRunner.run(arguments)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        if mistake.isWarning {
            #expect(result.status == 0, "\(result.stderr)")
            let warning = lines.first { $0.contains("warning:") } ?? ""
            for fragment in mistake.expected { #expect(warning.contains(fragment), "\(fragment) in \(warning)") }
            let check = try CLIRunner.run(["check", template.path])
            #expect(check.stderr.contains(mistake.expected[0]), "check prints it too: \(check.stderr)")
            #expect(check.stderr.contains("\(template.path):"), "check names the place: \(check.stderr)")
            return
        }
        #expect(result.status == 2, "\(result.stderr)")
        #expect(lines.count == 1, "one line: \(result.stderr)")
        let line = lines.first ?? ""
        // FILE:LINE:COL: at $.PATH: what is wrong (what to do)
        let place = try Regex(#"^.*t\.json:\d+:\d+: at \$"#)
        #expect(line.contains(place), "file:line:col and a JSON path: \(line)")
        #expect(line.contains("(") || line.contains("expected"), "says what to do: \(line)")
        for fragment in mistake.expected { #expect(line.contains(fragment), "\(fragment) in \(line)") }
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { !$0.hasSuffix(".json") }
        #expect(left.isEmpty, "no output file: \(left)")
    }
}
