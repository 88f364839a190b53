/// Anything that can be laid out: nodes and layout specs (Texture's `ASLayoutElement`).
///
/// An element measures itself with ``layoutThatFits(_:parentSize:)``. The default behaviour (nodes and most
/// specs) resolves ``style`` against `parentSize` and intersects it with the constrained size, where the
/// **constrained size wins** any conflict; inset, overlay and background specs ignore their own style.
public protocol LayoutElement: AnyObject {
    /// The element's layout properties.
    var style: Style { get set }
    /// Texture's `layoutThatFits:parentSize:`: lays the element out inside `constrainedSize`, resolving
    /// percentages against `parentSize`.
    func layoutThatFits(_ constrainedSize: SizeRange, parentSize: Size) -> Layout
    /// An optional name shown in ascii art and dumps.
    var debugName: String? { get }
    /// The element's children, for ascii art and introspection.
    var layoutChildren: [any LayoutElement] { get }
    /// The name of the element's box in ascii art, e.g. `StackLayoutSpec (header)`.
    var asciiArtName: String { get }
    /// Texture's `asciiArtString`: the element and its children drawn as nested boxes.
    var asciiArtString: String { get }
}

extension LayoutElement {
    /// Lays the element out with `parentSize = constrainedSize.max`, as Texture's `layoutThatFits:` does.
    public func layoutThatFits(_ constrainedSize: SizeRange) -> Layout {
        layoutThatFits(constrainedSize, parentSize: constrainedSize.max)
    }

    /// The type name followed by ` (debugName)` when a debug name is set.
    public var asciiArtName: String {
        let name = String(describing: type(of: self))
        if let debugName { return "\(name) (\(debugName))" }
        return name
    }

    /// Children drawn side by side in a box titled ``asciiArtName``; an element without children is its name.
    public var asciiArtString: String {
        AsciiArtBox.horizontal(children: layoutChildren.map(\.asciiArtString), parent: asciiArtName)
    }
}

/// An element whose layout size is always clamped into the range it is given: a leaf's content
/// size (a `LayoutNode` without a spec), or a stack's sum of its children. Laid out with an exact
/// main size that its style allows, its main size is known without measuring it, so a stack can
/// put off measuring it at an exact flex basis until its cross size is needed — which it never is
/// when the child grows or shrinks, since a flexed child is measured again at its flexed size
/// (`StackUnpositionedLayout`).
package protocol ClampedLayoutElement: LayoutElement {
    /// Whether the element's layout is clamped into its range now (a node given a layout spec is not).
    var measuresClamped: Bool { get }
}
