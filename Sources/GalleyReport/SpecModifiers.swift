import GalleyLayout

/// The single-child layout specs as modifiers: background and overlay content, centring,
/// relative placement, aspect ratio and corner badges.
extension ReportContent {
    /// Draws `background` behind the content, sized to it (`BackgroundLayoutSpec`).
    public func background(@ContentBuilder _ background: () -> [any ReportContent]) -> ModifiedContent {
        let content = Group(background())
        return modifier { element, context in
            BackgroundLayoutSpec(child: element, background: try content.makeElement(in: context))
        }
    }

    /// Draws `overlay` over the content, sized to it (`OverlayLayoutSpec`).
    public func overlay(@ContentBuilder _ overlay: () -> [any ReportContent]) -> ModifiedContent {
        let content = Group(overlay())
        return modifier { element, context in
            OverlayLayoutSpec(child: element, overlay: try content.makeElement(in: context))
        }
    }

    /// Centres the content in the space it is given (`CenterLayoutSpec`).
    public func centered(_ centering: CenteringOptions = .xy, sizing: SizingOptions = .default) -> ModifiedContent {
        modifier { element, _ in CenterLayoutSpec(centering: centering, sizing: sizing, child: element) }
    }

    /// Places the content at the start, centre or end of its space on each axis (`RelativeLayoutSpec`).
    public func relative(
        horizontal: RelativePosition = .none, vertical: RelativePosition = .none, sizing: SizingOptions = .default
    ) -> ModifiedContent {
        modifier { element, _ in
            RelativeLayoutSpec(
                horizontalPosition: horizontal, verticalPosition: vertical, sizing: sizing, child: element)
        }
    }

    /// Keeps height = `ratio` × width (`RatioLayoutSpec`).
    public func aspectRatio(_ ratio: Double) -> ModifiedContent {
        modifier { element, _ in RatioLayoutSpec(ratio: ratio, child: element) }
    }

    /// Pins `corner` to a corner of the content (`CornerLayoutSpec`).
    public func corner(
        _ location: CornerLocation, offset: Point = .zero, wrapsCorner: Bool = false,
        @ContentBuilder _ corner: () -> [any ReportContent]
    ) -> ModifiedContent {
        let content = Group(corner())
        return modifier { element, context in
            CornerLayoutSpec(
                child: element, corner: try content.makeElement(in: context), location: location, offset: offset,
                wrapsCorner: wrapsCorner)
        }
    }
}
