import Galley
import GalleyLayout

extension ElementBuilder {
    /// A stack's `alignItems`, or for a horizontal stack (a row) its `verticalAlign` spelled as rows and
    /// table cells spell it: top, center, bottom, baseline (first baselines). Both at once is an error.
    /// (`alignItems` and `verticalAlign` together are a compile-time error.)
    private func stackAlignment(_ p: ElementParameters, direction: StackDirection, at path: JSONPath)
        throws(TemplateError) -> StackAlignItems
    {
        guard let vertical = p.pagination.verticalAlign else { return p.spec.alignItems }
        guard direction == .horizontal else {
            throw site.error(
                at: path.appending("verticalAlign"), "verticalAlign is for horizontal stacks (rows)",
                hint: "use alignItems")
        }
        switch vertical {
        case .top: return .start
        case .center: return .center
        case .bottom: return .end
        case .baseline: return .baselineFirst
        }
    }

    /// Layout specs: they position their children and draw nothing.
    mutating func makeSpec(_ element: ElementTemplate, _ p: ElementParameters, scope: BindingScope)
        throws(TemplateError) -> any LayoutElement
    {
        let spec = p.spec
        let slots = element.slots
        switch element.kind {
        case .stack:
            let stack = StackLayoutSpec(
                direction: spec.direction, spacing: spec.spacing, justifyContent: spec.justifyContent,
                alignItems: try stackAlignment(p, direction: spec.direction, at: element.path),
                flexWrap: spec.flexWrap, alignContent: spec.alignContent, lineSpacing: spec.lineSpacing,
                children: try children(element, scope: scope))
            // Right to left: a row runs from the right, wrapped lines too; a column's children hang
            // from the right (alignItems and alignSelf start/end mirrored).
            stack.mirrored = scope.direction == .rtl
            return stack
        case .inset:
            return InsetLayoutSpec(insets: spec.insets, child: try buildSlot(slots.child, scope: scope))
        case .overlay:
            return OverlayLayoutSpec(
                child: try buildSlot(slots.child, scope: scope), overlay: try buildSlot(slots.overlay, scope: scope))
        case .background:
            return BackgroundLayoutSpec(
                child: try buildSlot(slots.child, scope: scope),
                background: try buildSlot(slots.background, scope: scope))
        case .center:
            return CenterLayoutSpec(
                centering: spec.centering, sizing: spec.sizing, child: try buildSlot(slots.child, scope: scope))
        case .relative:
            return RelativeLayoutSpec(
                horizontalPosition: spec.horizontal, verticalPosition: spec.vertical, sizing: spec.sizing,
                child: try buildSlot(slots.child, scope: scope))
        case .ratio:
            return RatioLayoutSpec(ratio: spec.ratio, child: try buildSlot(slots.child, scope: scope))
        case .absolute:
            return AbsoluteLayoutSpec(sizing: spec.absoluteSizing, children: try children(element, scope: scope))
        case .corner:
            return CornerLayoutSpec(
                child: try buildSlot(slots.child, scope: scope), corner: try buildSlot(slots.corner, scope: scope),
                location: spec.location, offset: spec.offset, wrapsCorner: spec.wrapsCorner)
        case .wrapper:
            return WrapperLayoutSpec(child: try buildSlot(slots.child, scope: scope))
        default:
            return LayoutSpec()
        }
    }

    /// The built children of an element's `children` array (`each` and `if` applied).
    mutating func children(_ element: ElementTemplate, scope: BindingScope) throws(TemplateError)
        -> [any LayoutElement]
    {
        var built = [any LayoutElement]()
        built.reserveCapacity(element.children.count)
        for child in element.children { try build(child, scope: scope, into: &built) }
        return built
    }
}
