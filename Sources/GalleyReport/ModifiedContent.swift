import GalleyLayout

/// Content with a modifier applied to each of its elements: the result of `.padding`,
/// `.background`, `.keepTogether` and the other modifiers.
///
/// A modifier applies to the element as built so far, so order matters as in SwiftUI:
/// `.padding(8).background(grey)` colours the padded area, `.background(grey).padding(8)`
/// only the content. Style modifiers (`.frame`, `.flexGrow`) set the style of the outermost
/// element; modifiers that need a node (layer, pagination, navigation) host a spec in a
/// `BoxNode` first (`ReportContext.node(hosting:)`).
public struct ModifiedContent: ReportContent {
    public let content: any ReportContent
    private let modify: (any LayoutElement, ReportContext) throws -> any LayoutElement

    public init(
        _ content: any ReportContent, modify: @escaping (any LayoutElement, ReportContext) throws -> any LayoutElement
    ) {
        self.content = content
        self.modify = modify
    }

    public func makeElements(in context: ReportContext) throws -> [any LayoutElement] {
        try content.makeElements(in: context).map { try modify($0, context) }
    }
}

extension ReportContent {
    /// This content with `modify` applied to each element it builds.
    public func modifier(
        _ modify: @escaping (any LayoutElement, ReportContext) throws -> any LayoutElement
    ) -> ModifiedContent {
        ModifiedContent(self, modify: modify)
    }

    /// This content with `edit` applied to the style of each element.
    func styled(_ edit: @escaping (inout Style) -> Void) -> ModifiedContent {
        modifier { element, _ in
            edit(&element.style)
            return element
        }
    }

    /// This content with `edit` applied to each element's node (a spec is hosted first).
    func onNode(_ edit: @escaping (DisplayNodeEdit) -> Void) -> ModifiedContent {
        modifier { element, context in
            let node = context.node(hosting: element)
            edit(DisplayNodeEdit(node: node, context: context))
            return node
        }
    }
}
