import Foundation
import GalleyLayout
import GalleyTestSupport
import Testing

@testable import GalleyRender

/// librsvg's drawing cannot be cancelled, so the SVG costs that grow without bound from a few bytes
/// are limited before it parses them (docs/security.md): `feTurbulence numOctaves` (100,000 octaves
/// drew a 100 x 100 filter for two minutes — found by the fuzzer's seeds), `feConvolveMatrix order`,
/// entities (expanded by Galley), and gzip data.
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

    /// Entities are expanded by Galley and the DOCTYPE's subset removed, so librsvg never sees a
    /// declaration (libxml2 leaked each one's value on every parse: found by `make fuzz`) and nothing can
    /// hide an attribute from the checks. Only plain text is expanded.
    @Test func entitiesAreExpandedBeforeLibrsvgSeesThem() throws {
        let declared = """
            <?xml version="1.0"?><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [
            <!ENTITY ns_svg "http://www.w3.org/2000/svg"> <!ENTITY red '#ff0000'> <!ENTITY n "100000">
            <!ENTITY q 'say "hi"'>]>
            <svg xmlns="&ns_svg;" width="40" height="40"><!-- &red; --><desc title="&q;">&q; &amp; &lt;</desc>
            <filter id="f"><feTurbulence baseFrequency="0.9" numOctaves="&n;" seed="3"/></filter>
            <rect width="20" height="40" fill="&red;"/><rect x="20" width="20" height="40" filter="url(#f)"/></svg>
            """
        let checked = String(decoding: try SVGCostLimits.checked(Array(declared.utf8)), as: UTF8.self)
        #expect(
            !checked.contains("<!ENTITY") && !checked.contains("&ns_svg;") && !checked.contains("&n;"), "\(checked)")
        #expect(checked.contains(#"xmlns="http://www.w3.org/2000/svg""#) && checked.contains(##"fill="#ff0000""##))
        #expect(checked.contains(#"numOctaves="10""#))
        #expect(checked.contains("<!-- &red; -->"), "XML does not expand references in comments")
        #expect(checked.contains(#"title="say &quot;hi&quot;">say "hi" &amp; &lt;</desc>"#), "\(checked)")
        #expect(
            checked.contains(
                #"<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" >"#)
        )
        let literal = declared.replacingOccurrences(of: "&ns_svg;", with: "http://www.w3.org/2000/svg")
            .replacingOccurrences(of: "&red;", with: "#ff0000").replacingOccurrences(of: "&n;", with: "10")
        #expect(try Self.pixels(Array(declared.utf8)) == (try Self.pixels(Array(literal.utf8))))
    }

    @Test(arguments: [
        (#"<!ENTITY t "<feTurbulence numOctaves='100000'/>">"#, "markup or references"),
        (#"<!ENTITY t "&#60;g/&#62;">"#, "markup or references"),
        (#"<!ENTITY a "x"><!ENTITY b "&a;&a;">"#, "markup or references"),
        (#"<!ENTITY % p "x">"#, "a parameter entity"),
        (#"<!ENTITY x SYSTEM "file:///etc/passwd">"#, "an external entity"),
    ])
    func entitiesOtherThanPlainTextAreErrors(declaration: String, reason: String) {
        let svg = #"<!DOCTYPE svg [\#(declaration)]><svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>"#
        #expect(Self.error(Array(svg.utf8))?.contains("its DOCTYPE declares") == true, "\(declaration)")
        #expect(Self.error(Array(svg.utf8))?.contains(reason) == true, "\(declaration)")
    }

    /// A declaration librsvg could still read — in a subset never closed (found by `make fuzz`: libxml2
    /// declared the entities before the error, and leaked them), or in a comment — is an error.
    @Test(arguments: [
        #"<!DOCTYPE svg [<!ENTITY a "aaa"><svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>"#,
        #"<!-- <!ENTITY a "aaa"> --><svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>"#,
    ])
    func declarationsOutsideAClosedSubsetAreErrors(svg: String) {
        #expect(Self.error(Array(svg.utf8))?.contains("declares an entity outside a well-formed DOCTYPE") == true)
    }

    /// A kilobyte entity referenced 70,000 times would be 70 MB: an error, not a huge parse.
    @Test func expansionIsBounded() {
        let svg =
            #"<!DOCTYPE svg [<!ENTITY k ""# + String(repeating: "x", count: 1024) + #"">]>"#
            + #"<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><desc>"#
            + String(repeating: "&k;", count: 70_000) + "</desc></svg>"
        #expect(Self.error(Array(svg.utf8)) == "image decode failed: SVG: its entities expand it past 64 MB")
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
