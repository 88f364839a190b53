import GalleyTestSupport
import Testing

@testable import GalleyTemplates

/// The parser must return or throw — never trap or hang — on any input.
@Suite struct JSONParserFuzzTests {
    typealias SplitMix = SplitMix64

    static let seed = """
        { // c
          a: [1, -2.5e3, .5, +0x1F, 'x\\n\\u00e9', "y\\
        z", true, false, null, Infinity, NaN, {b: {}}, [], ],
          /* d */ "é😀": "\\ud83d\\ude00",
        }
        """

    static let alphabet: [UInt8] =
        Array("{}[]:,\"'\\/*+-.0123456789eExXabfnrtuvINul \n\r\t".utf8) + [0, 0x80, 0xC3, 0xE2, 0xFF]

    @Test func mutatedInputsNeverCrash() {
        var random = SplitMix(state: 42)
        let base = Array(Self.seed.utf8)
        var accepted = 0
        for _ in 0..<20_000 {
            var bytes = base
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                let position = Int.random(in: 0...bytes.count, using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0 where position < bytes.count: bytes.remove(at: position)
                case 1: bytes.insert(Self.alphabet.randomElement(using: &random) ?? 0, at: position)
                case 2 where position < bytes.count: bytes[position] = Self.alphabet.randomElement(using: &random) ?? 0
                default: bytes = Array(bytes[0..<position])
                }
            }
            if (try? JSONParser.parse(utf8: bytes, file: "fuzz")) != nil { accepted += 1 }
        }
        #expect(accepted > 0)
    }

    @Test func randomInputsNeverCrash() {
        var random = SplitMix(state: 7)
        for _ in 0..<20_000 {
            let length = Int.random(in: 0..<40, using: &random)
            let bytes = (0..<length).map { _ in Self.alphabet.randomElement(using: &random) ?? 0 }
            do {
                let document = try JSONParser.parse(utf8: bytes, file: "fuzz")
                _ = document.sourceMap.location(of: JSONPath([.index(0), .key("a")]))
            } catch {
                #expect(error.location != nil)
            }
        }
    }
}
