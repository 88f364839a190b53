import Testing

@testable import GalleyTemplates

/// Compiling binding strings: parts, shapes and syntax errors.
@Suite struct BindingTemplateTests {
    @Test func literalAndSingleExpression() throws {
        let literal = try BindingTemplate(parsing: "Hello")
        #expect(literal.isLiteral && !literal.isSingleExpression)
        let single = try BindingTemplate(parsing: "{{ items }}")
        #expect(single.isSingleExpression && !single.isLiteral)
        let mixed = try BindingTemplate(parsing: "Total: {{total | number:2}} {{ currency }}")
        #expect(!mixed.isSingleExpression && !mixed.isLiteral)
        #expect(mixed.bindingSources == ["total | number:2", "currency"])
        #expect(try BindingTemplate(parsing: "").isLiteral)
    }

    @Test func bracesInsideStringsDoNotCloseTheBinding() throws {
        let template = try BindingTemplate(parsing: #"{{ x | default:"}}" }}!"#)
        #expect(try template.string(in: BindingScope(data: .object(JSONObject()))) == "}}!")
    }

    private func syntaxError(_ text: String) -> String {
        do {
            _ = try BindingTemplate(parsing: text)
            return "no error"
        } catch {
            return error.description
        }
    }

    @Test func syntaxErrors() {
        #expect(
            syntaxError("{{ total | currncy:\"EUR\" }}")
                == "column 12: unknown filter 'currncy' (did you mean \"currency\"?)")
        #expect(
            syntaxError("{{ total | frobnicate }}")
                == "column 12: unknown filter 'frobnicate' (known filters: number, percent, currency, compact, date, time, round, truncate, replace, join, upper, lower, default, sum)"
        )
        #expect(syntaxError("Hi {{ name") == "column 4: unclosed '{{' (close the binding with }})")
        #expect(syntaxError("{{}}") == "column 3: empty binding '{{}}' (write a path, e.g. {{name}})")
        #expect(syntaxError("{{ a = 1 }}") == "column 6: unexpected character '=' (compare with ==)")
        #expect(
            syntaxError("{{ a < b < c }}")
                == "column 10: comparisons cannot be chained, found '<' (combine them with && or parentheses)")
        #expect(
            syntaxError("{{ a. }}") == "column 7: expected a name after '.', found '}}' (write items[0] for an index)")
        #expect(syntaxError("{{ (a }}") == "column 7: expected ')', found '}}'")
        #expect(
            syntaxError("{{ x | number:\"2\" }}")
                == "column 15: filter 'number': decimals must be a whole number from 0 to 20 (e.g. number:1)")
        #expect(syntaxError("{{ x | upper:1 }}") == "column 14: filter 'upper' takes no argument")
        #expect(syntaxError("{{ x | date:\"YYYY-MM-dd\" }}").hasPrefix("column 13: 'Y' is the week-based year"))
        #expect(
            syntaxError("{{ x | date:\"yyyy-QQ-bx\" }}").hasPrefix("column 13: unsupported date field 'x'") == false)
        #expect(syntaxError("{{ x | date:\"yyyy-MM-dd ii\" }}").hasPrefix("column 13: unsupported date field 'i'"))
        #expect(syntaxError("{{ x | date:timeZone:\"Mars/Olympus\" }}").hasPrefix("column 13: unknown time zone"))
        #expect(
            syntaxError("{{ x | number:2, rounding:\"sideways\" }}").hasPrefix("column 18: filter 'number': rounding"))
        #expect(syntaxError("{{ x | currency:\"EURO\" }}").hasPrefix("column 17: filter 'currency': \"EURO\" is not"))
        #expect(
            syntaxError("{{ x | number:lang:\"not a tag\" }}").hasPrefix("column 15: \"not a tag\" is not a BCP 47"))
        #expect(syntaxError("{{ x | number:colour:1 }}").hasPrefix("column 15: filter 'number' has no option 'colour'"))
        #expect(syntaxError("{{ x | replace:\"a\" }}").hasPrefix("column 8: filter 'replace' needs"))
        #expect(
            syntaxError("{{ x | round:decimals:2, 3 }}").hasPrefix("column 26: a positional argument cannot follow"))
        #expect(syntaxError("{{ 'abc }}") == "column 4: unterminated string (close it with ')")
    }
}
