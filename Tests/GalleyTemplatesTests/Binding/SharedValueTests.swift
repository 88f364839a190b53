import Testing

@testable import GalleyTemplates

/// The booleans and small whole numbers bindings make are shared values: equal to the ones made
/// apart, and only for numbers that print and compute exactly alike.
@Suite struct SharedValueTests {
    static func number(_ text: String) throws -> JSONNumber {
        guard case .number(let number) = try JSONParser.parse(text, file: "n.json").value else {
            throw ParseFailed()
        }
        return number
    }

    struct ParseFailed: Error {}

    @Test func sharedValuesEqualTheirOwn() {
        #expect(JSONValue.boolean(true) == .bool(true))
        #expect(JSONValue.boolean(false) == .bool(false))
        for n in [0, 1, 2, 29, 255] {
            #expect(JSONValue.numeric(JSONNumber(Double(n))) == .number(Double(n)))
            #expect(JSONValue.numeric(JSONNumber(Double(n))).jsonText == "\(n)")
        }
    }

    @Test func onlyNumbersWrittenAsPlainWholeNumbersAreShared() throws {
        // Written another way: the source text is kept ("1e1" prints as written).
        let written = try Self.number("1e1")
        guard case .number(let kept) = JSONValue.numeric(written) else {
            Issue.record("not a number")
            return
        }
        #expect(kept.text == written.text)
        // Negative zero keeps its sign; fractions, negatives and large numbers are their own.
        guard case .number(let zero) = JSONValue.numeric(JSONNumber(-0.0)) else {
            Issue.record("not a number")
            return
        }
        #expect(zero.value.sign == .minus)
        for value in [2.5, -3, 256, 1e300] {
            guard case .number(let own) = JSONValue.numeric(JSONNumber(value)) else {
                Issue.record("not a number")
                return
            }
            #expect(own.value == value)
        }
    }

    @Test func iterationsAndComparisonsBindAsBefore() throws {
        let data = try JSONParser.parse(#"{"rows": [5, 6, 7]}"#, file: "d.json").value
        let scope = BindingScope(data: data).iteration(.string("x"), index: 2, as: "index")
        // The index shadows an item of the same name, as a later binding would.
        #expect(scope.lookup("index") == .number(2))
        let template = try BindingTemplate(parsing: "{{index % 2 == 0 ? 'even' : 'odd'}} {{index * 3}}")
        #expect(try template.string(in: scope) == "even 6")
    }
}
