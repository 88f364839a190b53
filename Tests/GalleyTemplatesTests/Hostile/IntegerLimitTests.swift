import Galley
import Testing

@testable import GalleyTemplates

/// Issue 14: any whole number ≥ ~9.3e18 (and NaN, infinity, negatives where not allowed) in
/// `maxLines`, `bookmarkLevel`, `colSpan`, `rowSpan`, `weight`, a toc's `levels`, `orphans` and
/// `widows` — literal or bound from data — trapped converting to `Int` (exit 132). Each is now
/// checked against its `ValueLimits` range where it enters: a literal when the template is
/// compiled, data when the record is bound, with the file, line:column, JSON path, record and
/// the accepted range in the message.
@Suite struct IntegerLimitTests {
    /// A template whose element at `$.body…` has `key: value` (value as JSON5 source text).
    static func template(_ key: String, _ value: String) -> String {
        switch key {
        case "colSpan", "rowSpan":
            return """
                {galley: 1, page: {size: "A4"}, body: {type: "table", columns: [{width: 50}, {width: 50}],
                  rows: [{type: "row", cells: [{type: "text", text: "a", \(key): \(value)}]}]}}
                """
        case "levels":
            return #"{galley: 1, page: {size: "A4"}, body: {type: "toc", levels: \#(value)}}"#
        case "orphans", "widows":
            return #"{galley: 1, page: {size: "A4"}, body: {type: "text", text: "a", \#(key): \#(value)}}"#
        default:
            return #"{galley: 1, size: [200, 100], body: {type: "text", text: "a", bookmark: "b", \#(key): \#(value)}}"#
        }
    }

    static let keys: [(key: String, path: String, expected: String)] = [
        ("maxLines", "$.body.maxLines", "a whole number from 0 to 100000"),
        ("bookmarkLevel", "$.body.bookmarkLevel", "a whole number from 1 to 100"),
        ("weight", "$.body.weight", "a number from 1 to 1000 or one of \"black\""),
        ("colSpan", "$.body.rows[0].cells[0].colSpan", "a whole number from 1 to 10000"),
        ("rowSpan", "$.body.rows[0].cells[0].rowSpan", "a whole number from 1 to 1000000"),
        ("levels", "$.body.levels", "a whole number from 1 to 100"),
        ("orphans", "$.body.orphans", "a whole number from 1 to 1000"),
        ("widows", "$.body.widows", "a whole number from 1 to 1000"),
    ]

    static func compileError(_ text: String) -> String? {
        do {
            _ = try Template(text: text, file: "t.json")
            return nil
        } catch {
            return error.description
        }
    }

    static func bindError(_ text: String, data: JSONValue, record: Int) throws -> String? {
        let template = try Template(text: text, file: "t.json")
        do {
            _ = try template.bind(data, recordIndex: record)
            return nil
        } catch {
            return error.description
        }
    }

    @Test(arguments: keys.map(\.key))
    func hostileLiteralsAreLocatedCompileErrors(key: String) throws {
        let entry = try #require(Self.keys.first { $0.key == key })
        for value in ["1e19", "9.3e18", "1e308", "NaN", "Infinity", "-Infinity", "-1", "0.5"] {
            // 0 and negatives are fine for none of these but maxLines (0 = no limit), weight…
            if key == "maxLines" && value == "0" { continue }
            let message = Self.compileError(Self.template(key, value))
            #expect(message?.hasPrefix("t.json:") == true, "\(key): \(value): \(message ?? "accepted")")
            #expect(message?.contains("at \(entry.path): expected \(entry.expected)") == true, "\(message ?? "")")
        }
    }

    @Test(arguments: keys.map(\.key))
    func hostileDataIsTheRecordsLocatedError(key: String) throws {
        let entry = try #require(Self.keys.first { $0.key == key })
        let text = Self.template(key, "\"{{v}}\"")
        for value in [JSONValue.number(1e19), .number(-9.3e18), .number(.infinity), .number(.nan), .string("big")] {
            let data = JSONValue.object(JSONObject([(key: "v", value: value)]))
            let message = try Self.bindError(text, data: data, record: 500)
            #expect(message?.hasPrefix("t.json:") == true, "\(key): \(value): \(message ?? "accepted")")
            #expect(message?.contains("at \(entry.path): record 500: expected \(entry.expected)") == true)
            #expect(message?.hasSuffix("(from a binding)") == true, "\(message ?? "")")
        }
    }

    @Test func valuesInRangeStillWork() throws {
        for (key, _, _) in Self.keys {
            let value = key == "weight" ? "700" : (key == "maxLines" ? "0" : "2")
            #expect(Self.compileError(Self.template(key, value)) == nil, "\(key)")
            let data = JSONValue.object(JSONObject([(key: "v", value: .number(key == "weight" ? 1000 : 1))]))
            #expect(try Self.bindError(Self.template(key, "\"{{v}}\""), data: data, record: 0) == nil, "\(key)")
        }
        // The values reach the nodes: maxLines 3, weight 1000, bookmark level 7.
        let text =
            #"{galley: 1, size: [200, 100], body: {type: "text", text: "a", maxLines: 3, weight: "{{w}}", bookmark: "b", bookmarkLevel: 7}}"#
        let template = try Template(text: text, file: "t.json")
        let canvas = try #require(
            try template.bind(.object(JSONObject([(key: "w", value: .number(1000))]))) as? Canvas)
        let node = try #require(canvas.nodeFrames().lazy.compactMap { $0.node as? TextNode }.first)
        #expect(node.paragraphStyle.maxLines == 3)
        #expect(node.spans.first?.style.weight == 1000)
        #expect(node.bookmark?.level == 7)
    }

    /// A weight inside a bound span, and a transition time, are checked the same way.
    @Test func spansAndTransitionsFromData() throws {
        let spans = #"{galley: 1, size: [200, 100], body: {type: "text", spans: [{text: "a", weight: "{{w}}"}]}}"#
        let message = try Self.bindError(
            spans, data: .object(JSONObject([(key: "w", value: .number(1e19))])), record: 3)
        #expect(
            message?.contains(
                "at $.body.spans[0].weight: record 3: expected a number from 1 to 1000 or one of \"black\"") == true,
            "\(message ?? "accepted")")
        let transition = #"{galley: 1, size: [200, 100], body: {type: "box", size: [1, 1], transition: "{{t}}"}}"#
        let timing = JSONValue.object(JSONObject([(key: "duration", value: .number(1e300))]))
        let late = try Self.bindError(
            transition, data: .object(JSONObject([(key: "t", value: timing)])), record: 4)
        #expect(
            late?.contains("at $.body.transition.duration: record 4: expected a number from 0 to 3600, got 1e+300")
                == true, "\(late ?? "accepted")")
        #expect(
            Self.compileError(#"{galley: 1, size: [9, 9], body: {type: "box", transition: {delay: -1}}}"#)?.contains(
                "at $.body.transition.delay: expected a number from 0 to 3600, got -1") == true)
    }
}
