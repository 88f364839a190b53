import Dispatch
import GalleyText
import Synchronization
import Testing

/// Layout from several threads at once gives the same results as one thread (run under TSan too).
@Suite struct ConcurrencyTests {
    static func paragraphs() throws -> [([TextSpan], ParagraphStyle, Double)] {
        let darwin = try BreakTests.darwin()
        let words = darwin.split(separator: " ")
        var cases: [([TextSpan], ParagraphStyle, Double)] = []
        for i in 0..<24 {
            let text = words[(i * 5)..<min(words.count, i * 5 + 20 + i)].joined(separator: " ")
            let mixed = i % 3 == 0 ? text + " שלום עולם مرحبا " + text.uppercased() : text
            let style = ParagraphStyle(
                alignment: [.start, .center, .end, .justify][i % 4], maxLines: i % 5 == 0 ? 2 : nil,
                lineBreaking: i % 2 == 0 ? .greedy : .optimal, hyphenate: i % 3 == 1, language: "en-US")
            cases.append(
                (
                    [
                        TextSpan(
                            text: mixed, style: TextStyle(weight: i % 2 == 0 ? 400 : 700, fontSize: 9 + Double(i % 4)))
                    ],
                    style, 90 + Double(i * 7)
                ))
        }
        return cases
    }

    @Test func parallelLayoutMatchesSerial() throws {
        let cases = try ConcurrencyTests.paragraphs()
        let serial = cases.map { Typesetter.layout($0.0, paragraph: $0.1, width: $0.2, registry: TestFonts.registry) }
        final class Results: @unchecked Sendable {
            // Each slot is written by exactly one iteration; read after concurrentPerform returns.
            var layouts: [[ParagraphLayout?]]
            init(_ threads: Int, _ count: Int) {
                layouts = Array(repeating: Array(repeating: nil, count: count), count: threads)
            }
        }
        let threads = 4
        let results = Results(threads, cases.count)
        let sendableCases = cases.map { SendableCase(spans: $0.0, paragraph: $0.1, width: $0.2) }
        results.layouts.withUnsafeMutableBufferPointer { slots in
            nonisolated(unsafe) let slots = slots
            DispatchQueue.concurrentPerform(iterations: threads) { t in
                // Each thread walks the cases from a different starting point, so different
                // paragraphs are shaped (and cached) concurrently.
                var mine = [ParagraphLayout?](repeating: nil, count: sendableCases.count)
                for step in 0..<sendableCases.count {
                    let k = (step + t * 5) % sendableCases.count
                    let c = sendableCases[k]
                    mine[k] = Typesetter.layout(
                        c.spans, paragraph: c.paragraph, width: c.width, registry: TestFonts.registry)
                }
                slots[t] = mine
            }
        }
        for t in 0..<threads {
            for k in cases.indices { #expect(results.layouts[t][k] == serial[k], "thread \(t) case \(k)") }
        }
    }

    /// Clearing the shaping cache while other threads lay out is safe: they shape again.
    @Test func clearingTheCacheDuringLayoutIsSafe() throws {
        let cases = try ConcurrencyTests.paragraphs().prefix(8).map {
            SendableCase(spans: $0.0, paragraph: $0.1, width: $0.2)
        }
        let serial = cases.map {
            Typesetter.layout($0.spans, paragraph: $0.paragraph, width: $0.width, registry: TestFonts.registry)
        }
        let mismatches = Synchronization.Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 4) { t in
            for round in 0..<6 {
                if t == 0 {
                    Typesetter.clearShapingCache()
                    continue
                }
                for (k, c) in cases.enumerated() where (k + round + t) % 2 == 0 {
                    let layout = Typesetter.layout(
                        c.spans, paragraph: c.paragraph, width: c.width, registry: TestFonts.registry)
                    if layout != serial[k] { mismatches.add(1, ordering: .relaxed) }
                }
            }
        }
        #expect(mismatches.load(ordering: .relaxed) == 0)
    }
}

struct SendableCase: Sendable {
    let spans: [TextSpan]
    let paragraph: ParagraphStyle
    let width: Double
}
