import Foundation
import Galley
import GalleyTemplates

/// What several commands share: loading a template and one record of data.
enum CommandSupport {
    static func template(_ arguments: Arguments, command: String) throws -> Template {
        guard let path = arguments.positionals.first else {
            throw UsageError("missing the TEMPLATE argument")
        }
        guard arguments.positionals.count == 1 else {
            throw UsageError("unexpected argument '\(arguments.positionals[1])'")
        }
        do {
            return try Template.load(path: path)
        } catch {
            throw CommandFailure(message: error.description)
        }
    }

    /// The record to bind: `--data FILE` (a JSON object, or the `--record N`th element of an
    /// array, NDJSON line or CSV row), else the template's `sampleData`, else `{}`.
    static func record(_ arguments: Arguments, template: Template) throws -> (value: JSONValue, index: Int?) {
        let index = try arguments.int("record")
        guard let path = arguments.value("data", "d") else {
            return (template.sampleData ?? .object(JSONObject()), nil)
        }
        do {
            let wanted = index ?? 0
            for result in try RecordReader(path: path) {
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

    /// Binds a record, turning template errors into a one-line failure.
    static func canvas(_ template: Template, _ record: (value: JSONValue, index: Int?)) throws -> Canvas {
        do {
            return try template.bind(record.value, recordIndex: record.index)
        } catch {
            throw CommandFailure(message: error.description)
        }
    }

    /// Writes a canvas; render failures name the output file.
    static func write(_ canvas: Canvas, format: OutputFormat, to path: String, scale: Double, timeout: Double?) throws {
        let cancellation = CancellationSource(timeout: timeout)
        do {
            try CanvasWriter.write(canvas, format: format, to: path, scale: scale, cancellation: cancellation)
        } catch {
            throw CommandFailure(message: "galley: cannot write \(path): \(error)", status: ExitStatus.someFailed)
        }
        for warning in canvas.warnings { printError("galley: warning: \(warning)") }
    }

    /// Binds a paged template, turning template errors into a one-line failure.
    static func pagedDocument(_ template: Template, _ record: (value: JSONValue, index: Int?)) throws -> PagedDocument {
        do {
            return try template.bindPaged(record.value, recordIndex: record.index)
        } catch {
            throw CommandFailure(message: error.description)
        }
    }

    /// Binds a paged template and streams its pages into a PDF.
    static func writePaged(_ template: Template, _ record: (value: JSONValue, index: Int?), to path: String) throws {
        let document = try pagedDocument(template, record)
        do {
            try document.writePDF(to: path)
        } catch {
            throw CommandFailure(message: "galley: cannot write \(path): \(error)", status: ExitStatus.someFailed)
        }
    }
}
