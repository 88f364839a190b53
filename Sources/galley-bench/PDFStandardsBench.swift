import Foundation
import Galley
import GalleyRender
import GalleyTemplates

/// What the PDF standards cost (docs/pdf.md): W1 as a PDF/A-3b Factur-X invoice (cairo's PDF
/// post-processed by libqpdf: XMP, output intent, the invoice XML attached) and W2 tagged as
/// PDF/UA-1 (structure markers, flat cairo tags, the structure tree rebuilt), each next to the
/// plain PDF measured in the same run, interleaved so both see the same machine.
enum PDFStandardsBench {
    static let group = BenchGroup(name: "pdf-standards") { options, report in
        let invoice = try Template.load(path: "Templates/invoice.json")
        let invoiceResources = RenderResources.forTemplate(invoice)
        let invoices = try WorkloadBench.records(options.dataDirectory + "/invoices.json", limit: 100)
        let w1 = try compare(runs: invoices.count, warmup: 10) { index, standard throws in
            let document = try invoice.bind(invoices[index], resources: invoiceResources)
            if standard {
                document.pdf.facturX = FacturX(profile: .en16931, xml: Array(facturX(invoices[index]).utf8))
                document.pdf.standards = [.a3b]
            }
            return try DocumentWriter.pdfData(document).count
        }
        report.add("pdf-standards", "w1_pdf_ms", w1.plain.ms)
        report.add("pdf-standards", "w1_pdfa3b_facturx_ms", w1.standard.ms)
        report.add("pdf-standards", "w1_pdfa3b_facturx_over_plain", w1.standard.ms / w1.plain.ms, digits: 2)
        report.add("pdf-standards", "w1_pdfa3b_facturx_bytes", Double(w1.standard.bytes), digits: 0)

        let w2Template = try Template.load(path: "Templates/report.json")
        let w2Resources = RenderResources.forTemplate(w2Template)
        let w2Data = try WorkloadBench.records(options.dataDirectory + "/report.json", limit: 1)[0]
        let w2 = try compare(runs: 10, warmup: 3) { _, standard throws in
            let document = try w2Template.bind(w2Data, resources: w2Resources)
            if standard { document.pdf.standards = [.ua1] }
            return try DocumentWriter.pdfData(document).count
        }
        report.add("pdf-standards", "w2_pdf_ms", w2.plain.ms)
        report.add("pdf-standards", "w2_pdfua_tagged_ms", w2.standard.ms)
        report.add("pdf-standards", "w2_pdfua_tagged_over_plain", w2.standard.ms / w2.plain.ms, digits: 2)
        report.add("pdf-standards", "w2_pdf_bytes", Double(w2.plain.bytes), digits: 0)
        report.add("pdf-standards", "w2_pdfua_tagged_bytes", Double(w2.standard.bytes), digits: 0)
    }

    struct Measure {
        var ms: Double
        var bytes: Int
    }

    /// Medians of `render(i, false)` and `render(i, true)` over `runs`, the two interleaved.
    static func compare(runs: Int, warmup: Int, _ render: (Int, Bool) throws -> Int) throws
        -> (plain: Measure, standard: Measure)
    {
        for index in 0..<warmup {
            _ = try render(index % runs, false)
            _ = try render(index % runs, true)
        }
        var plain: [Double] = []
        var standard: [Double] = []
        var bytes = (0, 0)
        for index in 0..<runs {
            var start = Clock.now()
            bytes.0 = try render(index, false)
            plain.append(Clock.now() - start)
            start = Clock.now()
            bytes.1 = try render(index, true)
            standard.append(Clock.now() - start)
        }
        return (
            Measure(ms: plain.median * 1000, bytes: bytes.0),
            Measure(ms: standard.median * 1000, bytes: bytes.1)
        )
    }

    /// A small CII invoice XML from a W1 record: its number and one line per item.
    static func facturX(_ record: JSONValue) -> String {
        let number = record["number"]?.stringValue ?? ""
        var lines = ""
        for (index, item) in (record["items"]?.arrayValue ?? []).enumerated() {
            let name = item["description"]?.stringValue ?? ""
            lines +=
                "<ram:IncludedSupplyChainTradeLineItem><ram:AssociatedDocumentLineDocument><ram:LineID>\(index + 1)"
                + "</ram:LineID></ram:AssociatedDocumentLineDocument><ram:SpecifiedTradeProduct><ram:Name>\(name)"
                + "</ram:Name></ram:SpecifiedTradeProduct></ram:IncludedSupplyChainTradeLineItem>"
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?><rsm:CrossIndustryInvoice "
            + "xmlns:rsm=\"urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100\" "
            + "xmlns:ram=\"urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100\">"
            + "<rsm:ExchangedDocument><ram:ID>\(number)</ram:ID></rsm:ExchangedDocument>"
            + "<rsm:SupplyChainTradeTransaction>\(lines)</rsm:SupplyChainTradeTransaction></rsm:CrossIndustryInvoice>"
    }
}
