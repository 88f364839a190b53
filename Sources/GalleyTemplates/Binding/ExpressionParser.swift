/// Parses one `{{ expression | filter:arg … }}` into an ``Expression`` and its filters.
///
/// Grammar, loosest first:
/// ```
/// binding    := conditional ( "|" name ( ":" literal )? )* "}}"
/// conditional := or ( "?" conditional ":" conditional )?   (a run of `:` branches by a loop)
/// or         := and ( "||" and )*
/// and        := comparison ( "&&" comparison )*
/// comparison := sum ( ( "==" | "!=" | "<" | "<=" | ">" | ">=" ) sum )?
/// sum        := product ( ( "+" | "-" ) product )*
/// product    := unary ( ( "*" | "/" | "%" ) unary )*
/// unary      := "!" unary | primary
/// primary    := literal | "(" or ")" | path
/// path       := name ( "." name | "[" or "]" )*
/// ```
struct ExpressionParser {
    var lexer: BindingLexer
    var current: BindingLexer.Token
    /// The scalar offset of the opening `{{`, for the "unclosed" error.
    let openOffset: Int
    /// Current nesting of parentheses, brackets, `!` and conditionals inside a conditional's
    /// `?` branch; bounded so hostile input cannot overflow the stack. Runs of one operator
    /// (`a + a + …`, `a && a && …`, `c ? a : c ? a : …`) are parsed by loops into flat
    /// expressions and do not nest.
    private var depth = 0
    /// The deepest nesting accepted: safe for the parser and the evaluator on a 512 KB thread
    /// stack in a debug build (a test parses and evaluates it there).
    static let maximumDepth = 64

    init(scalars: [Unicode.Scalar], position: Int, openOffset: Int) throws(BindingSyntaxError) {
        self.openOffset = openOffset
        lexer = BindingLexer(scalars: scalars, position: position)
        current = try lexer.next()
    }

    /// The scalar offset just after the closing `}}` once ``parseBinding()`` returns.
    var endPosition: Int { lexer.position }

    /// Parses the expression, the filters and the closing `}}`.
    mutating func parseBinding() throws(BindingSyntaxError) -> BoundExpression {
        let start = current.offset
        if current.kind == .end {
            throw BindingSyntaxError(
                message: "unclosed '{{'", column: openOffset + 1, hint: "close the binding with }}")
        }
        if current.kind == .close {
            throw BindingSyntaxError(
                message: "empty binding '{{}}'", column: start + 1, hint: "write a path, e.g. {{name}}")
        }
        let expression = try parseConditional()
        var filters: [Filter] = []
        while current.kind == .symbol("|") {
            try advance()
            filters.append(try parseFilter())
        }
        switch current.kind {
        case .close:
            // Do not advance: the lexer already stands after `}}`, where literal text resumes.
            let text = String(String.UnicodeScalarView(lexer.scalars[start..<current.offset]))
            return BoundExpression(expression: expression, filters: filters, source: text.trimmingSpaces())
        case .end:
            throw BindingSyntaxError(
                message: "unclosed '{{'", column: openOffset + 1, hint: "close the binding with }}")
        default:
            throw unexpected("expected '}}' or a filter after '|'")
        }
    }

    /// `name`, or `name:` and a comma-separated list of literals and `option:literal` pairs.
    private mutating func parseFilter() throws(BindingSyntaxError) -> Filter {
        guard case .identifier(let name) = current.kind else { throw unexpected("expected a filter name after '|'") }
        let nameToken = current
        try advance()
        var arguments: [FilterArguments.Argument] = []
        if current.kind == .symbol(":") {
            repeat {
                try advance()
                let column = current.offset + 1
                if case .identifier(let option) = current.kind, !["true", "false", "null"].contains(option) {
                    try advance()
                    guard current.kind == .symbol(":") else {
                        throw unexpected("expected ':' after option '\(option)'")
                    }
                    try advance()
                    guard let literal = try parseLiteral() else {
                        throw unexpected("expected a literal value for option '\(option)'")
                    }
                    arguments.append(.init(name: option, value: literal, column: column))
                } else {
                    guard let literal = try parseLiteral() else {
                        throw unexpected("expected a literal argument after ':'")
                    }
                    guard !arguments.contains(where: { $0.name != nil }) else {
                        throw BindingSyntaxError(
                            message: "a positional argument cannot follow an option", column: column,
                            hint: "write positional arguments first")
                    }
                    arguments.append(.init(name: nil, value: literal, column: column))
                }
            } while current.kind == .symbol(",")
        }
        return try Filter(name: name, arguments: arguments, column: nameToken.offset + 1)
    }

    /// `c₁ ? v₁ : c₂ ? v₂ : … : otherwise`, the `:` branches by a loop; a `?` branch nests.
    private mutating func parseConditional() throws(BindingSyntaxError) -> Expression {
        var condition = try parseOr()
        guard current.kind == .symbol("?") else { return condition }
        var cases: [ConditionalCase] = []
        while true {
            try advance()
            try enter()
            let whenTrue = try parseConditional()
            depth -= 1
            guard current.kind == .symbol(":") else { throw unexpected("expected ':' in 'condition ? a : b'") }
            try advance()
            cases.append(ConditionalCase(condition: condition, value: whenTrue))
            let next = try parseOr()
            guard current.kind == .symbol("?") else { return .conditional(cases, otherwise: next) }
            condition = next
        }
    }

    // Each left-associative level is a loop building one flat `.chain` (see `Expression`); one
    // function per level keeps a parenthesised level to 8 frames deep.

    private mutating func parseOr() throws(BindingSyntaxError) -> Expression {
        let first = try parseAnd()
        var links: [ChainLink] = []
        while current.kind == .symbol("||") {
            try advance()
            links.append(ChainLink(op: .or, operand: try parseAnd()))
        }
        return links.isEmpty ? first : .chain(first, links)
    }

    private mutating func parseAnd() throws(BindingSyntaxError) -> Expression {
        let first = try parseComparison()
        var links: [ChainLink] = []
        while current.kind == .symbol("&&") {
            try advance()
            links.append(ChainLink(op: .and, operand: try parseComparison()))
        }
        return links.isEmpty ? first : .chain(first, links)
    }

    private mutating func parseComparison() throws(BindingSyntaxError) -> Expression {
        let left = try parseSum()
        guard case .symbol(let symbol) = current.kind, let op = BinaryOperator(rawValue: symbol),
            op != .and, op != .or, !op.isArithmetic
        else { return left }
        try advance()
        let right = try parseSum()
        if case .symbol(let next) = current.kind, let chained = BinaryOperator(rawValue: next), chained != .and,
            chained != .or, !chained.isArithmetic
        {
            throw unexpected("comparisons cannot be chained", hint: "combine them with && or parentheses")
        }
        return .binary(op, left, right)
    }

    private mutating func parseSum() throws(BindingSyntaxError) -> Expression {
        let first = try parseProduct()
        var links: [ChainLink] = []
        while case .symbol(let symbol) = current.kind, let op = BinaryOperator(rawValue: symbol),
            op == .add || op == .subtract
        {
            try advance()
            links.append(ChainLink(op: op, operand: try parseProduct()))
        }
        return links.isEmpty ? first : .chain(first, links)
    }

    private mutating func parseProduct() throws(BindingSyntaxError) -> Expression {
        let first = try parseUnary()
        var links: [ChainLink] = []
        while case .symbol(let symbol) = current.kind, let op = BinaryOperator(rawValue: symbol),
            op == .multiply || op == .divide || op == .remainder
        {
            try advance()
            links.append(ChainLink(op: op, operand: try parseUnary()))
        }
        return links.isEmpty ? first : .chain(first, links)
    }

    /// One level deeper, or the nesting error.
    private mutating func enter() throws(BindingSyntaxError) {
        depth += 1
        guard depth <= Self.maximumDepth else {
            throw unexpected(
                "expression nested deeper than \(Self.maximumDepth) levels",
                hint: "split it, or compute the value in the data")
        }
    }

    private mutating func parseUnary() throws(BindingSyntaxError) -> Expression {
        try enter()
        defer { depth -= 1 }
        if current.kind == .symbol("!") {
            try advance()
            return .not(try parseUnary())
        }
        return try parsePrimary()
    }

    private mutating func parsePrimary() throws(BindingSyntaxError) -> Expression {
        if current.kind == .symbol("(") {
            try advance()
            let inner = try parseConditional()
            guard current.kind == .symbol(")") else { throw unexpected("expected ')'") }
            try advance()
            return inner
        }
        if let literal = try parseLiteral() { return .literal(literal) }
        if case .identifier(let name) = current.kind { return .path(try parsePath(root: name)) }
        throw unexpected("expected a path, a literal or '('")
    }

    /// A number (optionally negative), string, `true`, `false` or `null`; `nil` when the token is none of these.
    private mutating func parseLiteral() throws(BindingSyntaxError) -> JSONValue? {
        switch current.kind {
        case .number(let text):
            try advance()
            return .number(JSONNumber(parsing: text) ?? JSONNumber(.nan))
        case .string(let string):
            try advance()
            return .string(string)
        case .identifier("true"), .identifier("false"), .identifier("null"):
            let value: JSONValue =
                current.kind == .identifier("null") ? .null : .bool(current.kind == .identifier("true"))
            try advance()
            return value
        case .symbol("-"):
            try advance()
            guard case .number(let text) = current.kind else { throw unexpected("expected a number after '-'") }
            try advance()
            return .number((JSONNumber(parsing: text) ?? JSONNumber(.nan)).negated)
        default:
            return nil
        }
    }

    private mutating func parsePath(root: String) throws(BindingSyntaxError) -> PathExpression {
        let start = current.offset
        try advance()
        var steps: [PathExpression.Step] = []
        while true {
            if current.kind == .symbol(".") {
                try advance()
                guard case .identifier(let name) = current.kind else {
                    throw unexpected("expected a name after '.'", hint: "write items[0] for an index")
                }
                steps.append(.key(name))
            } else if current.kind == .symbol("[") {
                try advance()
                let inner = try parseOr()
                guard current.kind == .symbol("]") else { throw unexpected("expected ']'") }
                switch inner {
                case .literal(.number(let number))
                where number.value >= 0 && number.value == number.value.rounded() && number.value < 1e15:
                    steps.append(.index(Int(number.value)))
                case .literal(.string(let key)):
                    steps.append(.key(key))
                default:
                    steps.append(.dynamic(inner))
                }
            } else {
                break
            }
            try advance()
        }
        let end = min(max(start, current.offset), lexer.scalars.count)
        let text = String(String.UnicodeScalarView(lexer.scalars[start..<end])).trimmingSpaces()
        return PathExpression(root: root, steps: steps, text: text)
    }

    private mutating func advance() throws(BindingSyntaxError) {
        current = try lexer.next()
    }

    private func unexpected(_ message: String, hint: String? = nil) -> BindingSyntaxError {
        let found: String
        switch current.kind {
        case .identifier(let name): found = "'\(name)'"
        case .number(let text): found = text
        case .string(let string): found = "\"\(string)\""
        case .symbol(let symbol): found = "'\(symbol)'"
        case .close: found = "'}}'"
        case .end: found = "the end of the string"
        }
        return BindingSyntaxError(message: "\(message), found \(found)", column: current.offset + 1, hint: hint)
    }
}

extension String {
    /// The string without leading and trailing spaces.
    func trimmingSpaces() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
