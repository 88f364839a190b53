import Galley
import GalleyLayout

/// A piece of a report: a description that builds the nodes and layout specs of `Galley`.
///
/// Content values are cheap descriptions; nothing is laid out or drawn until a `Report`
/// builds them. Building turns each value into the same `DisplayNode`s and `LayoutSpec`s the
/// JSON templates produce, so a report written with the DSL paginates and renders exactly like
/// one built by hand.
///
/// Conform your own types to add content: return the elements the value contributes to its
/// container, in order (most content returns one; `Group` and `ForEach` return several).
public protocol ReportContent {
    /// The elements this content contributes to its container, built fresh on every call.
    /// - Throws: `ReportError` when a resource (an image file) cannot be read.
    func makeElements(in context: ReportContext) throws -> [any LayoutElement]
}

extension ReportContent {
    /// This content as exactly one element: its single element, or a vertical stack of its
    /// elements (an empty spec when there are none). Slots such as a table cell, an overlay
    /// or a padded child hold one element.
    public func makeElement(in context: ReportContext) throws -> any LayoutElement {
        let elements = try makeElements(in: context)
        if elements.count == 1 { return elements[0] }
        if elements.isEmpty { return LayoutSpec() }
        return StackLayoutSpec(direction: .vertical, alignItems: .stretch, children: elements)
    }
}

/// An error building a report.
public struct ReportError: Error, CustomStringConvertible, Sendable {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
