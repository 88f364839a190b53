import Galley
import GalleyLayout

extension ElementBuilder {
    /// A stack's `alignItems`, or for a horizontal stack (a row) its `verticalAlign` spelled as rows and
    /// table cells spell it: top, center, bottom, baseline (first baselines). Both at once is an error.
    private func stackAlignment(_ p: BoundProperties, direction: StackDirection) throws(TemplateError)
        -> StackAlignItems
    {
        let items = try p.choice("alignItems", StackAlignItems.self)
        guard let vertical = try p.choice("verticalAlign", VerticalAlignment.self) else { return items ?? .stretch }
        let path = p.element.path.appending("verticalAlign")
        guard direction == .horizontal else {
            throw site.error(at: path, "verticalAlign is for horizontal stacks (rows)", hint: "use alignItems")
        }
        guard items == nil else {
            throw site.error(at: path, "give a stack verticalAlign or alignItems, not both")
        }
        switch vertical {
        case .top: return .start
        case .center: return .center
        case .bottom: return .end
        case .baseline: return .baselineFirst
        }
    }

    /// Layout specs: they position their children and draw nothing.
    mutating func makeSpec(_ element: ElementTemplate, _ p: BoundProperties, scope: BindingScope) throws(TemplateError)
        -> any LayoutElement
    {
        switch element.type {
        case "stack":
            let direction = try p.choice("direction", StackDirection.self) ?? .horizontal
            return StackLayoutSpec(
                direction: direction,
                spacing: try p.number("spacing") ?? 0,
                justifyContent: try p.choice("justifyContent", StackJustifyContent.self) ?? .start,
                alignItems: try stackAlignment(p, direction: direction),
                flexWrap: try p.choice("flexWrap", StackFlexWrap.self) ?? .noWrap,
                alignContent: try p.choice("alignContent", StackAlignContent.self) ?? .start,
                lineSpacing: try p.number("lineSpacing") ?? 0,
                children: try children(element, scope: scope))
        case "inset":
            return InsetLayoutSpec(
                insets: try p.insets("insets") ?? EdgeInsets(top: 0, left: 0, bottom: 0, right: 0),
                child: try buildSlot(element.slots["child"], scope: scope))
        case "overlay":
            return OverlayLayoutSpec(
                child: try buildSlot(element.slots["child"], scope: scope),
                overlay: try buildSlot(element.slots["overlay"], scope: scope))
        case "background":
            return BackgroundLayoutSpec(
                child: try buildSlot(element.slots["child"], scope: scope),
                background: try buildSlot(element.slots["background"], scope: scope))
        case "center":
            return CenterLayoutSpec(
                centering: try p.choice("centering", CenteringOptions.self) ?? .xy,
                sizing: try p.choice("sizing", SizingOptions.self) ?? .default,
                child: try buildSlot(element.slots["child"], scope: scope))
        case "relative":
            return RelativeLayoutSpec(
                horizontalPosition: try p.choice("horizontal", RelativePosition.self) ?? .none,
                verticalPosition: try p.choice("vertical", RelativePosition.self) ?? .none,
                sizing: try p.choice("sizing", SizingOptions.self) ?? .default,
                child: try buildSlot(element.slots["child"], scope: scope))
        case "ratio":
            return RatioLayoutSpec(
                ratio: try p.number("ratio", .nonNegativeNumber) ?? 1,
                child: try buildSlot(element.slots["child"], scope: scope))
        case "absolute":
            return AbsoluteLayoutSpec(
                sizing: try p.choice("sizing", AbsoluteSizing.self) ?? .default,
                children: try children(element, scope: scope))
        case "corner":
            return CornerLayoutSpec(
                child: try buildSlot(element.slots["child"], scope: scope),
                corner: try buildSlot(element.slots["corner"], scope: scope),
                location: try p.choice("location", CornerLocation.self) ?? .topRight,
                offset: try p.point("offset") ?? .zero,
                wrapsCorner: try p.bool("wrapsCorner") ?? false)
        case "wrapper":
            return WrapperLayoutSpec(child: try buildSlot(element.slots["child"], scope: scope))
        default:
            return LayoutSpec()
        }
    }

    /// The built children of an element's `children` array (`each` and `if` applied).
    mutating func children(_ element: ElementTemplate, scope: BindingScope) throws(TemplateError)
        -> [any LayoutElement]
    {
        var built = [any LayoutElement]()
        for child in element.children { built.append(contentsOf: try build(child, scope: scope)) }
        return built
    }
}
