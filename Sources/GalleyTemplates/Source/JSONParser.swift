import Foundation

/// Parses JSON and JSON5 text into a ``ParsedDocument`` that remembers where every value is.
///
/// Accepted: strict JSON (RFC 8259) and JSON5 — `//` and `/* */` comments, trailing commas,
/// unquoted identifier keys, single-quoted strings, hex numbers, a leading or trailing decimal
/// point, an explicit `+` sign, `Infinity` and `NaN`, escaped line continuations and JSON5's
/// extra escapes (`\v`, `\0`, `\xHH`). Rejected with a located error: duplicate keys, leading
/// zeros, unterminated strings and comments, text after the document, nesting deeper than
/// ``maximumDepth``. Unquoted keys may contain ASCII letters, digits, `_`, `$` and any
/// non-ASCII character (a superset of ECMAScript identifiers, kept simple on purpose).
///
/// The parser never traps on malformed input: every path through it either returns a value or
/// throws a ``TemplateError`` naming the file, line:column, JSON path, what is wrong and a hint.
public enum JSONParser {
    /// The deepest nesting of arrays and objects accepted; deeper input is an error rather than a stack overflow.
    public static let maximumDepth = 512

    /// Parses `text`, naming `file` in errors.
    /// - Parameters:
    ///   - text: JSON or JSON5 source.
    ///   - file: The file name to report in errors and to keep in the document.
    /// - Throws: ``TemplateError`` at the first syntax error or duplicate key.
    public static func parse(_ text: String, file: String) throws(TemplateError) -> ParsedDocument {
        try parse(utf8: Array(text.utf8), file: file)
    }

    /// Parses UTF-8 bytes; invalid UTF-8 inside strings is replaced with U+FFFD.
    public static func parse(utf8 bytes: [UInt8], file: String) throws(TemplateError) -> ParsedDocument {
        let outcome: Result<(JSONValue, [SourceMap.Node]), ParseFailure> = bytes.withUnsafeBufferPointer { buffer in
            var core = ParserCore(bytes: buffer)
            do throws(ParseFailure) {
                let value = try core.parseDocument()
                return .success((value, core.nodes))
            } catch {
                return .failure(error)
            }
        }
        switch outcome {
        case .success(let (value, nodes)):
            let map = SourceMap(nodes: nodes, root: value, utf8: bytes)
            return ParsedDocument(value: value, sourceMap: map, file: file)
        case .failure(let failure):
            let map = SourceMap(nodes: [], root: .null, utf8: bytes)
            var message = failure.message
            if let related = failure.relatedOffset {
                message = message.replacingOccurrences(
                    of: ParseFailure.relatedPlaceholder, with: map.location(ofOffset: related).description)
            }
            return try failWith(
                TemplateError(
                    file: file,
                    location: map.location(ofOffset: failure.offset),
                    path: failure.reversedPath.isEmpty ? nil : JSONPath(failure.reversedPath.reversed()),
                    message: message,
                    hint: failure.hint))
        }
    }

    /// Throws `error`; keeps the switch above free of a `throw` inside a closure.
    private static func failWith(_ error: TemplateError) throws(TemplateError) -> ParsedDocument {
        throw error
    }
}

/// The parser's internal error: a byte offset and the path collected while unwinding.
struct ParseFailure: Error {
    /// Replaced in `message` by the line:column of `relatedOffset`.
    static let relatedPlaceholder = "{related}"

    var offset: Int
    var message: String
    var hint: String?
    var relatedOffset: Int?
    /// Path components, innermost first; each container frame appends its own while unwinding.
    var reversedPath: [JSONPath.Component] = []
}
