import GalleyLayout
import GalleyRender

/// librsvg: parse an SVG as an image `src` would be, then draw it into a bitmap of at most
/// 64 x 64 pixels (the drawing, not the bitmap, is what hostile SVG makes expensive).
enum SVGTarget {
    static func run(_ bytes: [UInt8]) {
        do {
            let image = try VectorImage(svg: bytes, baseFile: nil)
            let scale = min(1, 64 / max(image.size.width, image.size.height))
            let bounds = Rect(x: 0, y: 0, width: image.size.width * scale, height: image.size.height * scale)
            let page = DisplayPage(size: Size(width: 64, height: 64), items: [.vector(image, bounds)])
            _ = try RasterRenderer.render(page, scale: 1)
        } catch {
            _ = error.description
        }
    }
}
