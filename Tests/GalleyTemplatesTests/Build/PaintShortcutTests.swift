import Foundation
import Galley
import GalleyTemplates
import Testing

@testable import GalleyRender

/// Every template of `Templates/` with its data, as a plain PDF: painted with the shortcuts
/// (`Painter.takesShortcuts`: glyph runs gathered into one cairo call, translated groups
/// without a state save) it has the bytes of the PDF painted without them — real shaping,
/// ligatures, right-to-left text, tables, images, clipped and paged content.
@Suite("PDF paint shortcuts in the templates")
struct PaintShortcutTests {
    static let folder = TemplateSchemaTests.root.appendingPathComponent("Templates")

    /// The template's first record (its `NAME.data.json` or `.csv`), or none.
    static func firstRecord(_ name: String, _ template: Template) throws -> JSONValue {
        for suffix in [".data.json", ".data.csv"] {
            let path = folder.appendingPathComponent(name + suffix).path
            guard FileManager.default.fileExists(atPath: path) else { continue }
            let reader = try RecordReader(path: path, options: template.dataOptions)
            return try reader.next()?.value ?? .object([:])
        }
        return .object([:])
    }

    /// The document's PDF and how many runs joined another in one call.
    static func pdf(_ document: any Document, shortcuts: Bool) throws -> (bytes: [UInt8], gathered: Int) {
        try PDFWriter.$takesShortcuts.withValue(shortcuts) {
            var metadata = document.metadata
            metadata.creationDate = "D:20260101000000"
            let writer = try PDFWriter(metadata: metadata)
            for index in 0..<(try document.pageCount(isCancelled: CancellationCheck(source: nil))) {
                try writer.addPage(try document.displayPage(index, options: DisplayOptions()))
            }
            writer.setOutline(document.outline)
            let gathered = writer.gatheredRunCount
            return (try writer.finishData(), gathered)
        }
    }

    @Test func everyTemplateIsByteIdenticalWithoutShortcuts() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
            .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".data.json") && $0 != "galley.schema.json" }
            .map { String($0.dropLast(".json".count)) }.sorted()
        #expect(names.count > 15)
        var gathered: [String: Int] = [:]
        for name in names {
            let template = try Template.load(path: Self.folder.appendingPathComponent(name + ".json").path)
            // Some templates take their data from the command line (scenes, animation states).
            guard let document = try? template.bind(try Self.firstRecord(name, template)) else { continue }
            let batched = try Self.pdf(document, shortcuts: true)
            let single = try Self.pdf(document, shortcuts: false)
            let identical = batched.bytes == single.bytes
            #expect(identical, "\(name)")
            gathered[name] = batched.gathered
        }
        #expect(gathered.count >= 12, "\(gathered)")

        // Runs were gathered where a template has runs of one style side by side.
        #expect(gathered["invoice", default: 0] > 50, "\(gathered)")
        #expect(gathered.values.reduce(0, +) > 200, "\(gathered)")
    }
}
