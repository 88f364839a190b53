import Galley
import GalleyText
import Testing

@testable import GalleyTemplates

/// The document's `lang`, an element's `lang` (literal or bound) and a filter's `lang:` option:
/// which language each binding formats in, and which language text is set in.
@Suite struct LanguageScopeTests {
    private func texts(_ source: String, data: JSONValue = .object(JSONObject())) throws -> [(String, String?)] {
        let template = try Template(text: source)
        let document = try template.bind(data)
        let canvas = try #require(document as? Canvas)
        return canvas.nodeFrames().compactMap { $0.node as? TextNode }.map { ($0.text, $0.paragraphStyle.language) }
    }

    @Test func elementLanguageOverridesTheDocumentsForItsSubtree() throws {
        let found = try texts(
            """
            {"galley": 1, "size": [400, 300], "lang": "de-DE",
             "body": {"type": "stack", "children": [
               {"type": "text", "text": "{{ amount | currency:\\"EUR\\" }} {{ day | date:\\"yMMMd\\" }}"},
               {"type": "stack", "lang": "fr-FR", "children": [
                 {"type": "text", "text": "{{ amount | currency:\\"EUR\\" }}"},
                 {"type": "text", "lang": "{{ country }}", "text": "{{ amount | number:2 }}"}]},
               {"type": "text", "text": "{{ amount | currency:\\"EUR\\", lang:\\"en-US\\" }}"}]}}
            """,
            data: ["amount": 1234.5, "day": "2025-03-12", "country": "de-CH"])
        #expect(found.map(\.0) == ["1.234,50\u{A0}€ 12. März 2025", "1\u{202F}234,50\u{A0}€", "1’234.50", "€1,234.50"])
        // Text is set in the language around it: hyphenation and line breaking follow it.
        #expect(found.map(\.1) == ["de-DE", "fr-FR", "de-CH", "de-DE"])
    }

    @Test func withoutALanguageTextKeepsNoneAndFiltersFormatInEnglish() throws {
        let found = try texts(
            #"{"galley": 1, "size": [200, 100], "body": {"type": "text", "text": "{{ 1234.5 | number:1 }}"}}"#)
        #expect(found.map(\.0) == ["1,234.5"])
        #expect(found.map(\.1) == [nil])
    }

    @Test func badTagsAreLocatedErrors() throws {
        #expect(throws: TemplateError.self) {
            try Template(
                text: #"{"galley": 1, "size": [10, 10], "lang": "english please", "body": {"type": "spacer"}}"#)
        }
        let bound = try Template(
            text: #"{"galley": 1, "size": [10, 10], "body": {"type": "text", "lang": "{{l}}", "text": "x"}}"#)
        do {
            _ = try bound.bind(["l": "not a tag"])
            Issue.record("a bad bound tag was accepted")
        } catch {
            #expect(error.description.contains("$.body.lang"))
            #expect(error.description.contains("BCP 47"))
        }
    }

    @Test func stringFilters() throws {
        func apply(_ filters: String, _ value: JSONValue) throws -> String {
            let scope = BindingScope(data: .object(JSONObject([(key: "v", value: value)])))
            return try BindingTemplate(parsing: "{{ v | \(filters) }}").string(in: scope)
        }
        let text = "the rendering pipeline takes a template"
        // The issue's "rendering pipeline t…": words are kept whole unless asked otherwise.
        #expect(try apply("truncate:25", .string(text)) == "the rendering pipeline…")
        #expect(try apply(#"truncate:25, at:"character""#, .string(text)) == "the rendering pipeline t…")
        #expect(try apply(#"truncate:10, ellipsis:"...""#, .string("Donaudampfschifffahrt")) == "Donauda...")
        #expect(try apply("truncate:50", .string(text)) == text)
        #expect(try apply(#"replace:"-", "–""#, .string("1-2-3")) == "1–2–3")
        #expect(try apply(#"join:" / ""#, .array(["a", 2, true])) == "a / 2 / true")
        #expect(try apply("join", .array(["a", "b"])) == "a, b")
        #expect(try apply("round:2", .number(1.005)) == "1.01")
        #expect(try apply("round", .number(2.5)) == "3")
        #expect(try apply(#"round:1, rounding:"halfEven""#, .number(96.25)) == "96.2")
        #expect(try apply("round:2 | number:2", .number(-0.004)) == "0.00")
        #expect(try apply("compact", .number(1234)) == "1.2K")
        #expect(try apply(#"currency:"EUR", display:"name""#, .number(2)) == "2.00 euros")
        #expect(
            try apply(#"date:"medium", time:"short""#, .string("2025-03-12T09:05:00Z"))
                == "Mar 12, 2025, 9:05\u{202F}AM")
    }

    @Test func chartTickFormatsAreNumberFilters() throws {
        #expect(try BuiltInNodes.valueFormatter("currency:EUR")(1234.5) == "€1,234.50")
        #expect(try BuiltInNodes.valueFormatter(#"number:1, lang:"de-DE""#)(1234.56) == "1.234,6")
        #expect(try BuiltInNodes.valueFormatter("compact")(1_500_000) == "1.5M")
        #expect(throws: (any Error).self) { try BuiltInNodes.valueFormatter("upper") }
    }
}
