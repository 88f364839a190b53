/// Splits the inside of `{{ … }}` into tokens; it stops after the closing `}}`.
struct BindingLexer {
    /// One token and the 0-based scalar offset where it starts in the binding string.
    struct Token: Equatable {
        enum Kind: Equatable {
            case identifier(String)
            /// A number literal's text (converted by the parser: a token stays small, and the
            /// parser's recursion keeps a few in every frame).
            case number(String)
            case string(String)
            /// Punctuation and operators: `. [ ] ( ) | : ! == != < <= > >= && || -`.
            case symbol(String)
            /// The closing `}}`.
            case close
            case end
        }
        var kind: Kind
        var offset: Int
    }

    let scalars: [Unicode.Scalar]
    var position: Int

    /// Reads the next token, skipping spaces.
    mutating func next() throws(BindingSyntaxError) -> Token {
        while position < scalars.count, scalars[position].properties.isWhitespace { position += 1 }
        let start = position
        guard position < scalars.count else { return Token(kind: .end, offset: start) }
        let scalar = scalars[position]
        if scalar == "\"" || scalar == "'" { return Token(kind: .string(try readString()), offset: start) }
        if Self.isDigit(scalar) { return Token(kind: .number(try readNumber()), offset: start) }
        if Self.isIdentifierStart(scalar) {
            var name = String.UnicodeScalarView()
            while position < scalars.count, Self.isIdentifierPart(scalars[position]) {
                name.append(scalars[position])
                position += 1
            }
            return Token(kind: .identifier(String(name)), offset: start)
        }
        // Scalars compared directly, not as strings: a binding of 50,000 terms lexes in linear
        // time with no allocation per token.
        let following: Unicode.Scalar? = position + 1 < scalars.count ? scalars[position + 1] : nil
        if scalar == "}", following == "}" {
            position += 2
            return Token(kind: .close, offset: start)
        }
        switch (scalar, following) {
        case ("=", "="), ("!", "="), ("<", "="), (">", "="), ("&", "&"), ("|", "|"):
            position += 2
            var pair = String(Character(scalar))
            pair.unicodeScalars.append(scalars[position - 1])
            return Token(kind: .symbol(pair), offset: start)
        default:
            break
        }
        switch scalar {
        case ".", "[", "]", "(", ")", "|", ":", ",", "!", "<", ">", "-", "+", "*", "/", "%", "?":
            position += 1
            return Token(kind: .symbol(String(Character(scalar))), offset: start)
        default:
            break
        }
        let single = String(Character(scalar))
        var hint: String?
        if single == "=" { hint = "compare with ==" }
        if single == "&" { hint = "use && for 'and'" }
        if single == "}" { hint = "close the binding with }}" }
        throw BindingSyntaxError(message: "unexpected character '\(single)'", column: start + 1, hint: hint)
    }

    private mutating func readString() throws(BindingSyntaxError) -> String {
        let quote = scalars[position]
        let start = position
        position += 1
        var text = String.UnicodeScalarView()
        while position < scalars.count {
            let scalar = scalars[position]
            position += 1
            if scalar == quote { return String(text) }
            if scalar == "\\", position < scalars.count {
                let escaped = scalars[position]
                position += 1
                switch escaped {
                case "n": text.append("\n")
                case "t": text.append("\t")
                default: text.append(escaped)
                }
            } else {
                text.append(scalar)
            }
        }
        throw BindingSyntaxError(
            message: "unterminated string", column: start + 1, hint: "close it with \(Character(quote))")
    }

    private mutating func readNumber() throws(BindingSyntaxError) -> String {
        let start = position
        var text = ""
        while position < scalars.count, Self.isDigit(scalars[position]) || scalars[position] == "." {
            // A dot not followed by a digit ends the number (`items.0` is not supported, but `1.` is rejected clearly).
            if scalars[position] == ".", !(position + 1 < scalars.count && Self.isDigit(scalars[position + 1])) {
                break
            }
            text.unicodeScalars.append(scalars[position])
            position += 1
        }
        guard JSONNumber(parsing: text) != nil else {
            throw BindingSyntaxError(message: "invalid number '\(text)'", column: start + 1)
        }
        return text
    }

    static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar)
    }

    static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar == "$" || scalar.properties.isAlphabetic
    }

    static func isIdentifierPart(_ scalar: Unicode.Scalar) -> Bool {
        isIdentifierStart(scalar) || isDigit(scalar)
    }
}
