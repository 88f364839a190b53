import Foundation
import Testing

@testable import GalleyTemplates

/// Parses the 4 MB invoice benchmark; prints the time (the budget, 100 ms, applies to release builds).
@Test func parsesInvoiceBenchmark() throws {
    let url = URL(fileURLWithPath: "/work/shared/bench/data/invoices.json")
    guard let data = try? Data(contentsOf: url) else { return }
    let text = String(decoding: data, as: UTF8.self)
    var best = Duration.seconds(100)
    var count = 0
    for _ in 0..<5 {
        let clock = ContinuousClock()
        let start = clock.now
        let document = try JSONParser.parse(text, file: "invoices.json")
        best = min(best, clock.now - start)
        count = document.value.arrayValue?.count ?? 0
    }
    print("invoices.json parse: \(best)")
    #expect(count == 1000)
}
