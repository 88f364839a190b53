import Foundation
import Galley
import GalleyLayout
import GalleyRender
import Testing

/// The golden scenes written as PDF: vector except for the rasterized subtree, the photos and
/// shadows (a shadow is a blurred alpha mask: a stencil image under vector content).
@Suite("vector PDF")
struct VectorPDFTests {
    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/" + tool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// `pdfimages -list` rows: (type, width, height).
    static func images(in path: String) throws -> [(type: String, width: Int, height: Int)] {
        try run("pdfimages", ["-list", path]).split(separator: "\n").dropFirst(2).map { line in
            let columns = line.split(separator: " ", omittingEmptySubsequences: true)
            return (String(columns[2]), Int(columns[3]) ?? 0, Int(columns[4]) ?? 0)
        }
    }

    static func write(_ body: any LayoutElement, size: Size) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("galley-vector-\(UUID()).pdf").path
        try DocumentWriter.write(
            Canvas(body: body, size: size), to: path, options: OutputOptions(format: .pdf, rasterCache: nil))
        return path
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/pdfimages")))
    func layersAreVectorButTheRasterizedSubtree() throws {
        let cells: [DisplayNode] = [
            LayerFixtures.opacityGroup(), LayerFixtures.nestedClip(), LayerFixtures.transformed(),
            LayerFixtures.rasterizedBadge(),
        ]
        let path = try Self.write(
            StackLayoutSpec(direction: .horizontal, spacing: 6, children: cells), size: Size(width: 230, height: 50))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let images = try Self.images(in: path)
        // Only the rasterized badge (50x50 points at the PDF rasterization scale 2) and its alpha.
        #expect(images.map(\.type) == ["image", "smask"], "\(images)")
        #expect(images.allSatisfy { $0.width == 100 && $0.height == 100 })
        // The text inside the rasterized badge is pixels, so it does not extract.
        #expect(!(try Self.run("pdftotext", [path, "-"]).contains("Ras")))
    }

    /// Decided: a shadow is a blurred bitmap (an image with a soft mask) under vector content.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/pdfimages")))
    func aShadowIsOneImageUnderVectorContent() throws {
        let path = try Self.write(LayerFixtures.shadowCard(), size: Size(width: 50, height: 50))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try Self.images(in: path).filter { $0.type == "image" }.count == 1)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/pdfimages")))
    func contentModesEmbedOnlyThePhotos() throws {
        let path = try Self.write(LayerFixtures.contentModes(), size: Size(width: 208, height: 72))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let pictures = try Self.images(in: path).filter { $0.type == "image" }
        #expect(pictures.count >= 1 && pictures.count <= 12)
        #expect(pictures.allSatisfy { $0.width == 16 && $0.height == 12 })
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/pdfimages")))
    func chartsAndRainbowsAreVectorWithText() throws {
        let path = try Self.write(LayerFixtures.customNodes(), size: Size(width: 290, height: 70))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try Self.images(in: path).isEmpty)
        let text = try Self.run("pdftotext", [path, "-"])
        for label in ["Q1", "Q4", "7.5", "40"] { #expect(text.contains(label), "\(label) in \(text)") }
    }
}
