import Foundation
import Galley
import GalleyLayout
import GalleyRender
import GalleyText
import Testing

/// The library example of README.md, kept compiling and producing a real PDF.
@Suite struct ReadmeExampleTests {
    @Test func libraryExampleWritesAPDF() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID()).pdf").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        // --- as in README.md ---
        let title = TextNode("Quarterly report", style: TextStyle(weight: 700, fontSize: 28))
        let badge = BoxNode(intrinsicSize: Size(width: 40, height: 40))
        badge.layer.backgroundColor = Color(rgb8: 0x1e, 0x3a, 0x8a)
        badge.layer.cornerRadius = 20
        let body = InsetLayoutSpec(
            insets: EdgeInsets(all: 24),
            child:
                StackLayoutSpec(direction: .horizontal, spacing: 12, alignItems: .center, children: [badge, title]))
        let canvas = Canvas(body: body, size: Size(width: 480, height: 96))
        try DocumentWriter.write(canvas, to: path, options: OutputOptions(format: .pdf))
        // ---
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(bytes.starts(with: Array("%PDF-".utf8)))
    }
}
