import Galley
import GalleyLayout
import GalleyRender
import GalleyReport
import GalleyText
import Testing

/// A report's PNG pages go through the same page pipeline as its PDF: images (displayed as
/// deferred layers) and rasterized subtrees in the header and the body are on the page.
@Suite("report DSL: PNG pages keep images")
struct PNGPageContentTests {
    /// A solid opaque bitmap of one colour.
    static func swatch(red: UInt8, green: UInt8, blue: UInt8, size: Int = 20) -> ImageBuffer {
        var pixels = [UInt8](repeating: 0, count: size * size * 4)
        for offset in stride(from: 0, to: pixels.count, by: 4) {
            pixels[offset] = blue
            pixels[offset + 1] = green
            pixels[offset + 2] = red
            pixels[offset + 3] = 255
        }
        return ImageBuffer(width: size, height: size, stride: size * 4, pixels: pixels, isOpaque: true)
    }

    @Test func imagesInHeaderAndBodyAreDrawnOnEveryPNGPage() throws {
        let logo = Self.swatch(red: 220, green: 20, blue: 20)
        let photo = Self.swatch(red: 20, green: 160, blue: 40)
        let report = Report(page: PageSize(width: 200, height: 200), margins: EdgeInsets(all: 30)) {
            Image(photo).frame(width: 40, height: 40)
            VStack { Text("Rasterized").fontSize(9) }.background(Color(rgb8: 20, 40, 200)).rasterized()
            Text(String(repeating: "Long text flows over pages. ", count: 40)).fontSize(10)
        }
        .header { _ in Image(logo).frame(width: 20, height: 20) }
        let pages = try report.pageCount()
        #expect(pages >= 2)
        for index in 0..<pages {
            let image = try ImageDecoder.decode(try report.pngData(page: index, scale: 1))
            // The header is laid out at the content width (140 pt) and centred in the 30 pt top
            // margin: the logo, fitted into it, covers (90…110, 5…25).
            let header = image.pixel(x: 100, y: 15)
            #expect(header.r == 220 && header.g == 20, "page \(index + 1) header logo: \(header)")
            if index == 0 {
                let body = image.pixel(x: 50, y: 50)
                #expect(body.g == 160 && body.r == 20, "body photo: \(body)")
                // The rasterized box stretches across the content width below the photo.
                let rasterized = image.pixel(x: 150, y: 75)
                #expect(rasterized.b == 200 && rasterized.r == 20, "rasterized box: \(rasterized)")
            }
        }
    }
}
