import Foundation
import GalleyTestSupport
import Testing

@testable import GalleyRender
@testable import GalleyText

/// A colour change inside an Arabic or Devanagari word must not change its shaping: each span's
/// item is shaped with its neighbours as HarfBuzz context, so the glyphs (ids and positions) are
/// those hb-shape gives for the whole word.
@Suite struct ShapingContextTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let file: String
        let language: String
        let direction: String
        /// The word in pieces, each its own span (its own colour).
        let pieces: [String]
        var testDescription: String { pieces.joined(separator: "|") }
    }

    static let cases = [
        Case(file: "NotoNaskhArabic-Regular.ttf", language: "ar", direction: "rtl", pieces: ["كت", "اب"]),
        Case(file: "NotoNaskhArabic-Regular.ttf", language: "ar", direction: "rtl", pieces: ["مر", "ح", "با"]),
        Case(file: "NotoSansArabic-Regular.ttf", language: "ar", direction: "rtl", pieces: ["الع", "ربية"]),
        Case(file: "NotoSansDevanagari-Regular.ttf", language: "hi", direction: "ltr", pieces: ["नम", "स्ते"]),
        Case(file: "NotoSansDevanagari-Regular.ttf", language: "hi", direction: "ltr", pieces: ["क्", "षत्रिय"]),
        Case(file: "NotoSansDevanagari-Regular.ttf", language: "hi", direction: "ltr", pieces: ["हि", "न्दी"]),
    ]

    /// hb-shape's glyphs for the whole word: id and absolute position (pen + offset), font units.
    static func harfBuzz(_ c: Case, font: String) throws -> [(id: UInt32, x: Double, y: Double)] {
        let output = try PDFTools.run(
            "hb-shape",
            [
                "--no-glyph-names", "--font-funcs=ot", "--language=\(c.language)", "--direction=\(c.direction)", font,
                c.pieces.joined(),
            ], package: "libharfbuzz-bin")
        try #require(output.status == 0, "\(output.standardError)")
        let body = output.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines).dropFirst().dropLast()
        var pen = 0.0
        return body.split(separator: "|").map { glyph in
            // gid=cluster[@x,y]+advance
            let id = UInt32(glyph.prefix { $0 != "=" }) ?? 0
            var dx = 0.0
            var dy = 0.0
            if let at = glyph.firstIndex(of: "@") {
                let offsets = glyph[glyph.index(after: at)...].prefix { $0 != "+" }.split(separator: ",")
                dx = Double(offsets[0]) ?? 0
                dy = Double(offsets[1]) ?? 0
            }
            let advance = Double(glyph.split(separator: "+").last ?? "0") ?? 0
            defer { pen += advance }
            return (id, pen + dx, dy)
        }
    }

    @Test(arguments: cases)
    func colourChangeKeepsTheWordsShaping(_ c: Case) throws {
        let font = "/usr/share/fonts/truetype/noto/" + c.file
        try #require(FileManager.default.fileExists(atPath: font), "fonts-noto-core is missing (install-deps --test)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "galley-context-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try? FileManager.default.copyItem(atPath: font, toPath: folder.appendingPathComponent(c.file).path)
        let registry = FontRegistry(folders: [folder.path], includeSystemFonts: false)
        let face = try #require(
            registry.families.first.flatMap { registry.face(family: $0.name, weight: 400, italic: false) })
        let colours = [
            Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1), Color(red: 0, green: 0.5, blue: 0),
        ]
        let spans = c.pieces.enumerated().map { index, piece in
            TextSpan(
                text: piece,
                style: TextStyle(font: face.family, fontSize: Double(face.unitsPerEm), color: colours[index % 3]))
        }
        let layout = Typesetter.layout(
            spans, paragraph: ParagraphStyle(language: c.language), width: .infinity, registry: registry, cached: false)
        var glyphs: [(id: UInt32, x: Double, y: Double)] = []
        for case .glyphs(let run) in layout.items {
            glyphs += run.glyphs.map { ($0.id, run.origin.x + $0.x, -$0.y) }
        }
        #expect(layout.items.count == c.pieces.count, "one run per colour")
        glyphs.sort { $0.x < $1.x }
        let expected = try Self.harfBuzz(c, font: font).sorted { $0.x < $1.x }
        #expect(glyphs.map(\.id).sorted() == expected.map(\.id).sorted(), "the same glyphs")
        #expect(glyphs.count == expected.count)
        for (galley, harfBuzz) in zip(glyphs, expected) {
            #expect(
                galley.id == harfBuzz.id && abs(galley.x - harfBuzz.x) < 0.01 && abs(galley.y - harfBuzz.y) < 0.01,
                "\(galley) ≠ \(harfBuzz)")
        }
    }
}

/// A line cut inside a run where HarfBuzz flags the glyph at the cut unsafe to break is shaped
/// again: an Arabic word cut by a narrow column ends its first line in a final form and starts the
/// next in an initial one — the glyphs of shaping each line's text alone, not slices of the word.
@Suite struct ReshapeAtBreakTests {
    @Test func anArabicWordCutAcrossLinesIsShapedPerLine() throws {
        let font = "/usr/share/fonts/truetype/noto/NotoNaskhArabic-Regular.ttf"
        try #require(FileManager.default.fileExists(atPath: font), "fonts-noto-core is missing")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "galley-reshape-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(atPath: font, toPath: folder.appendingPathComponent("naskh.ttf").path)
        let registry = FontRegistry(folders: [folder.path], includeSystemFonts: false)
        let family = try #require(registry.families.first?.name)
        let style = TextStyle(font: family, fontSize: 1000)
        let word = "مستشفياتهم"
        let whole = Typesetter.layout(
            [TextSpan(text: word, style: style)], paragraph: ParagraphStyle(), width: .infinity, registry: registry)
        let cut = Typesetter.layout(
            [TextSpan(text: word, style: style)], paragraph: ParagraphStyle(), width: whole.size.width * 0.6,
            registry: registry, cached: false)
        try #require(cut.lines.count >= 2)
        let units = Array(word.utf16)
        for (index, line) in cut.lines.enumerated() {
            let piece = String(decoding: units[line.range], as: UTF16.self)
            let alone = Typesetter.layout(
                [TextSpan(text: piece, style: style)], paragraph: ParagraphStyle(), width: .infinity,
                registry: registry, cached: false)
            var glyphs: [UInt32] = []
            for (item, owner) in zip(cut.items, cut.itemLines) where owner == index {
                // The emergency hyphen is a run of its own.
                if case .glyphs(let run) = item, run.text != "\u{2010}", run.text != "-" {
                    glyphs += run.glyphs.map(\.id)
                }
            }
            var expected: [UInt32] = []
            for case .glyphs(let run) in alone.items { expected += run.glyphs.map(\.id) }
            #expect(glyphs == expected, "line \(index): \(piece)")
        }
    }
}
