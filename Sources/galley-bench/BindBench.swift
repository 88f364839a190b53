import Foundation
import Galley
import GalleyTemplates

/// The bind phase alone (`Template.bind`: bindings evaluated, values checked, nodes and specs made; no
/// layout): W1's invoices, and a wide template whose 24 text elements set 40 keys each (9 of them bound),
/// so the cost of reading an element's values shows apart from the data. Medians of many binds, interleaved.
enum BindBench {
    static let group = BenchGroup(name: "bind") { options, report in
        let invoices = try WorkloadBench.records(options.dataDirectory + "/invoices.json", limit: 200)
        let invoice = try Template.load(path: "Templates/invoice.json")
        let wide = try Template(text: wideTemplate, file: "<bind-bench>", directory: "Templates")
        let invoiceResources = RenderResources.forTemplate(invoice)
        let wideResources = RenderResources.forTemplate(wide)
        let wideRecords = (0..<200).map(wideRecord)
        for record in invoices.prefix(20) { _ = try invoice.bind(record, resources: invoiceResources) }
        for record in wideRecords.prefix(20) { _ = try wide.bind(record, resources: wideResources) }
        // GALLEY_BENCH_BIND=w1 or =wide runs one of the two (for `perf stat` instruction counts).
        let only = ProcessInfo.processInfo.environment["GALLEY_BENCH_BIND"]
        var invoiceSamples = [Double]()
        var wideSamples = [Double]()
        for round in 0..<5 {
            for index in 0..<200 {
                var start = Clock.now()
                if only != "wide" {
                    _ = try invoice.bind(invoices[(index + round) % invoices.count], resources: invoiceResources)
                    invoiceSamples.append(Clock.now() - start)
                }
                start = Clock.now()
                if only != "w1" {
                    _ = try wide.bind(wideRecords[index], resources: wideResources)
                    wideSamples.append(Clock.now() - start)
                }
            }
        }
        if !invoiceSamples.isEmpty {
            report.add("bind", "w1_bind_ms", invoiceSamples.median * 1000)
        }
        if !wideSamples.isEmpty {
            report.add("bind", "wide_40_keys_bind_ms", wideSamples.median * 1000)
        }
    }

    /// The record of the wide template for `index`.
    static func wideRecord(_ index: Int) -> JSONValue {
        var object = JSONObject()
        object["name"] = .string("Customer \(index)")
        object["size"] = .number(Double(10 + index % 4))
        object["color"] = .string(index % 2 == 0 ? "#1f2937" : "#7c2d12")
        object["wide"] = .number(Double(200 + index % 50))
        object["note"] = .string("note \(index)")
        object["weight"] = .string(index % 3 == 0 ? "bold" : "regular")
        return .object(object)
    }

    /// 24 text elements of 40 keys each (31 literal, 9 bound) in a vertical stack.
    static let wideTemplate: String = {
        let element = """
            { type: "text", text: "{{name}} {{note}}", id: "t{{index}}", debugName: "cell",
              width: "{{wide}}", height: 40, minWidth: 10, maxWidth: "90%", minHeight: 4, maxHeight: 400,
              flexGrow: 0, flexShrink: 1, flexBasis: "auto", alignSelf: "start", spacingBefore: 2, spacingAfter: 2,
              background: "#f8fafc", cornerRadius: 4, border: { width: 1, color: "#e5e7eb" }, opacity: 1,
              clip: false, rasterize: false, link: "https://example.com/{{index}}", role: "P", alt: "a cell",
              shadow: { offset: [0, 1], blur: 2, color: "#0000001a" },
              font: "DejaVu Sans", weight: "{{weight}}", italic: false, fontSize: "{{size}}", color: "{{color}}",
              lineHeight: 1.3, letterSpacing: 0.1, features: ["kern"], underline: false, strikethrough: false,
              baselineOffset: 0, maxLines: 2, truncation: "…", align: "start", lineBreaking: "greedy",
              hyphenate: false }
            """
        let children = (0..<24).map { element.replacingOccurrences(of: "{{index}}", with: "\($0)") }
        return """
            { galley: 1, size: [600, 1200],
              body: { type: "stack", direction: "vertical", spacing: 2, children: [
            \(children.joined(separator: ",\n"))
              ] } }
            """
    }()
}
