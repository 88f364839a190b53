import Testing

@testable import GalleyTemplates

/// Parsed values for strict JSON and every JSON5 extension.
@Suite struct JSONParserTests {
    private func parse(_ text: String) throws -> JSONValue {
        try JSONParser.parse(text, file: "t.json").value
    }

    @Test func strictJSON() throws {
        let value = try parse(#"{"a": [1, -2.5, 3e2, true, false, null], "b": "x\"\u00e9\n", "c": {}}"#)
        let expected = JSONValue.object(
            JSONObject([
                (key: "a", value: .array([.number(1), .number(-2.5), .number(300), .bool(true), .bool(false), .null])),
                (key: "b", value: .string("x\"é\n")),
                (key: "c", value: .object(JSONObject())),
            ]))
        #expect(value == expected)
    }

    @Test func keepsMemberOrder() throws {
        let value = try parse(#"{"z": 1, "a": 2, "m": 3}"#)
        #expect(value.objectValue?.keys == ["z", "a", "m"])
    }

    @Test func json5Extensions() throws {
        let text = """
            // line comment
            {
              unquoted: 'single \\'quoted\\'', /* block
              comment */ $dollar_1: 0x1F,
              lead: .5, trail: 5., plus: +3, neg: -0xA,
              inf: Infinity, ninf: -Infinity,
              cont: 'a\\
            b',
              esc: '\\x41\\v\\0',
              list: [1, 2,],
            }
            """
        let value = try parse(text)
        #expect(value["unquoted"] == .string("single 'quoted'"))
        #expect(value["$dollar_1"] == .number(31))
        #expect(value["lead"] == .number(0.5))
        #expect(value["trail"] == .number(5))
        #expect(value["plus"] == .number(3))
        #expect(value["neg"] == .number(-10))
        #expect(value["inf"] == .number(.infinity))
        #expect(value["ninf"] == .number(-.infinity))
        #expect(value["cont"] == .string("ab"))
        #expect(value["esc"] == .string("A\u{0B}\u{00}"))
        #expect(value["list"] == .array([.number(1), .number(2)]))
    }

    @Test func nanParses() throws {
        let value = try parse("[NaN, -NaN]")
        #expect(value[0]?.numberValue?.isNaN == true)
        #expect(value[1]?.numberValue?.isNaN == true)
    }

    @Test func surrogatePairsAndUnicode() throws {
        #expect(try parse(#""\ud83d\ude00 ü""#) == .string("😀 ü"))
        #expect(try parse(#""\ud83d""#) == .string("\u{FFFD}"))
    }

    @Test func numbersRoundTripExactly() throws {
        let cases: [(String, Double)] = [
            ("0", 0), ("-0.0", -0.0), ("356.04", 356.04), ("0.1", 0.1), ("1e-7", 1e-7),
            ("123456789012345678901234567890", 123456789012345678901234567890.0),
            ("2.2250738585072014e-308", 2.2250738585072014e-308), ("1.7976931348623157e308", 1.7976931348623157e308),
            ("9007199254740993", 9007199254740993.0), ("0.000001234", 0.000001234), ("1E+2", 100),
        ]
        for (text, expected) in cases {
            #expect(try parse(text).numberValue == expected, "\(text)")
        }
    }

    /// A number prints as it was written: its scale, all its digits, its notation.
    @Test func numbersKeepTheirText() throws {
        for text in [
            "1.50", "1234567890123456", "12345678901234567890", "123456789012345678901234567890123456789012",
            "0.000001234", "-0.5", "1e5", "1E+2", "0", "100", "2.50e-3",
        ] {
            #expect(try parse(text).interpolationText == text, "\(text)")
        }
        #expect(try parse("{\"n\": 1.50}").jsonText == #"{"n":1.50}"#)
        #expect(try parse("0x1F").interpolationText == "0x1F")
        #expect(try parse("0x1F").jsonText == "31")
        #expect(try parse("1.50") == parse("1.5"), "equal as numbers")
    }

    @Test func sourceMapLocatesValuesAndKeys() throws {
        let text = """
            {
              "body": {
                "children": [
                  {"type": "box"},
                  {"type": "tëxt", "x": 1},
                  {  "type": "boxx"}
                ]
              }
            }
            """
        let document = try JSONParser.parse(text, file: "card.json")
        let path = JSONPath.root.appending("body").appending("children").appending(2).appending("type")
        #expect(path.description == "$.body.children[2].type")
        #expect(document.sourceMap.location(of: path) == SourceLocation(line: 6, column: 18))
        #expect(document.sourceMap.keyLocation(of: path) == SourceLocation(line: 6, column: 10))
        let x = JSONPath.root.appending("body").appending("children").appending(1).appending("x")
        #expect(document.sourceMap.location(of: x) == SourceLocation(line: 5, column: 29))
        #expect(document.sourceMap.location(of: .root) == SourceLocation(line: 1, column: 1))
        #expect(document.sourceMap.location(of: JSONPath.root.appending("nope")) == nil)
        #expect(document.sourceMap.location(of: JSONPath.root.appending(0)) == nil)
    }

    @Test func documentErrorHelperNamesPlace() throws {
        let text = "{\n  \"body\": {\"children\": [{\"type\": \"box\"}, {\"type\": \"boxx\"}]}\n}"
        let document = try JSONParser.parse(text, file: "card.json")
        let path = JSONPath([.key("body"), .key("children"), .index(1), .key("type")])
        let error = document.error(
            at: path, "unknown element type 'boxx'", hint: "expected one of: box, text")
        #expect(
            error.description
                == "card.json:2:51: at $.body.children[1].type: unknown element type 'boxx' (expected one of: box, text)"
        )
        // A missing key points at the nearest existing ancestor.
        let missing = document.error(at: JSONPath([.key("body"), .key("size")]), "missing 'size'")
        #expect(missing.location == SourceLocation(line: 2, column: 11))
    }

    @Test func pathDescriptionQuotesOddKeys() {
        let path = JSONPath([.key("a b"), .key("ok_1"), .index(0), .key("9x"), .key("q\"")])
        #expect(path.description == #"$["a b"].ok_1[0]["9x"]["q\""]"#)
    }

    @Test func objectHashableAndSubscript() {
        var object = JSONObject([(key: "a", value: .number(1))])
        object["b"] = .string("x")
        object["a"] = .number(2)
        #expect(object.keys == ["a", "b"])
        #expect(object["a"] == .number(2))
        object["a"] = nil
        #expect(object.keys == ["b"])
        let set: Set<JSONValue> = [.object(object), .object(object)]
        #expect(set.count == 1)
    }
}

/// Literal syntax and the key-located error helper.
@Suite struct JSONValueConvenienceTests {
    @Test func literalsMatchParsedValues() throws {
        let literal: JSONValue = ["b": [1, 2.5, true, nil, "x"], "a": [:]]
        let parsed = try JSONParser.parse(#"{"b": [1, 2.5, true, null, "x"], "a": {}}"#, file: "t").value
        #expect(literal == parsed)
        #expect(literal.jsonText == #"{"b":[1,2.5,true,null,"x"],"a":{}}"#)
    }

    @Test func keyErrorPointsAtTheKey() throws {
        let document = try JSONParser.parse("{\n  \"colour\": \"red\"\n}", file: "t.json")
        let error = document.keyError(
            at: JSONPath.root.appending("colour"), "unknown key 'colour'", hint: "did you mean 'color'?")
        #expect(error.description == "t.json:2:3: at $.colour: unknown key 'colour' (did you mean 'color'?)")
    }

    @Test func unclosedBindingAtEnd() {
        #expect(throws: BindingSyntaxError(message: "unclosed '{{'", column: 4, hint: "close the binding with }}")) {
            try BindingTemplate(parsing: "Hi {{")
        }
    }
}
