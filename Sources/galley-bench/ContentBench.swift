import Foundation
import Galley
import GalleyTemplates

/// W1 with an SVG logo and a payment QR code in place of its PNG logo (issue 17): median ms per PDF and
/// per 72 dpi PNG next to plain W1 in the same run. The parsed SVG is shared by the batch through the image
/// loader's cache; each record's QR code is its own (it carries the invoice number).
enum ContentBench {
    static let group = BenchGroup(name: "content") { options, report in
        let invoices = try WorkloadBench.records(options.dataDirectory + "/invoices.json", limit: 200)
        let plain = try Template.load(path: "Templates/invoice.json")
        let source = try String(contentsOfFile: "Templates/invoice.json", encoding: .utf8)
        let logo = #"{ type: "image", id: "logo", src: "assets/logo.png", width: 120, height: 40 },"#
        guard source.contains(logo) else { throw BenchError("Templates/invoice.json no longer has its PNG logo") }
        let variant = source.replacingOccurrences(
            of: logo,
            with: #"""
                { type: "stack", direction: "horizontal", spacing: 6, children: [
                  { type: "image", id: "logo", src: "assets/galley-logo.svg", width: 80, height: 24 },
                  { type: "barcode", symbology: "qr", data: "BCD\n002\n1\nSCT\nGALLEY LTD\nInvoice {{number}}", width: 40, height: 40 } ] },
                """#)
        let content = try Template(text: variant, file: "Templates/invoice-svg-qr.json", directory: "Templates")
        let plainResources = RenderResources.forTemplate(plain)
        let contentResources = RenderResources.forTemplate(content)
        for (kind, output) in [("pdf", WorkloadBench.Output.pdf), ("png_1x", .png(1))] {
            // Interleaved, so a slow stretch of the shared machine slows both alike.
            var plainSamples = [Double]()
            var contentSamples = [Double]()
            for record in invoices.prefix(20) {
                _ = try WorkloadBench.render(plain, plainResources, record, output)
                _ = try WorkloadBench.render(content, contentResources, record, output)
            }
            for record in invoices {
                var start = Clock.now()
                _ = try WorkloadBench.render(plain, plainResources, record, output)
                plainSamples.append(Clock.now() - start)
                start = Clock.now()
                _ = try WorkloadBench.render(content, contentResources, record, output)
                contentSamples.append(Clock.now() - start)
            }
            let plainMedian = plainSamples.median * 1000
            let contentMedian = contentSamples.median * 1000
            report.add("content", "w1_\(kind)_ms", plainMedian)
            report.add("content", "w1_svg_qr_\(kind)_ms", contentMedian)
            report.add("content", "w1_svg_qr_\(kind)_ratio_to_w1", contentMedian / plainMedian, digits: 2)
        }
    }

    struct BenchError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
