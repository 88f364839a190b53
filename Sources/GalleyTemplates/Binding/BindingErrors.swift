/// A syntax error in a binding string such as `"{{ total | currncy:\"EUR\" }}"`, found when it is compiled.
public struct BindingSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    /// The 1-based column (in characters) within the binding string where the problem is.
    public var column: Int
    /// What to do about it, when there is a useful suggestion.
    public var hint: String?

    /// Creates a syntax error.
    public init(message: String, column: Int, hint: String? = nil) {
        self.message = message
        self.column = column
        self.hint = hint
    }

    /// `column N: MESSAGE (HINT)`.
    public var description: String {
        "column \(column): \(message)" + (hint.map { " (\($0))" } ?? "")
    }
}

/// An error while evaluating a compiled binding against data.
public enum BindingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The data has no value at `path` (as written in the template, e.g. `invoice.items[3].name`),
    /// and no `default` filter supplied one.
    case missingPath(path: String)
    /// An operator got values it cannot combine, e.g. `"abc" < 3`.
    case typeMismatch(message: String)
    /// A filter could not convert its input, e.g. `date` given `"tomorrow"`.
    case filterFailed(filter: String, message: String)

    /// One line naming the problem and, where useful, what to do.
    public var description: String {
        switch self {
        case .missingPath(let path):
            return "no value at '\(path)' in the data (add it to the data, or write {{\(path) | default:\"…\"}})"
        case .typeMismatch(let message):
            return message
        case .filterFailed(let filter, let message):
            return "filter '\(filter)': \(message)"
        }
    }
}

extension ParsedDocument {
    /// A template error for a binding string at `path` that failed to compile.
    public func error(at path: JSONPath, _ syntaxError: BindingSyntaxError) -> TemplateError {
        error(
            at: path, "invalid binding at column \(syntaxError.column): \(syntaxError.message)", hint: syntaxError.hint)
    }

    /// A template error for a binding at `path` that failed to evaluate, e.g. a missing data path.
    public func error(at path: JSONPath, _ bindingError: BindingError) -> TemplateError {
        switch bindingError {
        case .missingPath(let missing):
            return error(
                at: path, "no value at '\(missing)' in the data",
                hint: "add it to the data, or write {{\(missing) | default:\"…\"}}")
        default:
            return error(at: path, bindingError.description)
        }
    }
}
