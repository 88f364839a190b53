import Galley
import GalleyTemplates

/// Turns a record into its output path: binds the `--name` template and keeps the result inside
/// the output folder.
struct OutputNamer: Sendable {
    let template: BindingTemplate
    let directory: String
    let format: OutputFormat

    /// - Throws: `BatchError` when the name template does not parse or its format is unclear.
    init(nameTemplate: String?, format: OutputFormat?, directory: String) throws(BatchError) {
        let chosen = format ?? nameTemplate.flatMap { OutputFormat(path: $0) } ?? .pdf
        if let nameTemplate, format == nil, OutputFormat(path: nameTemplate) == nil {
            throw BatchError(
                "cannot tell the format of --name '\(nameTemplate)': end it in .pdf or .png, or pass --format")
        }
        let source = nameTemplate ?? "{{index}}.\(chosen.rawValue)"
        do {
            template = try BindingTemplate(parsing: source)
        } catch {
            throw BatchError("--name '\(source)': \(error)")
        }
        self.directory = directory
        self.format = chosen
    }

    /// The record's file name relative to the output folder.
    /// - Throws: a message when the name cannot be bound or would leave the folder.
    func name(for value: JSONValue, index: Int) throws(RecordFailure) -> String {
        let scope = BindingScope(data: value).binding("index", to: .number(Double(index)))
        let name: String
        do {
            name = try template.string(in: scope)
        } catch {
            throw RecordFailure("output name: \(error)")
        }
        let components = name.split(separator: "/", omittingEmptySubsequences: false)
        guard !name.isEmpty, !name.hasPrefix("/"), !name.contains("\0"),
            !components.contains(where: { $0 == ".." || $0.isEmpty })
        else {
            throw RecordFailure("output name '\(name)' is empty or escapes the output folder")
        }
        return name
    }

    /// The path of `name` inside the output folder.
    func path(_ name: String) -> String { directory + "/" + name }
}

/// Why one record failed, phrased for errors.ndjson.
struct RecordFailure: Error, Sendable, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
