import Foundation
import Testing

@testable import GalleyText

/// The itemize phase: script runs, bidi levels and font fallback (Fixtures/itemize/cases.txt).
@Suite struct ItemizeTests {
    static func cases() throws -> [[String]] {
        try Fixtures.lines("itemize/cases.txt").map { $0.split(separator: ";").map(String.init) }
    }

    @Test(arguments: try cases())
    func itemsMatchFixture(_ fields: [String]) throws {
        let text = ParagraphText([TextSpan(text: fields[0], style: TextStyle())])
        let primary = try #require(TestFonts.registry.face(family: nil, weight: 400, italic: false))
        let result = Itemize.run(text, registry: TestFonts.registry, primaries: [primary])
        let expected = fields[1].split(separator: "|").map(String.init)
        #expect(result.items.count == expected.count)
        for (item, want) in zip(result.items, expected) {
            let parts = want.split(separator: "/").map(String.init)
            #expect(item.script == parts[0], "\(fields[0]) item \(item.range)")
            #expect(Int(item.level) == Int(parts[1]), "\(fields[0]) item \(item.range)")
            if parts[2] == "*" {
                #expect(item.face.family != "Liberation Sans")
                #expect(item.face.hasGlyph(for: text.scalar(at: item.range.lowerBound).0))
            } else {
                #expect(item.face.family == parts[2])
            }
        }
    }

    @Test func registryReadsFamilyWeightAndSlant() throws {
        let bold = try #require(TestFonts.bundled.face(family: "liberation sans", weight: 700, italic: false))
        #expect(bold.family == "Liberation Sans" && bold.weight == 700 && !bold.italic)
        let boldItalic = try #require(TestFonts.bundled.face(family: "Liberation Sans", weight: 800, italic: true))
        #expect(boldItalic.weight == 700 && boldItalic.italic)
        // CSS matching: 300 prefers lighter, then the nearest heavier (400).
        #expect(TestFonts.bundled.face(family: "Liberation Sans", weight: 300, italic: false)?.weight == 400)
        // Unknown family → default family; every bundled family has real italics (fonts-liberation2).
        #expect(TestFonts.bundled.face(family: "No Such Font", weight: 400, italic: false)?.family == "Liberation Sans")
        for family in ["Liberation Serif", "Liberation Mono"] {
            for weight in [400, 700] {
                let face = TestFonts.bundled.face(family: family, weight: weight, italic: true)
                #expect(face?.italic == true && face?.weight == weight, "\(family) \(weight) italic")
            }
        }
        // A family without an italic face falls back to its upright face (drawn slanted).
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("galley-upright-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            atPath: FontRegistry.bundledFontsFolder + "/LiberationSerif-Regular.ttf",
            toPath: folder.path + "/LiberationSerif-Regular.ttf")
        let upright = FontRegistry(folders: [folder.path], includeSystemFonts: false)
        #expect(upright.face(family: "Liberation Serif", weight: 400, italic: true)?.italic == false)
        let families = TestFonts.bundled.families.map(\.name)
        #expect(families == ["Liberation Mono", "Liberation Sans", "Liberation Serif"])
        #expect(bold.ascender > 0 && bold.descender > 0 && bold.unitsPerEm == 2048)
    }

    @Test func missingCharactersAreReported() {
        let layout = Typesetter.layout(
            [TextSpan(text: "a\u{10FFFD}b", style: TextStyle())],
            paragraph: ParagraphStyle(), width: .infinity, registry: TestFonts.bundled)
        #expect(layout.missingCharacters == ["\u{10FFFD}"])
        let fine = Typesetter.layout(
            [TextSpan(text: "plain", style: TextStyle())],
            paragraph: ParagraphStyle(), width: .infinity, registry: TestFonts.bundled)
        #expect(fine.missingCharacters.isEmpty)
    }
}

extension ItemizeTests {
    @Test func systemRegistryScanIsQuickAndFindsNoto() {
        let clock = ContinuousClock()
        var registry: FontRegistry?
        let elapsed = clock.measure { registry = FontRegistry(folders: [FontRegistry.bundledFontsFolder]) }
        let faces = registry?.faces.count ?? 0
        print("FontRegistry with system fonts: \(faces) faces in \(elapsed)")
        #expect(faces > 8)
        #expect(registry?.families.contains { $0.name == "Liberation Sans" } == true)
    }
}

extension ItemizeTests {
    @Test func paragraphDirectionComesFromFirstStrongCharacter() {
        #expect(Itemize.bidiLevels(Array("123 שלום".utf16)).paragraph == 1)
        #expect(Itemize.bidiLevels(Array("123 abc שלום".utf16)).paragraph == 0)
        #expect(Itemize.bidiLevels(Array("...".utf16)).paragraph == 0)
    }
}
