import Galley
import GalleyTemplates
import Glibc

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
        guard !name.isEmpty, !name.hasPrefix("/"),
            !components.contains(where: { $0 == ".." || $0.isEmpty || $0 == "." })
        else {
            throw RecordFailure("output name '\(name)' is empty or escapes the output folder")
        }
        if let bad = name.unicodeScalars.first(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw RecordFailure(
                "output name '\(Self.printable(name))' has a control character (U+\(String(bad.value, radix: 16, uppercase: true))); "
                    + "names are file names")
        }
        if components.contains(where: { $0.hasPrefix(".galley") }) || Self.isErrorLogName(name)
            || Shard.isBookkeepingName(name)
        {
            throw RecordFailure(
                "output name '\(name)' is reserved for the batch's own files (errors*.ndjson, "
                    + "shard-I-of-N.json and .done.ndjson, .galley*); change --name")
        }
        return name
    }

    /// The path of `name` inside the output folder.
    func path(_ name: String) -> String { directory + "/" + name }

    /// Checks that the folders on the way to `name` inside the output folder are folders, not
    /// symbolic links: a record never writes through a link planted in the output folder.
    func checkFolders(of name: String) throws(RecordFailure) {
        let components = name.split(separator: "/")
        var path = directory
        for component in components.dropLast() {
            path += "/" + component
            var info = stat()
            guard lstat(path, &info) == 0 else { return }  // created later, by the batch itself
            let kind = info.st_mode & S_IFMT
            if kind == S_IFLNK {
                throw RecordFailure(
                    "output name '\(name)' goes through the symbolic link '\(path)' inside the output folder; "
                        + "Galley does not write through links")
            }
            if kind != S_IFDIR { throw RecordFailure("output name '\(name)': '\(path)' is a file, not a folder") }
        }
    }

    /// `errors.ndjson`, or a shard's `errors-I-of-N.ndjson`.
    static func isErrorLogName(_ name: String) -> Bool {
        name == "errors.ndjson" || (name.hasPrefix("errors-") && name.hasSuffix(".ndjson") && name.contains("-of-"))
    }

    /// The name with control characters shown as `?`.
    static func printable(_ name: String) -> String {
        String(String.UnicodeScalarView(name.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : $0 }))
    }
}

/// Why one record failed, phrased for errors.ndjson.
struct RecordFailure: Error, Sendable, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
