import Testing

@testable import GalleyTemplates

/// Every syntax error names file, line:column, path, what is wrong and what to do.
@Suite struct JSONParserErrorTests {
    private func message(_ text: String) -> String {
        do {
            _ = try JSONParser.parse(text, file: "t.json")
            return "no error"
        } catch {
            return error.description
        }
    }

    @Test func duplicateKey() {
        #expect(
            message("{\n  \"a\": 1,\n  \"b\": {\"c\": 1, \"c\": 2}\n}")
                == "t.json:3:17: at $.b.c: duplicate key 'c' (first defined at 3:9) (remove or rename one of them)")
    }

    @Test func duplicateKeyInLargeObject() {
        let members = (0..<20).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        #expect(message("{\(members), \"k3\": 0}").contains("duplicate key 'k3'"))
    }

    @Test func missingComma() {
        #expect(
            message("[1, 2\n 3]")
                == "t.json:2:2: at $[1]: expected ',' or ']' after element 1, found '3' (separate elements with commas)"
        )
        #expect(
            message("{\"a\": {\"b\": 1 \"c\": 2}}")
                == "t.json:1:15: at $.a.b: expected ',' or '}' after the value of 'b', found '\"' (separate members with commas)"
        )
    }

    @Test func unterminatedThings() {
        #expect(
            message("{\"a\": [1, 2")
                == "t.json:1:12: at $.a: unexpected end of input: the array opened at 1:7 is not closed (add the missing ']')"
        )
        #expect(
            message("{\"a\": \"abc\n\"}")
                == "t.json:1:7: at $.a: unterminated string (close it with \" on the same line, or end the line with \\ to continue it)"
        )
        #expect(message("[1 /* x") == "t.json:1:4: at $[0]: unterminated comment (close it with */)")
    }

    @Test func columnsCountCharacters() {
        #expect(
            message("{\"é😀\": tru}")
                == "t.json:1:8: at $[\"é😀\"]: unexpected word 'tru' (expected true, false, null or a number; quote text as a string: \"tru\")"
        )
    }

    @Test func badValues() {
        #expect(message("") == "t.json:1:1: unexpected end of input (expected a value)")
        #expect(
            message("[01]")
                == "t.json:1:2: at $[0]: numbers cannot have leading zeros (write it without them, or as a string if the zeros matter)"
        )
        #expect(message("{a: }").hasPrefix("t.json:1:5: at $.a: unexpected '}'"))
        #expect(message("[1] x").hasPrefix("t.json:1:5: unexpected 'x' after the end of the document"))
        #expect(message("{\"a\" 1}").hasPrefix("t.json:1:6: expected ':' after key 'a', found '1'"))
        #expect(message("[\"\\u12\"]").hasPrefix("t.json:1:3: at $[0]: invalid escape: expected 4 hex digits"))
        #expect(message("[0x]").hasPrefix("t.json:1:2: at $[0]: invalid hex number"))
        #expect(message("[1.2.3]").hasPrefix("t.json:1:2: at $[0]: invalid number"))
        #expect(message("{,}").hasPrefix("t.json:1:2: expected a key, found ','"))
        #expect(message("[,]").hasPrefix("t.json:1:2: at $[0]: unexpected ','"))
        #expect(message("[\u{01}]").contains("control character U+0001"))
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let text = String(repeating: "[", count: 100_000)
        #expect(message(text).contains("nested deeper than 512 levels"))
        let ok = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        #expect(message(ok) == "no error")
    }
}
