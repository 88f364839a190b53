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

    /// A decimal's binary value is the double `strtod` reads from its text: the fast path
    /// (coefficient below 2^53, power of ten up to 10^22) and the text path, at their edges and
    /// for 20,000 random decimals.
    @Test func binaryValueOfADecimalIsCorrectlyRounded() {
        var generator = SystemRandomNumberGenerator()
        var cases: [(Int128, Int)] = [
            ((1 << 53) - 1, -22), ((1 << 53) - 1, 22), (1 << 53, -1), ((1 << 53) + 1, 0), (-(1 << 53) + 1, -5),
            (1, -23), (1, 23), (123_456_789_012_345_678, -2), (0, -3), (-0, 5), (Int128(Int64.max), 0),
        ]
        for _ in 0..<20_000 {
            let digits = Int.random(in: 1...18, using: &generator)
            var coefficient = Int128(Int64.random(in: 0..<Int64(pow10(digits)), using: &generator))
            if Bool.random(using: &generator) { coefficient = -coefficient }
            cases.append((coefficient, Int.random(in: -30...30, using: &generator)))
        }
        for (coefficient, exponent) in cases {
            let decimal = ExactDecimal(coefficient: coefficient, exponent: exponent)
            let expected = Double("\(coefficient)e\(exponent)")
            #expect(decimal.doubleValue == expected, "\(coefficient)e\(exponent)")
        }
    }

    private func pow10(_ power: Int) -> Int64 { (0..<power).reduce(1) { value, _ in value * 10 } }

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

    /// Decimal numbers add up exactly; the text of a result keeps the scale of its inputs.
    @Test func exactDecimals() throws {
        func text(_ template: String, _ data: JSONValue = [:]) throws -> String {
            try BindingTemplate(parsing: template).evaluate(in: BindingScope(data: data)).interpolationText
        }
        #expect(try text("{{0.1 + 0.2}}") == "0.3")
        #expect(try text("{{a + b}}", ["a": 0.1, "b": 0.2]) == "0.3")
        #expect(try text("{{1.10 + 2.20}}") == "3.30")
        #expect(try text("{{1.50 * 2}}") == "3.00")
        #expect(try text("{{19.99 * 3}}") == "59.97")
        #expect(try text("{{10 / 4}}") == "2.5")
        #expect(try text("{{3.00 / 2}}") == "1.50")
        #expect(try text("{{1 / 3}}") == "0.33333333333333333333")
        #expect(try text("{{2 / 3}}") == "0.66666666666666666667")
        #expect(try text("{{7.5 % 2}}") == "1.5")
        #expect(try text("{{-0.1 - 0.2}}") == "-0.3")
        #expect(try text("{{xs | sum}}", ["xs": [1.1, 2.2]]) == "3.3")
        #expect(try text("{{xs | sum}}", ["xs": ["0.10", "0.20", 0.3]]) == "0.60")
        #expect(try text("{{a * b | number:2}}", ["a": "2.675", "b": 1]) == "2.68", "half away from zero, exactly")
        #expect(try text("{{a | currency:'EUR'}}", ["a": "-1234.505"]) == "-€1,234.51")
        #expect(try text("{{a | number}}", ["a": "1234.50"]) == "1,234.50")
        // Past 38 digits the result is binary, still a number.
        let huge = "{{12345678901234567890123456789 * 12345678901234567890123456789}}"
        #expect(try text(huge).hasPrefix("1.524157875323883"))
    }

    /// Comparisons read numeric text (CSV fields) as numbers, and `if` treats "false" and "0" as false.
    @Test func numericTextComparesAsNumbers() throws {
        func value(_ template: String, _ data: JSONValue) throws -> JSONValue {
            try BindingTemplate(parsing: template).evaluate(in: BindingScope(data: data))
        }
        #expect(try value("{{a > b}}", ["a": "10", "b": "9"]) == .bool(true))
        #expect(try value("{{a > 9}}", ["a": "10"]) == .bool(true))
        #expect(try value("{{a == 1.5}}", ["a": "1.50"]) == .bool(true))
        #expect(try value("{{a < b}}", ["a": "apple", "b": "banana"]) == .bool(true))
        for falsy: JSONValue in ["false", "FALSE", "0", "0.00", "", false, 0, nil] {
            #expect(Binder.truthiness(falsy) == false, "\(falsy)")
        }
        for truthy: JSONValue in ["true", "no", "0x0", "falsey", " 1", true, 1, "a"] {
            #expect(Binder.truthiness(truthy) == true, "\(truthy)")
        }
    }
}
