/// A parsed template or data document: its value, where each value came from, and the file name.
public struct ParsedDocument: Sendable {
    /// The document's root value.
    public let value: JSONValue
    /// Locations of every value and key, by path.
    public let sourceMap: SourceMap
    /// The file name used in error messages.
    public let file: String

    /// Creates a document; ``JSONParser/parse(_:file:)`` is the usual way to get one.
    public init(value: JSONValue, sourceMap: SourceMap, file: String) {
        self.value = value
        self.sourceMap = sourceMap
        self.file = file
    }

    /// The value at `path`, or `nil` when there is none.
    public func value(at path: JSONPath) -> JSONValue? {
        var current = value
        for component in path.components {
            switch component {
            case .key(let key):
                guard let next = current[key] else { return nil }
                current = next
            case .index(let index):
                guard let next = current[index] else { return nil }
                current = next
            }
        }
        return current
    }

    /// An error about the value at `path`, located in the source.
    ///
    /// When `path` does not exist (e.g. a required key is missing), the location of the nearest
    /// existing ancestor is used, so the message still points into the right object.
    /// - Parameters:
    ///   - path: The value the error is about.
    ///   - message: What is wrong, e.g. `expected a number, found string`.
    ///   - hint: What to do about it, if there is a useful suggestion.
    public func error(at path: JSONPath, _ message: String, hint: String? = nil) -> TemplateError {
        var probe: JSONPath? = path
        var location: SourceLocation?
        while let candidate = probe, location == nil {
            location = sourceMap.location(of: candidate)
            probe = candidate.parent
        }
        return TemplateError(file: file, location: location, path: path, message: message, hint: hint)
    }

    /// An error about the key that names the value at `path` (e.g. an unknown key), located at the key.
    public func keyError(at path: JSONPath, _ message: String, hint: String? = nil) -> TemplateError {
        guard let location = sourceMap.keyLocation(of: path) else { return error(at: path, message, hint: hint) }
        return TemplateError(file: file, location: location, path: path, message: message, hint: hint)
    }
}
