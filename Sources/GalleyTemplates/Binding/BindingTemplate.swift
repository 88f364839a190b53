/// A template string such as `"Total: {{ total | currency:\"EUR\" }}"`, compiled once and evaluated many times.
///
/// It is a list of literal parts and bound parts. A bound part is an expression — a data path
/// (`a.b`, `items[0].name`, `item`, `index`), a literal, a comparison (`== != < <= > >=`),
/// `!`, `&&`, `||` or parentheses — followed by filters (`number:2`, `currency:"EUR"`,
/// `date:"yyyy-MM-dd"`, `upper`, `lower`, `default:"n/a"`). Every `{{` starts a binding.
///
/// Compile with ``init(parsing:)`` when loading the template, then evaluate per record with
/// ``Binder`` (or the instance methods below); evaluation never re-parses.
public struct BindingTemplate: Hashable, Sendable {
    /// A literal run of text or one `{{ … }}`.
    enum Part: Hashable, Sendable {
        case literal(String)
        case binding(BoundExpression)
    }

    /// The string as written in the template.
    public let source: String
    let parts: [Part]

    /// Compiles `source`.
    /// - Throws: ``BindingSyntaxError`` with the column of the problem, e.g. an unknown filter
    ///   (the message lists the known ones) or an unclosed `{{`.
    public init(parsing source: String) throws(BindingSyntaxError) {
        self.source = source
        let scalars = Array(source.unicodeScalars)
        var parts: [Part] = []
        var literal = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if scalars[index] == "{", index + 1 < scalars.count, scalars[index + 1] == "{" {
                if !literal.isEmpty { parts.append(.literal(String(literal))) }
                literal = String.UnicodeScalarView()
                var parser = try ExpressionParser(scalars: scalars, position: index + 2, openOffset: index)
                parts.append(.binding(try parser.parseBinding()))
                index = parser.endPosition
            } else {
                literal.append(scalars[index])
                index += 1
            }
        }
        if !literal.isEmpty { parts.append(.literal(String(literal))) }
        self.parts = parts
    }

    /// Whether the string has no bindings at all (it evaluates to itself).
    public var isLiteral: Bool {
        parts.allSatisfy { if case .literal = $0 { return true } else { return false } }
    }

    /// Whether the whole string is exactly one `{{ … }}`, so it binds the value with its type
    /// (a number stays a number, an array an array) instead of producing text.
    public var isSingleExpression: Bool {
        if parts.count == 1, case .binding = parts[0] { return true }
        return false
    }

    /// The source text of each binding, without the braces, e.g. `["total | number:2"]`.
    public var bindingSources: [String] {
        parts.compactMap { if case .binding(let bound) = $0 { return bound.source } else { return nil } }
    }

    /// The value: typed for a single expression, otherwise the interpolated string. See ``Binder/evaluate(_:in:)``.
    public func evaluate(in scope: BindingScope) throws(BindingError) -> JSONValue {
        try Binder.evaluate(self, in: scope)
    }

    /// The interpolated text. See ``Binder/string(_:in:)``.
    public func string(in scope: BindingScope) throws(BindingError) -> String {
        try Binder.string(self, in: scope)
    }

    /// Whether an `if` keeps its element. See ``Binder/isTruthy(_:in:)``.
    public func isTruthy(in scope: BindingScope) throws(BindingError) -> Bool {
        try Binder.isTruthy(self, in: scope)
    }
}

/// One compiled `{{ expression | filters }}`.
struct BoundExpression: Hashable, Sendable {
    let expression: Expression
    let filters: [Filter]
    /// The text between the braces, trimmed.
    let source: String
}
