import Testing

@testable import GalleyText

/// Galley's one-pass UTF-16 decoder against the standard library's: the same string for every
/// kind of code unit, lone and reversed surrogates included (each becomes U+FFFD).
@Suite struct StringFromUTF16Tests {
    @Test func decodesLikeTheStandardLibrary() {
        var generator = SystemRandomNumberGenerator()
        // ASCII, two-byte, three-byte, high and low surrogates, and the edges between them.
        let pools: [ClosedRange<UInt16>] = [
            0...0x7F, 0x80...0x7FF, 0x800...0xD7FF, 0xD800...0xDBFF, 0xDC00...0xDFFF, 0xE000...0xFFFF,
        ]
        var samples: [[UInt16]] = [
            [], [0xD800], [0xDC00], [0xDC00, 0xD800], [0xD83D, 0xDE00], [0x7F, 0x80, 0x7FF, 0x800],
        ]
        for _ in 0..<5_000 {
            let length = Int.random(in: 1...24, using: &generator)
            samples.append(
                (0..<length).map { _ in
                    UInt16.random(in: pools.randomElement(using: &generator) ?? 0...0x7F, using: &generator)
                })
        }
        for units in samples {
            let decoded = units.withUnsafeBufferPointer(stringFromUTF16)
            #expect(decoded == String(decoding: units, as: UTF16.self), "\(units)")
            #expect(Array(decoded.utf8) == Array(String(decoding: units, as: UTF16.self).utf8))
        }
    }
}
