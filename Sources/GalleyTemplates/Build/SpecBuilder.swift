import GalleyLayout

extension ElementBuilder {
    /// Layout specs: they position their children and draw nothing.
    mutating func makeSpec(_ element: ElementTemplate, _ p: BoundProperties, scope: BindingScope) throws(TemplateError)
        -> any LayoutElement
    {
        switch element.type {
        case "stack":
            return StackLayoutSpec(
                direction: try p.choice("direction", StackDirection.self) ?? .horizontal,
                spacing: try p.number("spacing") ?? 0,
                justifyContent: try p.choice("justifyContent", StackJustifyContent.self) ?? .start,
                alignItems: try p.choice("alignItems", StackAlignItems.self) ?? .stretch,
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

    private mutating func children(_ element: ElementTemplate, scope: BindingScope) throws(TemplateError)
        -> [any LayoutElement]
    {
        var built = [any LayoutElement]()
        for child in element.children { built.append(contentsOf: try build(child, scope: scope)) }
        return built
    }
}
