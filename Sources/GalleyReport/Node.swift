import Galley
import GalleyLayout

/// A node or layout spec built by hand (a `ChartNode`, a custom `DrawingNode`, a spec),
/// placed in the report as is.
///
/// Prefer the closure form in headers and footers, which are built once per page: a node
/// instance can sit in one place of one tree only.
///
/// ```swift
/// Node { ChartNode(kind: .bar, values: revenue, labels: quarters) }
///     .frame(height: 160)
/// ```
public struct Node: ReportContent {
    private let make: () throws -> any LayoutElement

    /// Places this very element (build the document once).
    public init(_ element: any LayoutElement) {
        make = { element }
    }

    /// Places a fresh element from `make` on every build.
    public init(_ make: @escaping () throws -> any LayoutElement) {
        self.make = make
    }

    public func makeElements(in context: ReportContext) throws -> [any LayoutElement] {
        [try make()]
    }
}

/// A plain rectangle (the template `box`): with a size, a leaf of that intrinsic size (a rule,
/// a swatch); with content, a node hosting it, so it can carry a background or a border.
public struct Box: ReportContent {
    private let size: Size
    private let content: [any ReportContent]?

    public init(width: Double = 0, height: Double = 0) {
        size = Size(width: width, height: height)
        content = nil
    }

    public init(@ContentBuilder _ content: () -> [any ReportContent]) {
        size = .zero
        self.content = content()
    }

    public func makeElements(in context: ReportContext) throws -> [any LayoutElement] {
        let box = BoxNode(intrinsicSize: size)
        if let content {
            let child = try Group(content).makeElement(in: context)
            box.automaticallyManagesSubnodes = true
            box.layoutSpecBlock = { _ in child }
        }
        return [box]
    }
}

/// Flexible empty space in a stack: an empty spec with `flexGrow` 1, so it takes the space
/// left over along the stack's axis.
public struct Spacer: ReportContent {
    public var minLength: Double

    public init(minLength: Double = 0) {
        self.minLength = minLength
    }

    public func makeElements(in context: ReportContext) throws -> [any LayoutElement] {
        let spec = LayoutSpec()
        spec.style.flexGrow = 1
        spec.style.flexBasis = .points(minLength)
        return [spec]
    }
}

/// A forced page break in the document's flow (`PageBreakNode`).
public struct PageBreak: ReportContent {
    public init() {}

    public func makeElements(in context: ReportContext) throws -> [any LayoutElement] {
        [PageBreakNode()]
    }
}

extension Group {
    /// A group of already collected content.
    init(_ contents: [any ReportContent]) {
        self.contents = contents
    }
}
