import Testing

@testable import GalleyTemplates

/// Binding compilation and evaluation must return or throw on any input, never trap.
@Suite struct BindingFuzzTests {
    static let pieces = [
        "{{", "}}", " ", "a", "item", ".", "[", "]", "0", "12", "-", "(", ")", "!", "==", "<", ">=", "&&", "||",
        "|", ":", "number", "currency", "date", "upper", "default", "\"", "'", "EUR", "yyyy", "}", "{", "x", "é",
        "\\", "2024-01-02", "null", "true",
    ]

    @Test func randomBindingsNeverCrash() {
        var random = JSONParserFuzzTests.SplitMix(state: 99)
        let data = JSONValue.object(
            JSONObject([
                (key: "a", value: .array([.number(1), .string("2024-01-02"), .null])),
                (key: "x", value: .string("text")),
            ]))
        let scope = BindingScope(data: data).iteration(.number(3), index: 0)
        var compiled = 0
        for _ in 0..<20_000 {
            let count = Int.random(in: 1...12, using: &random)
            let text = (0..<count).map { _ in Self.pieces.randomElement(using: &random) ?? "" }.joined()
            guard let template = try? BindingTemplate(parsing: text) else { continue }
            compiled += 1
            _ = try? template.evaluate(in: scope)
            _ = try? template.isTruthy(in: scope)
        }
        #expect(compiled > 100)
    }

    @Test func deepNestingIsASyntaxError() {
        let text = "{{" + String(repeating: "(", count: 10_000) + "a" + String(repeating: ")", count: 10_000) + "}}"
        #expect(throws: BindingSyntaxError.self) { try BindingTemplate(parsing: text) }
        let bangs = "{{" + String(repeating: "!", count: 10_000) + "a}}"
        #expect(throws: BindingSyntaxError.self) { try BindingTemplate(parsing: bangs) }
    }

    /// A precompiled template evaluates the same way for every one of thousands of records (its speed
    /// is a `make bench` figure, not a timed assertion here).
    @Test func evaluatesThousandsOfRecords() throws {
        let template = try BindingTemplate(
            parsing:
                #"{{ item.description | upper }} x{{ item.qty }} @ {{ item.unit_price | currency:"EUR" }} {{ index > 2 && !paid }}"#
        )
        let item = JSONValue.object(
            JSONObject([
                (key: "description", value: .string("Waterproof gasket")), (key: "qty", value: .number(22)),
                (key: "unit_price", value: .number(356.04)),
            ]))
        let scope = BindingScope(data: .object(JSONObject([(key: "paid", value: .bool(false))])))
        for index in 0..<10_000 {
            let text = try template.string(in: scope.iteration(item, index: index))
            #expect(text == "WATERPROOF GASKET x22 @ €356.04 \(index > 2)")
        }
    }
}
