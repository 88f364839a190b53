import Foundation
import GalleyRender
import Testing

/// Inputs `make fuzz` found that trapped in the image decoders (docs/security.md, "Fuzzing"), each the
/// exact bytes libFuzzer wrote, run through what `galley-fuzz images` runs.
@Suite struct DecoderFuzzFindingsTests {
    /// A 130-byte TIFF whose header claims 3,069,575,180 x 4,294,967,287 pixels: refused from its
    /// header as it should be, but the error's message multiplied the two and overflowed (a trap).
    @Test func aHeaderOfMoreThanIntMaxPixelsIsRefusedAndDescribed() {
        let input = [UInt8](
            Data(
                base64Encoded:
                    "SUkqAAgAAAAKAAABBAABAAAADAD2tkkqANIAAAFHAAoMh/hQoL5/igoLR/jwAAEBBAABAAAA9/////3+/AADAAAAhgAAAAMBAwABAAAAAQAAAAYBAwABAAAAAgAAABEBBAABAAAAjP//////////////AAAXAQQAAQAAAQD2CAD//w=="
            ) ?? Data())
        #expect(input.count == 130)
        do {
            _ = try ImageDecoder.decode(input, maxPixels: 4_000_000)
            Issue.record("decoded")
        } catch {
            guard case .imageTooLarge(let width, let height, let limit) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(width == 3_069_575_180 && height == 4_294_967_287 && limit == 4_000_000)
            #expect(
                error.description
                    == "image too large: 3069575180x4294967287 = more than 9223372036854775807 pixels, limit 4000000")
        }
    }

    /// The SVG of `Tests/FuzzSeeds/svg/entities.svg`, as `galley-fuzz svg` first ran it: libxml2 (under
    /// librsvg) leaked each internal entity's value on every parse (LeakSanitizer, 300 bytes). Galley now
    /// expands plain-text entities itself and librsvg never sees a declaration (SVGCostLimitTests); this
    /// one builds entities on entities and declares an external one, which is refused without reading.
    @Test func anSVGWithEntitiesNeverReachesLibrsvgWithThem() {
        let input = #"""
            <?xml version="1.0"?>
            <!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">
            <!ENTITY x SYSTEM "file:///etc/passwd">]>
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="20" height="20">
            <text y="10">&c;&x;</text><image href="/etc/passwd" width="5" height="5"/><image xlink:href="../secret.png" width="5" height="5"/>
            <use xlink:href="#u"/><g id="u"><use xlink:href="#u"/></g></svg>
            """#
        do {
            _ = try VectorImage(svg: Array(input.utf8), baseFile: nil)
            Issue.record("parsed")
        } catch {
            #expect(
                error.description.contains("its DOCTYPE declares an entity whose text holds markup or references"),
                "\(error)")
        }
    }

    /// The same leak, after entities were expanded by Galley: a mutation that never closes the DOCTYPE's
    /// subset, so Galley found no subset to expand while libxml2 still declared (and leaked) its entities
    /// before failing. No entity declaration reaches librsvg now, however it is written.
    @Test func anUnclosedDoctypeSubsetIsRefused() {
        let input = [UInt8](
            Data(
                base64Encoded:
                    "PD94bWwgdmVyc2lvbj0iMS4wIj8+CjwhRE9DVFlQRSBzdmcgWzwhRU5USVRZIGEgImFhYWFhYWFhYWEiPjwhRU5USVRZIGIgIiZhOyZhOyZhOyZhOyZhOyZhOyZhOyZhOyZhOyZhOyI+PCFFTlRJVFkgYyAiJmI7JmI7JmI7JmI7JmI7JmI7JmI7JmI7JmI7JmI7Ij4KPCFFTlRJVFkgeCBTWVNURU0gImY8aW1hZ2UgaHJlZj0iL2V0Yy9wYXNzd2QiIHdpZHRoPSI1IiBoZWlnaHQ9IjUiLz48aW1hZ2UgeGxpbms6aHJlZj0iLi4vc2VjcmV0LnBuZyIgd2lkdGg9IjUiIGhlaWdodD0iNSIvPgo8dXNlIHhsaW5rOmhyZWY9IiN1Ii8+PGcgaWQ9InUiPjx1c2UgeGxpbms6aHJlZj0iI3UiLz48L2c+PC9zdmc+Cg=="
            ) ?? Data())
        #expect(input.count == 340)
        do {
            _ = try VectorImage(svg: input, baseFile: nil)
            Issue.record("parsed")
        } catch {
            #expect(error.description.contains("declares an entity outside a well-formed DOCTYPE"), "\(error)")
        }
    }
}
