import Foundation
import GalleyTestSupport
import Testing

@testable import GalleyText

/// German, French and English hyphenation against libhyphen itself: word lists whose expected
/// breaks are libhyphen's answer (Fixtures/hyphenation/libhyphen_oracle.py, ctypes over
/// libhyphen.so with `hnj_hyphen_load` and each word in the dictionary's own character set), and
/// a sample of the German dictionary's own words through both loaders.
@Suite(.serialized) struct HyphenationDictionaryTests {
    private static let folder = Fixtures.folder.appendingPathComponent("hyphenation").path
    private static let dictionaries = ["de": "hyph_de_DE", "fr": "hyph_fr", "en": "hyph_en_US"]

    /// The word with a hyphen before each of Galley's points.
    static func hyphenated(_ word: String, language: String) -> String {
        let text = ParagraphText([TextSpan(text: word, style: TextStyle())])
        let points = Set(Hyphenation.points(text, in: 0..<text.count, language: language))
        var result = ""
        var offset = 0
        for scalar in word.unicodeScalars {
            if points.contains(offset) { result += "-" }
            result.unicodeScalars.append(scalar)
            offset += UTF16.width(scalar)
        }
        return result
    }

    @Test(arguments: ["de", "fr", "en"])
    func wordListMatchesLibhyphen(_ language: String) throws {
        let path = Self.folder + "/\(language).expected"
        let expected = try String(contentsOfFile: path, encoding: .utf8)
        let pairs = expected.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
        #expect(pairs.count >= 19)
        for pair in pairs {
            #expect(Self.hyphenated(pair[0], language: language) == pair[1], "\(language): \(pair[0])")
        }
        // The fixture is libhyphen's own answer.
        let dictionary = "/usr/share/hyphen/\(Self.dictionaries[language] ?? "").dic"
        let oracle = try Python.run(
            script: Self.folder + "/libhyphen_oracle.py", arguments: [dictionary, path])
        try #require(oracle.status == 0, "\(oracle.standardError)")
        #expect(oracle.standardOutput == expected)
    }

    /// Tags that lead to one file (`hyph_de_DE.dic`, and the `hyph_de_CH.dic` link to it) share
    /// one loaded dictionary: each is built once per process, not once per tag or twice per tag.
    @Test func oneFileIsOneDictionaryWhateverTheTag() throws {
        let german = try #require(Hyphenation.dictionary(for: "de-DE"))
        #expect(Hyphenation.dictionary(for: "de-CH") === german)
        #expect(Hyphenation.dictionary(for: "de") === german)
        #expect(Hyphenation.dictionary(for: "en-US") !== german)
    }

    /// The issue's word: the ISO-8859-1 German dictionary fed UTF-8 broke `aussch-ließlich`.
    @Test func germanSharpSIsOneCharacterOfTheDictionarysCharset() {
        #expect(Self.hyphenated("ausschließlich", language: "de-DE") == "aus-schließ-lich")
        #expect(Self.hyphenated("Straßenbahnhaltestelle", language: "de-CH") == "Stra-ßen-bahn-hal-te-stelle")
    }

    /// Every 25th compound of the German dictionary's word level (about 2,700 words) hyphenates
    /// the same through Galley's loader as through `hnj_hyphen_load`.
    @Test func germanDictionaryWordsMatchLibhyphensLoader() throws {
        let dictionary = "/usr/share/hyphen/hyph_de_DE.dic"
        let bytes = try Data(contentsOf: URL(fileURLWithPath: dictionary))
        let text = String(decoding: bytes.map { UInt16($0) }, as: UTF16.self)  // ISO-8859-1
        var words: [String] = []
        for (index, line) in text.split(separator: "\n").enumerated() where index % 25 == 0 {
            let word = line.filter { !$0.isNumber }
            if word.count >= 5, word.allSatisfy(\.isLetter) { words.append(word) }
        }
        #expect(words.count > 2_000)
        let list = FileManager.default.temporaryDirectory.appendingPathComponent("galley-de-words-\(getpid()).txt")
        try words.joined(separator: "\n").write(to: list, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: list) }
        let oracle = try Python.run(
            script: Self.folder + "/libhyphen_oracle.py", arguments: [dictionary, list.path])
        try #require(oracle.status == 0, "\(oracle.standardError)")
        let answers = oracle.standardOutput.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
        try #require(answers.count == words.count)
        var mismatches = 0
        for answer in answers where Self.hyphenated(answer[0], language: "de") != answer[1] {
            mismatches += 1
            if mismatches < 10 {
                Issue.record("\(answer[0]): \(Self.hyphenated(answer[0], language: "de")) ≠ \(answer[1])")
            }
        }
        #expect(mismatches == 0)
    }
}
