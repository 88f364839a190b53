import Foundation
import Galley
import GalleyRender
import GalleyTemplates
import GalleyTestSupport
import Testing

/// Every barcode kind, rendered from a template with its data bound from the record, decodes to exactly that
/// data with an independent decoder: from the PNG at 2x, and from the PDF rasterized by pdftoppm.
@Suite("barcodes decode")
struct BarcodeDecodeTests {
    /// A symbology, the data bound, what a decoder reads back, and which decoder reads it.
    struct Case: Sendable, CustomStringConvertible {
        let symbology: String
        let data: String
        /// The decoded text: the data with its check digit (EAN/UPC/ITF), GS1's AIs without brackets.
        let decoded: String
        let usesZbar: Bool
        let size: (Double, Double)
        var description: String { symbology }
    }

    static let cases: [Case] = [
        Case(
            symbology: "qr", data: "Pay Galley Ltd: 42.00 € ref 7/2025", decoded: "Pay Galley Ltd: 42.00 € ref 7/2025",
            usesZbar: true, size: (140, 140)),
        Case(symbology: "datamatrix", data: "DM-4711/ABC", decoded: "DM-4711/ABC", usesZbar: false, size: (90, 90)),
        Case(
            symbology: "aztec", data: "Aztec boarding 0042", decoded: "Aztec boarding 0042", usesZbar: false,
            size: (100, 100)),
        Case(
            symbology: "pdf417", data: "TICKET 2025-06-01 ROW 12 SEAT 7", decoded: "TICKET 2025-06-01 ROW 12 SEAT 7",
            usesZbar: false, size: (260, 90)),
        Case(symbology: "code128", data: "ABC-12345-xyz", decoded: "ABC-12345-xyz", usesZbar: true, size: (260, 80)),
        Case(
            symbology: "gs1-128", data: "[01]09501101530003[17]250101[10]AB12",
            decoded: "01095011015300031725010110AB12", usesZbar: true, size: (300, 90)),
        Case(symbology: "ean13", data: "501234567890", decoded: "5012345678900", usesZbar: true, size: (200, 100)),
        Case(symbology: "ean8", data: "9638507", decoded: "96385074", usesZbar: true, size: (150, 90)),
        // zbar reads UPC-A as the EAN-13 it is a subset of (a leading 0); zxing-cpp reports the 12 digits.
        Case(symbology: "upca", data: "03600029145", decoded: "036000291452", usesZbar: false, size: (200, 100)),
        Case(symbology: "itf14", data: "1540014128876", decoded: "15400141288763", usesZbar: true, size: (300, 100)),
        Case(symbology: "code39", data: "GALLEY-39", decoded: "GALLEY-39", usesZbar: true, size: (260, 80)),
    ]

    static func template(_ item: Case) throws -> Template {
        try Template(
            text: """
                {"galley": 1, "size": [\(item.size.0 + 40), \(item.size.1 + 40)], "background": "#ffffff",
                 "body": {"type": "inset", "insets": 20, "child": {"type": "barcode", "symbology": "\(item.symbology)",
                   "data": "{{code}}", "width": \(item.size.0), "height": \(item.size.1)}}}
                """)
    }

    static func decode(_ path: String, _ item: Case) throws -> [String] {
        item.usesZbar ? try BarcodeReaders.zbar(path) : try BarcodeReaders.zxing(path)
    }

    @Test(arguments: cases) func pngAtTwiceDecodes(_ item: Case) throws {
        let folder = try TemporaryFolder()
        let document = try Self.template(item).bind(.object(JSONObject([("code", .string(item.data))])))
        let png = folder.path("\(item.symbology).png")
        _ = try DocumentWriter.write(document, to: png, options: OutputOptions(format: .png, scale: 2))
        #expect(try Self.decode(png, item) == [item.decoded])
        if item.symbology == "upca" { #expect(try BarcodeReaders.zbar(png) == ["0" + item.decoded]) }
    }

    @Test(arguments: cases) func pdfRasterizedByPdftoppmDecodes(_ item: Case) throws {
        let folder = try TemporaryFolder()
        let document = try Self.template(item).bind(.object(JSONObject([("code", .string(item.data))])))
        let pdf = folder.path("\(item.symbology).pdf")
        _ = try DocumentWriter.write(document, to: pdf, options: OutputOptions(format: .pdf))
        let png = folder.path("\(item.symbology)-pdftoppm.png")
        try Data(try PDFTools.pdftoppm(pdf, resolution: 144)).write(to: URL(fileURLWithPath: png))
        #expect(try Self.decode(png, item) == [item.decoded])
        // Vector: the modules are paths, not an image.
        let images = try PDFTools.pdfimagesList(pdf).standardOutput.split(separator: "\n")
        #expect(images.count == 2, "pdfimages lists only its two header lines: \(images)")
    }
}

/// A folder under the system's temporary folder, removed when the value goes away.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("galley-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes `bytes` to `name` in the folder and returns its path.
    @discardableResult
    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        try Data(bytes).write(to: url.appendingPathComponent(name))
        return path(name)
    }
}
