import Foundation
import Testing

@testable import GalleyRender

/// The content-stream scanner the tagged-PDF writer rewrites cairo's marked content with.
@Suite("marked-content scanner")
struct MarkedContentScannerTests {
    func scan(_ text: String) -> [MarkedContentScanner.Sequence] {
        MarkedContentScanner.sequences(in: Array(text.utf8))
    }

    @Test func findsTagsAndMCIDsInOrder() {
        let stream =
            "q\n/Span << /MCID 0 >> BDC\nBT (a) Tj ET\nEMC\n/Link <</MCID 12>>BDC EMC\n/Span<</ActualText <feff0066>>>BDC EMC Q"
        let found = scan(stream)
        #expect(found.map(\.tag) == ["Span", "Link", "Span"])
        #expect(found.map(\.mcid) == [0, 12, nil])
        let first = found[0].range
        #expect(String(decoding: Array(stream.utf8)[first], as: UTF8.self) == "/Span << /MCID 0 >> BDC")
    }

    @Test func ignoresOperatorsInsideStringsCommentsAndInlineImages() {
        let stream = """
            (BDC /Span << /MCID 9 >> BDC \\) BDC) Tj % /Span << /MCID 8 >> BDC
            <42444320> Tj
            BI /W 4 /H 1 /BPC 8 /CS /G ID \u{01}BDC\u{02} EI
            /P << /MCID 3 >> BDC EMC
            """
        #expect(scan(stream).map(\.tag) == ["P"])
        #expect(scan(stream).map(\.mcid) == [3])
    }

    @Test func rewritesOperandsOnly() {
        let bytes = Array("q /Span << /MCID 0 >> BDC (x) Tj EMC Q".utf8)
        let sequence = MarkedContentScanner.sequences(in: bytes)[0]
        let rewritten = MarkedContentScanner.rewrite(bytes, [(sequence.range, "/P << /MCID 0 >> BDC")])
        #expect(String(decoding: rewritten, as: UTF8.self) == "q /P << /MCID 0 >> BDC (x) Tj EMC Q")
    }

    @Test func shippedSRGBProfileIsDebiansFile() throws {
        let debian = "/usr/share/color/icc/sRGB.icc"
        guard FileManager.default.fileExists(atPath: debian) else {
            Issue.record("\(debian) missing: apt-get install icc-profiles-free (scripts/install-deps --test)")
            return
        }
        let shipped = Base64.decode(SRGBProfile.base64)
        #expect(shipped == [UInt8](try Data(contentsOf: URL(fileURLWithPath: debian))))
        #expect(shipped.count == 6922)
    }
}
