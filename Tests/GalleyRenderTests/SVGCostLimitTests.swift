import Foundation
import GalleyLayout
import GalleyRender
import GalleyTestSupport
import Testing

/// librsvg's drawing cannot be cancelled, so the SVG costs that grow without bound from a few bytes
/// are limited before it parses them (docs/security.md): `feTurbulence numOctaves` (100,000 octaves
/// drew a 100 x 100 filter for two minutes — found by the fuzzer's seeds), `feConvolveMatrix order`,
/// entities that could hide either, and gzip data.
@Suite struct SVGCostLimitTests {
    static func turbulence(_ octaves: String) -> [UInt8] {
        Array(
            """
            <svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><defs><filter id="f">
            <feTurbulence baseFrequency="0.9" numOctaves=\(octaves) seed="3"/></filter></defs>
            <rect width="40" height="40" filter="url(#f)"/></svg>
            """.utf8)
    }

    /// The SVG drawn into a 40 x 40 bitmap.
    static func pixels(_ svg: [UInt8]) throws -> [UInt8] {
        let image = try VectorImage(svg: svg, baseFile: nil)
        let page = DisplayPage(
            size: Size(width: 40, height: 40), items: [.vector(image, Rect(x: 0, y: 0, width: 40, height: 40))])
        return try RasterRenderer.render(page, scale: 1).pixels
    }

    static func error(_ svg: [UInt8]) -> String? {
        do {
            _ = try VectorImage(svg: svg, baseFile: nil)
            return nil
        } catch {
            return error.description
        }
    }

    /// 100,000 octaves are drawn as 10: the same pixels as 10, which differ from 3.
    @Test func turbulenceOctavesAreCapped() throws {
        let capped = try Self.pixels(Self.turbulence("\"100000\""))
        #expect(capped == (try Self.pixels(Self.turbulence("'10'"))))
        #expect(capped == (try Self.pixels(Self.turbulence("\" 99999999999999999999999 \""))))
        #expect(capped != (try Self.pixels(Self.turbulence("\"3\""))))
        #expect(capped.contains { $0 != 0 })
    }

    @Test(arguments: ["\"&n;\"", "\"1e5\"", "\"ten\"", "\"&#57;&#57;\""])
    func octavesThatAreNotPlainNumbersAreErrors(value: String) {
        #expect(Self.error(Self.turbulence(value))?.contains("numOctaves=") == true, "\(value)")
    }

    @Test func entitiesThatCouldHideMarkupAreErrors() {
        let hidden = """
            <?xml version="1.0"?><!DOCTYPE svg [<!ENTITY t "<feTurbulence numOctaves='100000'/>">]>
            <svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><filter id="f">&t;</filter></svg>
            """
        #expect(Self.error(Array(hidden.utf8))?.contains("an XML entity declares markup") == true)
        let reference = #"<!DOCTYPE svg [<!ENTITY t "&#60;g/&#62;">]><svg xmlns="http://www.w3.org/2000/svg"/>"#
        #expect(Self.error(Array(reference.utf8))?.contains("an XML entity declares markup") == true)
        let parameter = #"<!DOCTYPE svg [<!ENTITY % p "x">]><svg xmlns="http://www.w3.org/2000/svg"/>"#
        #expect(Self.error(Array(parameter.utf8))?.contains("parameter entity") == true)
        // Illustrator's plain namespace entities are fine.
        let illustrator = """
            <?xml version="1.0"?><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [
            <!ENTITY ns_svg "http://www.w3.org/2000/svg"> <!ENTITY ns_xlink 'http://www.w3.org/1999/xlink'>]>
            <svg xmlns="&ns_svg;" xmlns:xlink="&ns_xlink;" width="9" height="9"><rect width="9" height="9"/></svg>
            """
        #expect(Self.error(Array(illustrator.utf8)) == nil)
    }

    @Test func largeConvolutionKernelsAreErrors() {
        func convolution(_ order: String) -> [UInt8] {
            Array(
                """
                <svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><filter id="f">
                <feConvolveMatrix order="\(order)" kernelMatrix="1 0 0 0 1 0 0 0 1"/></filter>
                <rect width="9" height="9" filter="url(#f)" border="a"/></svg>
                """.utf8)
        }
        #expect(Self.error(convolution("3")) == nil)
        #expect(Self.error(convolution("3 3")) == nil)
        #expect(Self.error(convolution("33"))?.contains("order=\"33\" is over 32 x 32") == true)
        #expect(Self.error(convolution("3, 4000"))?.contains("is over 32 x 32") == true)
    }

    /// An .svgz is inflated and checked like the SVG it holds; a gzip bomb stops at 64 MB.
    @Test(.enabled(if: Python.hasModules(["gzip"]))) func gzipIsInflatedWithinALimit() throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.turbulence("\"100000\"")).write(to: folder.appendingPathComponent("t.svg"))
        let script = """
            import gzip, sys
            folder = sys.argv[1]
            open(folder + "/t.svgz", "wb").write(gzip.compress(open(folder + "/t.svg", "rb").read()))
            open(folder + "/bomb.svgz", "wb").write(gzip.compress(b"<svg>" + b" " * (65 << 20), 9))
            """
        let made = try Python.run(code: script, arguments: [folder.path])
        try #require(made.status == 0, "\(made.standardError)")
        let svgz = [UInt8](try Data(contentsOf: folder.appendingPathComponent("t.svgz")))
        #expect(svgz.starts(with: [0x1F, 0x8B]))
        #expect(try Self.pixels(svgz) == (try Self.pixels(Self.turbulence("\"10\""))))
        let bomb = [UInt8](try Data(contentsOf: folder.appendingPathComponent("bomb.svgz")))
        #expect(bomb.count < 1 << 20)
        #expect(Self.error(bomb) == "image decode failed: SVG: the gzip data inflates to more than 64 MB")
        #expect(Self.error(Array(svgz.dropLast(20)))?.contains("SVG: gzip:") == true)
    }
}
