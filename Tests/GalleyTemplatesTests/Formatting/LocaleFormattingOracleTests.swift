import Foundation
import GalleyTestSupport
import GalleyText
import Testing

@testable import GalleyTemplates

/// Number, currency, percent, compact, date and time filters in en-US, de-DE, fr-FR, de-CH,
/// ja-JP, ar-EG and hi-IN, each compared with Babel (babel_oracle.py: Babel 2.12.1 from PyPI,
/// whose CLDR 42 is ICU 72's), a formatter that shares no code with ICU.
@Suite struct LocaleFormattingOracleTests {
    private static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path

    private struct Case: Decodable {
        let lang: String
        let filter: String
        let value: Double
    }

    @Test func everyCaseMatchesBabel() throws {
        let fixture = Self.folder + "/formatting.jsonl"
        let cases = try String(contentsOfFile: fixture, encoding: .utf8).split(separator: "\n").map {
            try JSONDecoder().decode(Case.self, from: Data($0.utf8))
        }
        #expect(cases.count >= 7 * 20)
        try #require(
            Python.hasModules(["babel"]),
            "Babel is missing: run scripts/install-deps --test (pip installs babel==2.12.1)")
        let oracle = try Python.run(script: Self.folder + "/babel_oracle.py", arguments: [fixture])
        try #require(oracle.status == 0, "\(oracle.standardError)")
        let expected = try JSONDecoder().decode([String].self, from: Data(oracle.standardOutput.utf8))
        try #require(expected.count == cases.count)
        for (item, babel) in zip(cases, expected) {
            let locale = try #require(FormatLocale(tag: item.lang))
            let scope = BindingScope(data: .object(JSONObject([(key: "v", value: .number(item.value))])))
                .formatting(in: locale)
            let galley = try BindingTemplate(parsing: "{{ v | \(item.filter) }}").string(in: scope)
            #expect(galley == babel, "\(item.lang) \(item.filter) \(item.value)")
        }
    }
}
