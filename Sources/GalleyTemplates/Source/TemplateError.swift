/// An error in a template or data file, located by file, line:column and JSON path.
///
/// Its ``description`` is one line in the form compilers use, so editors can jump to it:
/// `invoice.json:12:7: at $.body.children[2]: unknown element type 'boxx' (expected one of: box, text)`.
/// The parts that are unknown are left out.
public struct TemplateError: Error, Sendable, CustomStringConvertible {
    /// The file the error is in, as the user named it.
    public var file: String
    /// Where in the file, when known.
    public var location: SourceLocation?
    /// Which value, when known.
    public var path: JSONPath?
    /// What is wrong.
    public var message: String
    /// What to do about it, when there is a useful suggestion.
    public var hint: String?

    /// Creates an error; prefer ``ParsedDocument/error(at:_:hint:)`` which fills in the location.
    public init(file: String, location: SourceLocation?, path: JSONPath?, message: String, hint: String? = nil) {
        self.file = file
        self.location = location
        self.path = path
        self.message = message
        self.hint = hint
    }

    /// `FILE:LINE:COL: at PATH: MESSAGE (HINT)`.
    public var description: String {
        var text = place + ": " + message
        if let hint { text += " (\(hint))" }
        return text
    }

    /// `FILE:LINE:COL: at PATH`: where the error is, without what it is.
    public var place: String {
        var text = file
        if let location { text += ":\(location.line):\(location.column)" }
        if let path { text += ": at \(path)" }
        return text
    }
}
