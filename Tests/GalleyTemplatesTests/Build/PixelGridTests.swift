import Foundation
import Galley
import GalleyLayout
import GalleyTestSupport
import Testing

@testable import GalleyTemplates

/// A PDF is not a pixel grid: a label sheet of ten 72.4 pt rows inside a 13.5 pt inset, measured
/// in the PDF's own drawing operators (`x y w h re f`), ends at exactly 13.5 + 724 pt; a PNG still
/// rounds to its device pixels, and layout outside an output keeps Texture's 1 pt grid.
@Suite struct PixelGridTests {
    static let source = """
        {"galley": 1, "size": [200, 760], "body": {"type": "inset", "insets": 13.5, "child": {
          "type": "stack", "direction": "vertical", "children": [
            {"type": "box", "each": "{{rows}}", "height": 72.4,
             "background": "{{index % 2 == 0 ? '#dbeafe' : '#fde68a'}}"}]}}}
        """
    static let data: JSONValue = ["rows": .array(Array(repeating: .null, count: 10))]

    /// The `re` operators of the page: x, y (from the top: cairo flips the page), width, height.
    static func rectangles(_ pdf: [UInt8]) throws -> [[Double]] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("galley-grid-\(getpid()).pdf").path
        try Data(pdf).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let text = try PDFTools.uncompressed(path)
        #expect(text.contains("1 0 0 -1 0 760 cm"))
        return text.split(separator: "\n").compactMap { line -> [Double]? in
            let words = line.split(separator: " ")
            guard let re = words.firstIndex(of: "re"), re >= 4 else { return nil }
            return words[(re - 4)..<re].compactMap { Double($0) }
        }
    }

    @Test func labelSheetRowsEndAtExactly724PointsInThePDF() throws {
        let document = try Template(text: Self.source).bind(Self.data)
        let rows = try Self.rectangles(try DocumentWriter.pdfData(document))
        try #require(rows.count == 10)
        for (index, row) in rows.enumerated() {
            #expect(row[0] == 13.5, "row \(index) x")
            #expect(row[2] == 173, "row \(index) width (200 − 2 × 13.5)")
            // cairo keeps coordinates in 24.8 fixed point (1/256 pt) and writes three decimals.
            #expect(abs(row[1] - (13.5 + 72.4 * Double(index))) <= 0.003, "row \(index) y: \(row[1])")
            #expect(abs(row[3] - 72.4) <= 0.003, "row \(index) height: \(row[3])")
        }
        #expect(rows[0][1] == 13.5)
        #expect(abs(rows[9][1] + rows[9][3] - 737.5) <= 0.001, "the last row ends at 13.5 + 724")
    }

    @Test func rasterOutputAndPlainLayoutKeepTexturesPixelGrid() throws {
        let document = try Template(text: Self.source).bind(Self.data)
        // Outside an output: Texture's 1 pt grid (the layout corpus and `galley layout` see this).
        _ = try document.pageCount(isCancelled: CancellationCheck(source: nil))
        let frames = try #require(document as? Canvas).nodeFrames().map(\.frame).filter { $0.size.height > 70 }
        #expect(frames.count == 10)
        #expect(frames.allSatisfy { $0.origin.x == 14 && $0.size.height == 73 })
        // On a 2x raster, half points: 13.5 stays, 72.4 becomes 72.5.
        let doubled = try PixelGrid.withScale(2) { () throws -> [Rect] in
            let fresh = try Template(text: Self.source).bind(Self.data)
            _ = try fresh.pageCount(isCancelled: CancellationCheck(source: nil))
            return try #require(fresh as? Canvas).nodeFrames().map(\.frame).filter { $0.size.height > 70 }
        }
        #expect(doubled.allSatisfy { $0.origin.x == 13.5 && $0.size.height == 72.5 })
    }
}
