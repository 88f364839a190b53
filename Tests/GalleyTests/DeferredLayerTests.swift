import GalleyLayout
import GalleyRender
import Testing

@testable import Galley

/// Deferred layers (images, rasterized subtrees) are resolved inside the display-list builder
/// for every kind of page — a canvas, a paged document's header, body slices and footer, an
/// animated subtree — so no display list carries a marker. (Debug builds also check every
/// `DisplayPage` the test suite makes, in `DisplayPage.init`.)
@Suite("deferred layers never leave the builder")
struct DeferredLayerTests {
    static func swatch() -> ImageBuffer {
        let pixels = [UInt8](repeating: 0x80, count: 8 * 8 * 4)
        return ImageBuffer(width: 8, height: 8, stride: 32, pixels: pixels, isOpaque: false)
    }

    static func images(_ items: [DisplayItem]) -> Int {
        items.reduce(0) { count, item in
            switch item {
            case .image: count + 1
            case .group(let group): count + images(group.items)
            default: count
            }
        }
    }

    @Test func pagedDocumentPagesHoldTheirImagesAndNoMarkers() throws {
        let rows = (0..<40).map { index -> any LayoutElement in
            let image = ImageNode(image: Self.swatch())
            image.style.width = .points(12)
            image.style.height = .points(12)
            let box = BoxNode(intrinsicSize: Size(width: 60, height: 12))
            box.layer.backgroundColor = Color(rgb8: 200, 10, UInt8(index * 5))
            box.layer.rasterizesSubtree = index % 3 == 0
            return StackLayoutSpec(direction: .horizontal, spacing: 4, children: [image, box])
        }
        let document = PagedDocument(
            body: StackLayoutSpec(direction: .vertical, spacing: 6, children: rows),
            pageSize: Size(width: 200, height: 200), margins: EdgeInsets(all: 20))
        document.header = { _ in ImageNode(image: Self.swatch()) }
        let options = DisplayOptions(maxConcurrentLayers: 4)
        let count = try document.pageCount(isCancelled: .never)
        #expect(count > 2)
        for index in 0..<count {
            let page = try document.displayPage(index, options: options)
            #expect(!PendingLayerMarker.occurs(in: page.items), "page \(index + 1)")
            #expect(Self.images(page.items) >= 2, "page \(index + 1): the header's and the body's images")
        }
    }

    @Test func canvasAndTransitionContentHoldNoMarkers() throws {
        let image = ImageNode(image: Self.swatch())
        image.identifier = "picture"
        let canvas = Canvas(body: image, size: Size(width: 40, height: 40))
        let page = try canvas.displayPage(0, options: DisplayOptions(maxConcurrentLayers: 4))
        #expect(!PendingLayerMarker.occurs(in: page.items))
        #expect(Self.images(page.items) == 1)
    }
}
