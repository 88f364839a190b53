import Testing

@testable import GalleyTemplates

/// The fast `%.Nf` path must print exactly what the C library prints, or step aside.
@Suite struct NumberFormattingTests {
    @Test func fastPathEqualsPrintfOnRandomAmounts() {
        var generator = SystemRandomNumberGenerator()
        var fastCount = 0
        for _ in 0..<200_000 {
            let magnitude = [1.0, 100, 10_000, 1e6, 1e9, 1e13][Int.random(in: 0..<6, using: &generator)]
            var value = Double.random(in: -magnitude...magnitude, using: &generator)
            // Amounts with few decimals hit binary near-ties (2.675, 1.005) much more often.
            if Bool.random(using: &generator) { value = (value * 1000).rounded() / 1000 }
            let decimals = Int.random(in: 0...6, using: &generator)
            let expected = NumberFormatting.printfFixed(value, decimals: decimals)
            if let fast = NumberFormatting.fastFixed(value, decimals: decimals) {
                fastCount += 1
                #expect(fast == expected, "value \(value) decimals \(decimals)")
            }
            #expect(NumberFormatting.fixed(value, decimals: decimals) == expected)
        }
        // The fast path must actually be taken for everyday values.
        #expect(fastCount > 150_000)
    }

    @Test func knownTiesAndEdgesMatchPrintf() {
        let cases: [(Double, Int)] = [
            (2.675, 2), (1.005, 2), (0.125, 2), (0.375, 2), (2.5, 0), (3.5, 0), (-0.001, 2), (-0.0, 2), (0, 0),
            (999.995, 2), (1e15, 2), (123456789.987654, 6), (-45.5, 0), (0.0049999, 2), (7, 6),
        ]
        for (value, decimals) in cases {
            #expect(
                NumberFormatting.fixed(value, decimals: decimals)
                    == NumberFormatting.printfFixed(value, decimals: decimals),
                "value \(value) decimals \(decimals)")
        }
        #expect(NumberFormatting.grouped(1234567.891, decimals: 2) == "1,234,567.89")
        #expect(NumberFormatting.currency(-0.001, code: "USD") == "$0.00")
    }
}
