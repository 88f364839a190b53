import Testing

@testable import GalleyTemplates

/// Arithmetic, the conditional operator and the `sum` filter (what invoices need:
/// amounts, totals, alternating rows).
@Suite struct ArithmeticTests {
    static let data: JSONValue = [
        "qty": 3, "price": 2.5, "text": "4", "items": [["qty": 2, "unit_price": 10.5], ["qty": 1, "unit_price": 4]],
    ]
    let scope = BindingScope(data: ArithmeticTests.data)

    private func value(_ text: String) throws -> JSONValue {
        try BindingTemplate(parsing: text).evaluate(in: scope)
    }

    @Test func precedenceAndOperators() throws {
        #expect(try value("{{qty * price}}") == .number(7.5))
        #expect(try value("{{1 + 2 * 3}}") == .number(7))
        #expect(try value("{{(1 + 2) * 3}}") == .number(9))
        #expect(try value("{{10 - 4 - 3}}") == .number(3))
        #expect(try value("{{7 % 4}}") == .number(3))
        #expect(try value("{{9 / 2}}") == .number(4.5))
        #expect(try value("{{text * 2}}") == .number(8))
        #expect(try value("{{qty * 2 > 5}}") == .bool(true))
        #expect(try value("{{qty * price | number:2}}") == .string("7.50"))
    }

    @Test func conditional() throws {
        #expect(try value("{{qty % 2 == 1 ? 'odd' : 'even'}}") == .string("odd"))
        #expect(try value("{{missing ? 1 : 2}}") == .number(2))
        #expect(try value("{{qty > 5 ? 'big' : qty > 2 ? 'mid' : 'small'}}") == .string("mid"))
    }

    @Test func sumFilter() throws {
        #expect(try value("{{items | sum:\"qty * unit_price\"}}") == .number(25))
        #expect(try value("{{items | sum:\"qty * unit_price * 0.08\" | number:2}}") == .string("2.00"))
        #expect(throws: BindingError.self) { try value("{{qty | sum}}") }
    }

    @Test func errors() throws {
        #expect(throws: BindingError.self) { try value("{{qty / 0}}") }
        #expect(throws: BindingError.self) { try value("{{items * 2}}") }
        #expect(throws: BindingSyntaxError.self) { try value("{{qty ? 1}}") }
        #expect(throws: BindingSyntaxError.self) { try value("{{items | sum:\"qty *\"}}") }
    }
}
