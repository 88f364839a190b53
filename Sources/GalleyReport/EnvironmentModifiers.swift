import GalleyLayout
import GalleyText

/// Content built with the inherited text style changed (SwiftUI's environment, for text only).
public struct TextStyleScope: ReportContent {
    public let content: any ReportContent
    private let edit: (inout TextStyle) -> Void

    init(_ content: any ReportContent, edit: @escaping (inout TextStyle) -> Void) {
        self.content = content
        self.edit = edit
    }

    public func makeElements(in context: ReportContext) throws -> [any LayoutElement] {
        try context.withTextStyle(edit) { try content.makeElements(in: context) }
    }
}

extension ReportContent {
    /// Changes the text style every `Text` inside starts from.
    ///
    /// ```swift
    /// VStack { … }.textStyle { $0.fontSize = 9; $0.color = grey }
    /// ```
    public func textStyle(_ edit: @escaping (inout TextStyle) -> Void) -> TextStyleScope {
        TextStyleScope(self, edit: edit)
    }

    /// Replaces the text style every `Text` inside starts from.
    public func textStyle(_ style: TextStyle) -> TextStyleScope { textStyle { $0 = style } }
}
