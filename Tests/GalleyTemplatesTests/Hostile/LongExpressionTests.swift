import GalleyTestSupport
import Testing

@testable import GalleyTemplates

/// Issue 14: a flat expression of 50,000 terms, long `&&` chains and 30,000 nested `?:`
/// overflowed the stack (SIGSEGV). Runs of one operator are now loops over flat expressions;
/// real nesting (parentheses, `!`, a conditional inside a `?` branch, an index inside an
/// index) is limited to `ExpressionParser.maximumDepth` levels. Every case runs on a thread
/// with a 512 KB stack: compiling, evaluating, comparing and freeing the expression.
@Suite struct LongExpressionTests {
    static let scope = BindingScope(data: .object(JSONObject([(key: "a", value: .number(1))])))

    /// Compiles and evaluates `text` on a 512 KB stack; the value's text, or the syntax error's.
    static func evaluate(_ text: String) -> String? {
        SmallStack.run {
            do {
                let template = try BindingTemplate(parsing: text)
                // Hashing and comparing walk the whole expression too.
                let again = try BindingTemplate(parsing: text)
                guard template == again, template.hashValue == again.hashValue else { return "unequal" }
                return try template.evaluate(in: scope).interpolationText
            } catch let error as BindingSyntaxError {
                return "syntax: \(error.message)"
            } catch {
                return "error: \(error)"
            }
        }
    }

    @Test func fiftyThousandTermSum() {
        #expect(Self.evaluate("{{" + Array(repeating: "a", count: 50_000).joined(separator: "+") + "}}") == "50000")
        let mixed = Array(repeating: "a * 2 - a", count: 50_000).joined(separator: " + ")
        #expect(Self.evaluate("{{" + mixed + "}}") == "50000")
    }

    @Test func longLogicalChains() {
        #expect(Self.evaluate("{{" + Array(repeating: "a", count: 50_000).joined(separator: " && ") + "}}") == "true")
        #expect(
            Self.evaluate("{{" + Array(repeating: "a == 1", count: 50_000).joined(separator: " && ") + " && b}}")
                == "false")
        #expect(Self.evaluate("{{" + Array(repeating: "b", count: 50_000).joined(separator: " || ") + "}}") == "false")
        #expect(
            Self.evaluate("{{" + Array(repeating: "b || a", count: 50_000).joined(separator: " && ") + "}}") == "true")
    }

    @Test func thirtyThousandChainedConditionals() {
        // `c ? 1 : c ? 1 : … : 2`: each one sits in the previous one's `:` branch.
        #expect(Self.evaluate("{{" + String(repeating: "b ? 1 : ", count: 30_000) + "2}}") == "2")
        #expect(Self.evaluate("{{" + String(repeating: "b ? 1 : ", count: 29_999) + "a ? 3 : 2}}") == "3")
    }

    @Test func deepNestingIsASyntaxErrorWithTheLimit() {
        let limit = ExpressionParser.maximumDepth
        let cases = [
            // 30,000 conditionals each in the previous one's `?` branch.
            "{{" + String(repeating: "a ? ", count: 30_000) + "1" + String(repeating: " : 2", count: 30_000) + "}}",
            "{{" + String(repeating: "(", count: 100_000) + "a" + String(repeating: ")", count: 100_000) + "}}",
            "{{" + String(repeating: "!", count: 100_000) + "a}}",
            "{{" + String(repeating: "a[", count: 100_000) + "0" + String(repeating: "]", count: 100_000) + "}}",
        ]
        for text in cases {
            let result = Self.evaluate(text)
            #expect(
                result?.hasPrefix("syntax: expression nested deeper than \(limit) levels") == true, "\(result ?? "nil")"
            )
        }
    }

    @Test func nestingUpToTheLimitWorks() {
        let depth = ExpressionParser.maximumDepth - 1
        #expect(
            Self.evaluate(
                "{{" + String(repeating: "(", count: depth) + "a + 1" + String(repeating: ")", count: depth) + "}}")
                == "2")
        #expect(
            Self.evaluate(
                "{{" + String(repeating: "a ? ", count: depth - 1) + "7" + String(repeating: " : 2", count: depth - 1)
                    + "}}") == "7")
        #expect(Self.evaluate("{{" + String(repeating: "!", count: depth - 1) + "a}}") == "true")
    }

    /// The conditional keeps its meaning as a flat list of cases.
    @Test func conditionalsAndChainsKeepTheirMeaning() throws {
        let data = JSONValue.object(
            JSONObject([(key: "n", value: .number(5)), (key: "s", value: .string("x")), (key: "z", value: .number(0))]))
        let scope = BindingScope(data: data)
        let cases: [(String, String)] = [
            ("{{n > 3 ? 'big' : n > 1 ? 'mid' : 'small'}}", "big"),
            ("{{n > 9 ? 'big' : n > 1 ? 'mid' : 'small'}}", "mid"),
            ("{{n > 9 ? 'big' : n > 7 ? 'mid' : 'small'}}", "small"),
            ("{{missing ? 1 : 2}}", "2"),
            ("{{n - 2 - 1}}", "2"),
            ("{{n / 5 * 10 % 3}}", "1"),
            ("{{z && missing}}", "false"),
            ("{{n || missing}}", "true"),
            ("{{missing || z || s}}", "true"),
            ("{{n > 1 && n < 9 && s == 'x'}}", "true"),
        ]
        for (text, expected) in cases {
            #expect(try BindingTemplate(parsing: text).evaluate(in: scope).interpolationText == expected, "\(text)")
        }
        // Arithmetic on a missing operand is missing (a default filter can supply a value).
        #expect(try BindingTemplate(parsing: "{{n + missing + 1 | default:'none'}}").evaluate(in: scope) == "none")
        #expect(throws: BindingError.missingPath(path: "missing")) {
            try BindingTemplate(parsing: "{{n + missing}}").evaluate(in: scope)
        }
        #expect(throws: BindingError.self) { try BindingTemplate(parsing: "{{n + s}}").evaluate(in: scope) }
    }
}
