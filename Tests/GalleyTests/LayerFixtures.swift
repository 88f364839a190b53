import Foundation
import Galley
import GalleyLayout
import GalleyRender
import GalleyText

/// Small node trees exercising every layer property, shared by the golden, PDF and
/// concurrency tests.
enum LayerFixtures {
    static func box(_ size: Size, _ color: Color? = nil, at position: Point = .zero) -> BoxNode {
        let node = BoxNode(intrinsicSize: size)
        node.layer.backgroundColor = color
        node.style.layoutPosition = position
        return node
    }

    /// A node of `size` laying its children out at their `layoutPosition`s.
    static func container(_ size: Size, at position: Point = .zero, _ children: [DisplayNode]) -> BoxNode {
        let node = BoxNode(intrinsicSize: size)
        node.style.preferredSize = size
        node.style.layoutPosition = position
        node.automaticallyManagesSubnodes = true
        node.layoutSpecBlock = { _ in AbsoluteLayoutSpec(children: children) }
        return node
    }

    static let red = Color(rgb8: 0xdc, 0x26, 0x26)
    static let blue = Color(rgb8: 0x25, 0x63, 0xeb)
    static let green = Color(rgb8: 0x16, 0xa3, 0x4a)
    static let orange = Color(rgb8: 0xf5, 0x9e, 0x0b)
    static let slate = Color(rgb8: 0x94, 0xa3, 0xb8)
    static let purple = Color(rgb8: 0x7c, 0x3a, 0xed)

    /// Group opacity: two overlapping squares faded as one (the overlap shows only blue).
    static func opacityGroup() -> DisplayNode {
        let group = container(
            Size(width: 50, height: 50),
            [box(Size(width: 32, height: 32), red), box(Size(width: 32, height: 32), blue, at: Point(x: 18, y: 18))])
        group.layer.opacity = 0.5
        return group
    }

    /// A rounded clip inside a rounded clip: the green square is cut by both corners.
    static func nestedClip() -> DisplayNode {
        let inner = container(
            Size(width: 40, height: 40), at: Point(x: 14, y: 14),
            [box(Size(width: 40, height: 40), green, at: Point(x: 12, y: 12))])
        inner.layer.backgroundColor = orange
        inner.layer.cornerRadius = 12
        inner.layer.clipsToBounds = true
        let outer = container(Size(width: 50, height: 50), [inner])
        outer.layer.backgroundColor = slate
        outer.layer.cornerRadius = 16
        outer.layer.clipsToBounds = true
        return outer
    }

    static func shadowCard() -> DisplayNode {
        let card = box(Size(width: 34, height: 34), .white, at: Point(x: 6, y: 5))
        card.layer.cornerRadius = 6
        card.layer.borderWidth = 1
        card.layer.borderColor = slate
        card.layer.shadow = Shadow(
            offset: Point(x: 2, y: 3), blurRadius: 5, color: Color(red: 0, green: 0, blue: 0, alpha: 0.45))
        return container(Size(width: 50, height: 50), [card])
    }

    static func transformed() -> DisplayNode {
        let square = box(Size(width: 30, height: 30), purple, at: Point(x: 10, y: 10))
        square.layer.borderWidth = 2
        square.layer.borderColor = orange
        square.layer.transform = AffineTransform.rotation(Double.pi / 6).concatenating(.scale(x: 1.1, y: 0.8))
        return container(Size(width: 50, height: 50), [square])
    }

    /// A rasterized subtree: a bordered badge with a circle and a word, flattened into one bitmap.
    static func rasterizedBadge(text: String = "Ras") -> DisplayNode {
        let dot = box(Size(width: 16, height: 16), red, at: Point(x: 4, y: 4))
        dot.layer.cornerRadius = 8
        let label = TextNode(text, style: TextStyle(font: "Liberation Sans", weight: 700, fontSize: 11, color: blue))
        label.style.layoutPosition = Point(x: 8, y: 26)
        let badge = container(Size(width: 50, height: 50), [dot, label])
        badge.layer.backgroundColor = Color(rgb8: 0xe0, 0xe7, 0xff)
        badge.layer.cornerRadius = 8
        badge.layer.borderWidth = 1
        badge.layer.borderColor = blue
        badge.layer.rasterizesSubtree = true
        return badge
    }

    /// One cell per layer property, in a row.
    static func layersRow() -> any LayoutElement {
        let cells: [DisplayNode] = [opacityGroup(), nestedClip(), shadowCard(), transformed(), rasterizedBadge()]
        return InsetLayoutSpec(
            insets: EdgeInsets(all: 5), child: StackLayoutSpec(direction: .horizontal, spacing: 6, children: cells))
    }

    /// A 16x12 test image: red, green, blue and yellow quadrants in a dark frame.
    static let gridImage: ImageBuffer = {
        let (width, height) = (16, 12)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let frame = x == 0 || y == 0 || x == width - 1 || y == height - 1
                let quadrant: (UInt8, UInt8, UInt8) =
                    switch (x < width / 2, y < height / 2) {
                    case (true, true): (0xdc, 0x26, 0x26)
                    case (false, true): (0x16, 0xa3, 0x4a)
                    case (true, false): (0x25, 0x63, 0xeb)
                    case (false, false): (0xfa, 0xcc, 0x15)
                    }
                let (r, g, b) = frame ? (0x11, 0x18, 0x27) : quadrant
                // Premultiplied ARGB32 in native (little-endian) byte order: B, G, R, A.
                let offset = (y * width + x) * 4
                pixels[offset] = b
                pixels[offset + 1] = g
                pixels[offset + 2] = r
                pixels[offset + 3] = 255
            }
        }
        return ImageBuffer(width: width, height: height, stride: width * 4, pixels: pixels, isOpaque: true)
    }()

    /// Every content mode, one 30x30 cell each, two rows of six.
    static func contentModes(image: ImageBuffer = gridImage) -> any LayoutElement {
        let cells = ContentMode.allCases.map { mode -> DisplayNode in
            let node = ImageNode(image: image, contentMode: mode)
            node.style.preferredSize = Size(width: 30, height: 30)
            node.layer.backgroundColor = Color(rgb8: 0xf1, 0xf5, 0xf9)
            node.layer.borderWidth = 1
            node.layer.borderColor = slate
            node.layer.clipsToBounds = true
            return node
        }
        let rows = [Array(cells[0..<6]), Array(cells[6..<12])].map {
            StackLayoutSpec(direction: .horizontal, spacing: 4, children: $0)
        }
        return InsetLayoutSpec(
            insets: EdgeInsets(all: 4), child: StackLayoutSpec(direction: .vertical, spacing: 4, children: rows))
    }

    static func customNodes() -> any LayoutElement {
        let rainbow = RainbowNode()
        rainbow.style.preferredSize = Size(width: 40, height: 60)
        let vertical = RainbowNode(colors: [red, orange, green], stripes: 7, direction: .vertical)
        vertical.style.preferredSize = Size(width: 40, height: 60)
        vertical.layer.cornerRadius = 8
        vertical.layer.clipsToBounds = true
        let bars = ChartNode(kind: .bar, values: [3, 7, 4.5, 9], labels: ["Q1", "Q2", "Q3", "Q4"])
        bars.style.preferredSize = Size(width: 90, height: 60)
        let line = ChartNode(
            kind: .line, values: [12, 30, 22, 41, 37], labels: ["M", "T", "W", "T", "F"], color: green, maxValue: 50)
        line.style.preferredSize = Size(width: 90, height: 60)
        return InsetLayoutSpec(
            insets: EdgeInsets(all: 5),
            child: StackLayoutSpec(direction: .horizontal, spacing: 6, children: [rainbow, vertical, bars, line]))
    }
}
