import Foundation
import Galley
import GalleyRender
import GalleyTemplates

/// What several commands share: loading a template, one record of data, a document, and
/// writing it.
enum CommandSupport {
    static func template(_ arguments: Arguments, command: String) throws -> Template {
        guard let path = arguments.positionals.first else {
            throw UsageError("missing the TEMPLATE argument")
        }
        guard arguments.positionals.count == 1 else {
            throw UsageError("unexpected argument '\(arguments.positionals[1])'")
        }
        let policy = try resourcePolicy(arguments)
        do {
            return try Template.load(path: path, policy: policy)
        } catch {
            throw CommandFailure(message: error.description)
        }
    }

    /// `--allow-dir DIR` (repeatable) and `--max-pixels N`: the folders besides the template's
    /// own that resources may come from, and one document's image pixel budget.
    static func resourcePolicy(_ arguments: Arguments) throws -> ResourcePolicy {
        var policy = ResourcePolicy(allowedFolders: arguments.values("allow-dir"))
        if let pixels = try arguments.int("max-pixels") {
            guard pixels > 0 else { throw UsageError("--max-pixels must be a positive whole number of pixels") }
            policy.maxImagePixelsPerDocument = pixels
        }
        return policy
    }

    /// The help lines of `--allow-dir` and `--max-pixels`, shared by every command that loads a template.
    static let resourceOptionsHelp = """
          --allow-dir DIR   also read images and font folders from DIR (repeatable); by default
                            only the template's own folder (docs/security.md)
          --max-pixels N    the most pixels one document's images may decode to together
                            (default 100000000)
        """

    /// The help lines of the data options, shared by every command that reads data.
    static let dataOptionsHelp = """
          --data, -d FILE   data: a JSON object, or a JSON array / NDJSON / CSV file of records (- = stdin)
          --data-format F   json, ndjson or csv: the data's format when FILE's extension does not say
                            (needed for - , standard input)
          --data-as SHAPE   records: one document per record (default); array: one document with every
                            record in one `records` array (a sheet of labels); the template's data.as
                            otherwise
        """

    /// `--data-format` and `--data-as` (over the template's `data.as`).
    static func dataReading(_ arguments: Arguments, template: Template) throws -> (DataFormat?, DataOptions) {
        var format: DataFormat?
        if let name = arguments.value("data-format") {
            guard let parsed = DataFormat(rawValue: name) else {
                throw UsageError("--data-format must be json, ndjson or csv, got '\(name)'")
            }
            format = parsed
        }
        var options = template.dataOptions
        if let shape = arguments.value("data-as") {
            guard let parsed = DataShape(rawValue: shape) else {
                throw UsageError("--data-as must be records or array, got '\(shape)'")
            }
            options.shape = parsed
        }
        return (format, options)
    }

    /// The reader of `--data FILE` (with `--data-format`, `--data-as` and the template's field types).
    static func reader(_ path: String, _ arguments: Arguments, template: Template) throws -> RecordReader {
        let (format, options) = try dataReading(arguments, template: template)
        do {
            return try RecordReader(path: path, format: format, options: options)
        } catch {
            throw CommandFailure(message: "\(error)")
        }
    }

    /// The record to bind: `--data FILE` (a JSON object, or the `--record N`th element of an
    /// array, NDJSON line or CSV row; with `--data-as array` all of them as `records`), else the
    /// template's `sampleData`, else `{}`.
    static func record(_ arguments: Arguments, template: Template) throws -> (value: JSONValue, index: Int?) {
        let index = try arguments.int("record")
        guard let path = arguments.value("data", "d") else {
            return (template.sampleData ?? .object(JSONObject()), nil)
        }
        let reader = try reader(path, arguments, template: template)
        do {
            let wanted = index ?? 0
            for result in reader {
                let record = try result.get()
                if record.index == wanted { return (record.value, index) }
            }
            throw CommandFailure(message: "\(path): there is no record \(wanted) (the file has fewer records)")
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure(message: "\(error)")
        }
    }

    /// Binds a record (canvas or paged template alike), turning template errors into a
    /// one-line failure.
    static func document(_ template: Template, _ record: (value: JSONValue, index: Int?)) throws -> any Document {
        do {
            return try template.bind(record.value, recordIndex: record.index)
        } catch {
            throw CommandFailure(message: error.description)
        }
    }

    /// Writes a document and prints its warnings; render failures name the output file.
    static func write(_ document: any Document, to path: String, options: OutputOptions) throws {
        let files: [String]
        do {
            files = try DocumentWriter.write(document, to: path, options: options)
        } catch {
            throw CommandFailure(message: "galley: cannot write \(path): \(error)", status: ExitStatus.someFailed)
        }
        for warning in document.warnings() { printError("galley: warning: \(warning)") }
        if files.count > 1, let first = files.first, let last = files.last {
            printError("galley: wrote \(files.count) pages: \(first) … \(last)")
        }
    }

    /// `--pages SELECTION`, when given.
    static func pages(_ arguments: Arguments) throws -> PageSelection? {
        guard let text = arguments.value("pages") else { return nil }
        do {
            return try PageSelection(parsing: text)
        } catch {
            throw UsageError(error.description)
        }
    }

    /// `--timeout SECONDS`: above 0 and at most 1,000,000 (about 11.5 days).
    static func timeout(_ arguments: Arguments) throws -> Double? {
        guard let timeout = try arguments.double("timeout") else { return nil }
        guard timeout > 0, timeout <= 1_000_000 else {
            throw UsageError(
                "--timeout must be above 0 and at most 1000000 seconds, got \(arguments.value("timeout") ?? "")")
        }
        return timeout
    }
}

/// Writes one line to standard error; a closed or full stderr is ignored rather than fatal.
func printError(_ message: String) {
    StandardStreams.writeError(message + "\n")
}
