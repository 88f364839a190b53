import GalleyLayout

/// A leaf with an intrinsic size: its layout is `Clamp(range, intrinsic)`. It records each resolved range.
class BoxNode: LayoutNode {
    let intrinsic: Size
    private(set) var ranges: [SizeRange] = []

    init(_ name: String, _ width: Double, _ height: Double) {
        intrinsic = Size(width: width, height: height)
        super.init()
        debugName = name
    }

    override var typeName: String { "box" }

    override func calculateSizeThatFits(_ constrainedSize: Size) -> Size { intrinsic }

    override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> (any LayoutElement)? {
        ranges.append(constrainedSize)
        return nil
    }
}

/// A plain node: fills a finite max, collapses to the min when either max is infinite.
final class FillNode: LayoutNode {
    init(_ name: String) {
        super.init()
        debugName = name
    }

    override var typeName: String { "fill" }
}

/// A composite node whose spec is fixed at creation.
final class HostNode: LayoutNode {
    let spec: any LayoutElement

    init(_ spec: any LayoutElement, name: String? = nil) {
        self.spec = spec
        super.init()
        debugName = name
    }

    override var typeName: String { "host" }

    override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> (any LayoutElement)? { spec }
}

/// A spec that ignores its range and reports a fixed size (to show what wrappers do with oversize children).
final class FixedSpec: LayoutSpec {
    let size: Size

    init(_ width: Double, _ height: Double) {
        size = Size(width: width, height: height)
        super.init()
    }

    override func calculateLayoutThatFits(_ constrainedSize: SizeRange) -> Layout {
        Layout(element: self, size: size)
    }
}

// MARK: - Tree building helpers

func box(_ name: String, _ width: Double, _ height: Double, _ configure: (inout Style) -> Void = { _ in }) -> BoxNode {
    let node = BoxNode(name, width, height)
    configure(&node.style)
    return node
}

func fill(_ name: String, _ configure: (inout Style) -> Void = { _ in }) -> FillNode {
    let node = FillNode(name)
    configure(&node.style)
    return node
}

func styled<T: LayoutElement>(_ element: T, _ configure: (inout Style) -> Void) -> T {
    configure(&element.style)
    return element
}

func hstack(
    spacing: Double = 0, justify: StackJustifyContent = .start, align: StackAlignItems = .stretch,
    wrap: StackFlexWrap = .noWrap, alignContent: StackAlignContent = .start, lineSpacing: Double = 0,
    _ children: [any LayoutElement]
) -> StackLayoutSpec {
    StackLayoutSpec(
        direction: .horizontal, spacing: spacing, justifyContent: justify, alignItems: align, flexWrap: wrap,
        alignContent: alignContent, lineSpacing: lineSpacing, children: children)
}

func vstack(
    spacing: Double = 0, justify: StackJustifyContent = .start, align: StackAlignItems = .stretch,
    wrap: StackFlexWrap = .noWrap, alignContent: StackAlignContent = .start, lineSpacing: Double = 0,
    _ children: [any LayoutElement]
) -> StackLayoutSpec {
    StackLayoutSpec(
        direction: .vertical, spacing: spacing, justifyContent: justify, alignItems: align, flexWrap: wrap,
        alignContent: alignContent, lineSpacing: lineSpacing, children: children)
}

func exact(_ width: Double, _ height: Double) -> SizeRange {
    SizeRange(exactly: Size(width: width, height: height))
}

func upTo(_ width: Double, _ height: Double) -> SizeRange {
    SizeRange(min: .zero, max: Size(width: width, height: height))
}

func range(_ minW: Double, _ minH: Double, _ maxW: Double, _ maxH: Double) -> SizeRange {
    SizeRange(min: Size(width: minW, height: minH), max: Size(width: maxW, height: maxH))
}

let inf = Double.infinity

// MARK: - Rendering a tree to a comparable string

func num(_ value: Double) -> String {
    if value == value.rounded(), value.isFinite { return String(Int(value)) }
    return String(value)
}

/// Lays `spec` out as the spec of a host node in `range` and prints `=W,H name:x,y,w,h …` for every node.
func render(_ spec: any LayoutElement, _ range: SizeRange) -> String {
    let host = HostNode(spec)
    return describe(host.layoutThatFits(range))
}

func describe(_ layout: Layout) -> String {
    var parts = ["=\(num(layout.size.width)),\(num(layout.size.height))"]
    for (node, frame) in layout.flattenedNodeFrames() {
        let name = node.debugName ?? node.typeName
        parts.append("\(name):\(num(frame.minX)),\(num(frame.minY)),\(num(frame.width)),\(num(frame.height))")
    }
    return parts.joined(separator: " ")
}

/// One layout case: a tree, a range and the expected frames, identified by `id`.
struct LayoutCase: Sendable, CustomTestStringConvertibleShim {
    let id: String
    let range: SizeRange
    let expected: String
    let build: @Sendable () -> any LayoutElement

    init(_ id: String, _ range: SizeRange, _ expected: String, _ build: @escaping @Sendable () -> any LayoutElement) {
        self.id = id
        self.range = range
        self.expected = expected
        self.build = build
    }
}
