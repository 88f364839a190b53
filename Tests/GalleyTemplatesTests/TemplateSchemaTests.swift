import Foundation
import GalleyTemplates
import Testing

/// Templates/galley.schema.json (JSON Schema 2020-12) accepts every example template and
/// rejects unknown keys and types. Validation is Python's jsonschema (scripts/install-deps --test).
@Suite("template JSON Schema")
struct TemplateSchemaTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let schema = root.appendingPathComponent("Templates/galley.schema.json").path

    static let validator = """
        import json, sys
        from jsonschema import Draft202012Validator
        schema = json.load(open(sys.argv[1]))
        Draft202012Validator.check_schema(schema)
        errors = list(Draft202012Validator(schema).iter_errors(json.load(open(sys.argv[2]))))
        for error in errors:
            print("/".join(str(p) for p in error.absolute_path) + ": " + error.message)
        sys.exit(1 if errors else 0)
        """

    /// Converts JSON5 template text to plain JSON and validates it; returns the exit status and messages.
    static func validate(_ text: String, file: String) throws -> (status: Int32, output: String) {
        let json = try JSONParser.parse(text, file: file).value.jsonText
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent(
            "schema-\(UUID().uuidString).json")
        try json.write(to: temporary, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: temporary) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", validator, schema, temporary.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    static var examples: [String] {
        let folder = root.appendingPathComponent("Templates").path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".json") && !$0.hasSuffix(".data.json") && $0 != "galley.schema.json" }
            .sorted()
    }

    @Test func thereAreExamplesToValidate() {
        #expect(!Self.examples.isEmpty)
    }

    @Test(arguments: examples)
    func exampleTemplateIsValid(name: String) throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("Templates/\(name)"), encoding: .utf8)
        let result = try Self.validate(text, file: name)
        #expect(result.status == 0, "\(name): \(result.output)")
    }

    @Test(arguments: [
        #"{galley: 1, size: [10, 10], body: {type: "box", colour: "red"}}"#,
        #"{galley: 1, size: [10, 10], body: {type: "circle"}}"#,
        #"{galley: 1, size: [10, 10], bodyy: {type: "box"}}"#,
        #"{galley: 1, size: [10, 10], body: {type: "stack", children: [{type: "text", text: "x", fontSzie: 3}]}}"#,
    ])
    func unknownKeysAndTypesAreRejected(text: String) throws {
        let result = try Self.validate(text, file: "bad.json")
        #expect(result.status == 1, "\(result.output)")
    }
}
