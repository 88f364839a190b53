import Foundation
import Galley
import GalleyRender
import GalleyTemplates
import GalleyTestSupport
import Testing

/// A PDF draws a barcode's modules as one stroke of segments (Painter.strokeModules), not filled rectangles,
/// and the stroke is the rectangles exactly: with whole-point modules on whole points, the PDF rendered at
/// 72 dpi by pdftocairo is the PNG (whose modules fill whole pixels) pixel for pixel. pdftocairo, not
/// pdftoppm: poppler's Splash snaps stroke edges to whole pixels, which would hide a misplaced segment. The
/// cases cover one-module rows and taller runs (QR, Data Matrix, Aztec), bars as wide segments (Code 128),
/// guard bars longer than the others (EAN-13) and bearer bars drawn as overlapping segments (ITF-14).
@Suite("barcode geometry")
struct BarcodeGeometryTests {
    static let cases: [(symbology: BarcodeSymbology, data: String)] = [
        (.qr, "Pay Galley Ltd: 42.00 ref 7/2025"), (.datamatrix, "DM-4711/ABC"), (.aztec, "Aztec boarding 0042"),
        (.code128, "ABC-12345-xyz"), (.ean13, "501234567890"), (.itf14, "1540014128876"),
    ]

    @Test(arguments: cases) func aPDFStrokesTheModulesExactly(_ symbology: BarcodeSymbology, _ data: String) throws {
        // No text: only the modules are compared.
        let shapes = try BarcodeEncoder.encode(data, as: symbology, options: BarcodeOptions(showText: false)).shapes
        let module = symbology.isMatrix ? 4.0 : 2.0
        let width = shapes.size.width * module
        let height = shapes.size.height * module
        let template = try Template(
            text: """
                {"galley": 1, "size": [\(width + 40), \(height + 40)], "background": "#ffffff",
                 "body": {"type": "inset", "insets": 20, "child": {"type": "barcode", "symbology": "\(symbology.rawValue)",
                   "data": "\(data)", "showText": false, "width": \(width), "height": \(height)}}}
                """)
        let document = try template.bind(.object(JSONObject()))
        let folder = try TemporaryFolder()
        let pdf = folder.path("modules.pdf")
        let png = folder.path("modules.png")
        _ = try DocumentWriter.write(document, to: pdf, options: OutputOptions(format: .pdf))
        _ = try DocumentWriter.write(document, to: png, options: OutputOptions(format: .png))
        let content = try PDFTools.uncompressed(pdf)
        #expect(content.contains(" S"), "the modules are stroked")
        #expect(!content.contains(" l h"), "no filled rectangle paths")
        let expected = try ImageDecoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: png))))
        let rendered = folder.path("pdftocairo")
        let result = try PDFTools.run(
            "pdftocairo", ["-png", "-r", "72", "-singlefile", pdf, rendered], package: "poppler-utils")
        #expect(result.status == 0, "\(result.standardError)")
        let actual = try ImageDecoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: rendered + ".png"))))
        let comparison = ImageComparison(expected: expected, actual: actual)
        #expect(comparison.maxDifference == 0, "\(comparison)")
    }
}
