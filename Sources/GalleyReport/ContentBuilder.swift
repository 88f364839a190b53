import GalleyLayout

/// Collects the statements of a content closure (`VStack { … }`, `Report { … }`) into a list
/// of content, with `if`/`else`, `if let`, `switch` and `for … in` as in SwiftUI.
///
/// An expression may also be a node or layout spec built by hand (a `ChartNode`, a
/// `StackLayoutSpec`); it is placed as is (see `Node`).
@resultBuilder
public enum ContentBuilder {
    public static func buildExpression(_ content: some ReportContent) -> [any ReportContent] { [content] }

    /// A node or spec built by hand, placed as is.
    public static func buildExpression(_ element: any LayoutElement) -> [any ReportContent] { [Node(element)] }

    public static func buildBlock(_ parts: [any ReportContent]...) -> [any ReportContent] { parts.flatMap { $0 } }

    public static func buildOptional(_ part: [any ReportContent]?) -> [any ReportContent] { part ?? [] }

    public static func buildEither(first part: [any ReportContent]) -> [any ReportContent] { part }

    public static func buildEither(second part: [any ReportContent]) -> [any ReportContent] { part }

    public static func buildArray(_ parts: [[any ReportContent]]) -> [any ReportContent] { parts.flatMap { $0 } }

    public static func buildLimitedAvailability(_ part: [any ReportContent]) -> [any ReportContent] { part }
}

/// Several pieces of content placed one after another in their container, as if written
/// there directly (modifiers on a group apply to each piece).
public struct Group: ReportContent {
    public var contents: [any ReportContent]

    public init(@ContentBuilder _ contents: () -> [any ReportContent]) {
        self.contents = contents()
    }

    public func makeElements(in context: ReportContext) throws -> [any LayoutElement] {
        try contents.flatMap { try $0.makeElements(in: context) }
    }
}

/// Content repeated for each element of a collection.
///
/// ```swift
/// ForEach(sections) { section in
///     Text(section.heading).bold()
///     Text(section.body)
/// }
/// ```
///
/// The elements are copied into an array, so a single-pass sequence can be built more than once.
public struct ForEach<Element>: ReportContent {
    public var data: [Element]
    public var content: (Element) -> [any ReportContent]

    public init<Data: Sequence>(_ data: Data, @ContentBuilder content: @escaping (Element) -> [any ReportContent])
    where Data.Element == Element {
        self.data = Array(data)
        self.content = content
    }

    public func makeElements(in context: ReportContext) throws -> [any LayoutElement] {
        var elements: [any LayoutElement] = []
        for item in data {
            for piece in content(item) { elements += try piece.makeElements(in: context) }
        }
        return elements
    }
}
