import Testing

@testable import GalleyTemplates

/// Evaluating bindings: paths, locals, operators, truthiness, interpolation and missing paths.
@Suite struct BinderTests {
    static let data: JSONValue = {
        let text = """
            {
              "name": "Ada", "count": 4, "zero": 0, "paid": false, "none": null, "empty": "",
              "price": 1234.5, "ratio": 0.25, "tags": ["a", "b"],
              "invoice": {"number": "INV-1", "items": [{"name": "Gasket", "qty": 2}, {"name": "Hinge", "qty": 1}]},
              "key": "number", "odd key": 7
            }
            """
        return (try? JSONParser.parse(text, file: "data.json").value) ?? .null
    }()

    let scope = BindingScope(data: BinderTests.data)

    private func value(_ text: String, in scope: BindingScope? = nil) throws -> JSONValue {
        try BindingTemplate(parsing: text).evaluate(in: scope ?? self.scope)
    }

    private func string(_ text: String, in scope: BindingScope? = nil) throws -> String {
        try BindingTemplate(parsing: text).string(in: scope ?? self.scope)
    }

    @Test func pathsKeepTypeInSingleExpressions() throws {
        #expect(try value("{{count}}") == .number(4))
        #expect(try value("{{ tags }}") == .array([.string("a"), .string("b")]))
        #expect(try value("{{invoice.items[1].name}}") == .string("Hinge"))
        #expect(try value("{{invoice[key]}}") == .string("INV-1"))
        #expect(try value(#"{{invoice["number"]}}"#) == .string("INV-1"))
        #expect(try value(#"{{ $root_missing | default:1 }}"#) == .number(1))
        #expect(try value("{{count > 3}}") == .bool(true))
    }

    @Test func interpolation() throws {
        #expect(
            try string("Hi {{name}}, {{count}} items at {{price}}; {{ratio}} {{paid}}{{none}}!")
                == "Hi Ada, 4 items at 1234.5; 0.25 false!")
        #expect(try value("n={{count}}") == .string("n=4"))
        #expect(try string("{{tags}}") == #"["a","b"]"#)
    }

    @Test func localsShadowDataAndChain() throws {
        let items = Self.data["invoice"]?["items"]?.arrayValue ?? []
        var lines: [String] = []
        for (index, item) in items.enumerated() {
            let inner = scope.iteration(item, index: index)
            lines.append(try string("{{index}}: {{item.name}} x{{item.qty}} ({{invoice.number}})", in: inner))
        }
        #expect(lines == ["0: Gasket x2 (INV-1)", "1: Hinge x1 (INV-1)"])
        let named = scope.iteration(.string("outer"), index: 0, as: "name").iteration(.string("x"), index: 5)
        #expect(try string("{{name}} {{item}} {{index}}", in: named) == "outer x 5")
        #expect(try string("Page {{page}} of {{pages}}", in: scope.page(2, of: 9)) == "Page 2 of 9")
    }

    @Test func operatorsAndPrecedence() throws {
        #expect(try value("{{ count >= 4 && name == 'Ada' }}") == .bool(true))
        #expect(try value("{{ !paid || count < 0 && false }}") == .bool(true))
        #expect(try value("{{ (!paid || count < 0) && false }}") == .bool(false))
        #expect(try value("{{ count != 4 }}") == .bool(false))
        #expect(try value("{{ name < 'Bob' }}") == .bool(true))
        #expect(try value("{{ -1 < zero }}") == .bool(true))
        // CSV data is text: a number equals a string that reads as the same number.
        #expect(try value("{{ 1 == '1' }}") == .bool(true))
        #expect(try value("{{ 1 == '1.0' }}") == .bool(true))
        #expect(try value("{{ 1 == 'one' }}") == .bool(false))
        #expect(throws: BindingError.typeMismatch(message: "cannot compare string with number using >")) {
            try value("{{ name > 3 }}")
        }
    }

    @Test func truthiness() throws {
        let cases: [(String, Bool)] = [
            ("{{count}}", true), ("{{zero}}", false), ("{{paid}}", false), ("{{none}}", false),
            ("{{empty}}", false), ("{{tags}}", true), ("{{missing}}", false), ("{{missing.deep[3]}}", false),
            ("{{!missing}}", true), ("{{count > 3}}", true), ("{{missing > 3}}", false), ("{{name}}", true),
            ("literal", true), ("", false),
        ]
        for (text, expected) in cases {
            #expect(try BindingTemplate(parsing: text).isTruthy(in: scope) == expected, "\(text)")
        }
        #expect(Binder.truthiness(.object(JSONObject())) == false)
        #expect(Binder.truthiness(.array([])) == false)
    }

    @Test func missingPathsAreErrorsUnlessDefaulted() throws {
        #expect(throws: BindingError.missingPath(path: "invoice.items[5].name")) {
            try string("x {{ invoice.items[5].name | upper }}")
        }
        #expect(throws: BindingError.missingPath(path: "nope")) { try value("{{ nope > 1 }}") }
        #expect(try string(#"{{ invoice.customer | default:"n/a" }}"#) == "n/a")
        #expect(
            try string(#"{{ none | default:"n/a" }}|{{ empty | default:"-" }}|{{ zero | default:9 }}"#) == "n/a|-|0")
        #expect(try string(#"{{ missing | default:"a" | upper }}"#) == "A")
        let error = BindingError.missingPath(path: "a.b")
        #expect(
            error.description == #"no value at 'a.b' in the data (add it to the data, or write {{a.b | default:"…"}})"#)
    }

    @Test func documentErrorForMissingPath() throws {
        let document = try JSONParser.parse("{\"body\": {\"text\": \"{{who}}\"}}", file: "t.json")
        let path = JSONPath([.key("body"), .key("text")])
        let error = document.error(at: path, BindingError.missingPath(path: "who"))
        #expect(
            error.description
                == #"t.json:1:19: at $.body.text: no value at 'who' in the data (add it to the data, or write {{who | default:"…"}})"#
        )
    }
}
