import Galley
import GalleyBatch
import GalleyRender
import GalleyTemplates

/// Turns every error a request can meet into a response with a JSON body
/// `{"error", "kind", "file", "line", "column", "path", "hint"}` (unknown parts null): 400 for
/// what the template, the data or the request got wrong, 413/503/504 for limits, and 500 only
/// for Galley's own faults (a cairo or qpdf failure, an output that could not be written).
enum ErrorResponse {
    /// The response for `error`; `dataFile` names the request body in data errors.
    static func make(_ error: any Error) -> HTTPResponse {
        switch error {
        case let error as TemplateError:
            return response(
                400, kind: "template", error.message, file: error.file, line: error.location?.line,
                column: error.location?.column, path: error.path?.description, hint: error.hint)
        case let error as DataError:
            return response(400, kind: "data", error.message, file: error.file, line: error.line, column: error.column)
        case let error as RequestError:
            return response(
                error.status, kind: error.status == 404 ? "not-found" : "request", error.description,
                hint: error.hint)
        case let error as RecordLimitError:
            return response(400, kind: "limit", error.description)
        case let error as PageSelectionError:
            return response(400, kind: "request", error.description)
        case let error as DocumentError:
            return response(400, kind: "request", error.description)
        case let error as DocumentWriteError:
            return response(400, kind: "request", error.description)
        case let error as RenderCancelled:
            return error.reason == .timedOut
                ? response(
                    504, kind: "timeout", "the render took longer than the time limit",
                    hint: "simplify the document, or raise the server's --timeout")
                : response(503, kind: "shutdown", "the server is shutting down", retryAfter: true)
        case let error as RenderError:
            switch error {
            case .imageDecode, .imageTooLarge, .pdfStandard:
                return response(400, kind: "render", error.description)
            default:
                return response(500, kind: "internal", error.description)
            }
        default:
            return response(500, kind: "internal", "\(error)")
        }
    }

    /// The JSON object describing `error` (what the preview page shows in place).
    static func json(_ error: any Error) -> JSONValue {
        guard case .bytes(let bytes) = make(error).body else { return .null }
        return (try? JSONParser.parse(utf8: bytes, file: "<error>"))?.value ?? .null
    }

    /// A JSON error response.
    static func response(
        _ status: Int, kind: String, _ message: String, file: String? = nil, line: Int? = nil, column: Int? = nil,
        path: String? = nil, hint: String? = nil, retryAfter: Bool = false
    ) -> HTTPResponse {
        var response = HTTPResponse.json(
            body(kind: kind, message, file: file, line: line, column: column, path: path, hint: hint), status: status)
        response.errorKind = kind
        if retryAfter { response.headers.append(("Retry-After", "1")) }
        return response
    }

    /// `{"error", "kind", "file", "line", "column", "path", "hint"}`, unknown parts null.
    static func body(
        kind: String, _ message: String, file: String? = nil, line: Int? = nil, column: Int? = nil,
        path: String? = nil, hint: String? = nil
    ) -> JSONValue {
        func text(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }
        func number(_ value: Int?) -> JSONValue { value.map { .number(Double($0)) } ?? .null }
        return [
            "error": .string(message), "kind": .string(kind), "file": text(file), "line": number(line),
            "column": number(column), "path": text(path), "hint": text(hint),
        ]
    }
}
