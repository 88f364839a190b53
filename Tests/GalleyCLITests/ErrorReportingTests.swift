import Foundation
import Testing

/// A malformed template exits non-zero with one line naming the file, the place and the fix,
/// and leaves no output file.
@Suite("errors name the file, the place and the fix")
struct ErrorReportingTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let template: String
        /// Substrings the one error line must contain.
        let expected: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "bad JSON", template: "{ \"galley\": 1, \"size\": [100, 100], \"body\": { \"type\": \"box\", ",
            expected: [":1:", "not closed"]),
        Case(
            name: "unknown type", template: "{ galley: 1, size: [100, 100],\n  body: { type: \"boxx\" } }",
            expected: [":2:17:", "$.body.type", "unknown element type \"boxx\"", "did you mean \"box\"?"]),
        Case(
            name: "missing image file",
            template: "{ galley: 1, size: [100, 100], body: { type: \"image\", src: \"missing.png\" } }",
            expected: ["$.body.src", "missing.png"]),
        Case(
            name: "unknown key", template: "{ galley: 1, size: [100, 100], body: { type: \"box\", colour: \"red\" } }",
            expected: ["$.body.colour", "unknown key", "known keys"]),
        Case(
            name: "wrong value kind",
            template:
                "{ galley: 1, size: [100, 100], body: { type: \"stack\", children: [{ type: \"box\", width: \"abc\" }] } }",
            expected: ["$.body.children[0].width", "expected a length", "got \"abc\""]),
        Case(
            name: "missing data path",
            template: "{ galley: 1, size: [100, 100], body: { type: \"text\", text: \"{{a.b}}\" } }",
            expected: ["$.body.text", "a.b", "default"]),
        Case(
            name: "missing version", template: "{ size: [100, 100], body: { type: \"box\" } }",
            expected: ["galley", "add \"galley\": 1"]),
    ]

    @Test(arguments: cases)
    func malformedTemplateFailsCleanly(_ testCase: Case) throws {
        let dir = try CLIRunner.temporaryDirectory()
        let template = dir.appendingPathComponent("t.json")
        try testCase.template.write(to: template, atomically: true, encoding: .utf8)
        for output in ["out.png", "out.pdf"] {
            let result = try CLIRunner.run(["render", template.path, "-o", output], in: dir)
            #expect(result.status == 2)
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 1, "one line: \(result.stderr)")
            let line = String(lines.first ?? "")
            #expect(line.hasPrefix(template.path), "names the file: \(line)")
            for fragment in testCase.expected {
                #expect(line.contains(fragment), "\(fragment) in \(line)")
            }
            let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0 != "t.json" }
            #expect(left.isEmpty, "no output or temporary file left: \(left)")
        }
    }

    @Test func missingTemplateFileIsNamed() throws {
        let result = try CLIRunner.run(["render", "no/such/template.json", "-o", "x.png"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("no/such/template.json") && result.stderr.contains("no such template file"))
    }

    @Test func unknownCommandAndOptionAreUsageErrors() throws {
        #expect(try CLIRunner.run(["frobnicate"]).status == 2)
        let result = try CLIRunner.run(["render", "Templates/hello.json", "--bogus"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--bogus"))
    }
}
