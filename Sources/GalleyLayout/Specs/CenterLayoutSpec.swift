/// The axes a ``CenterLayoutSpec`` centres on.
public enum CenteringOptions: String, Sendable, CaseIterable {
    /// No centring: the child gets `cs.min` and sits at 0,0.
    case none
    /// Centre horizontally.
    case x
    /// Centre vertically.
    case y
    /// Centre on both axes.
    case xy
}

/// Centres its child (Texture's `ASCenterLayoutSpec`): a ``RelativeLayoutSpec`` with center on the chosen axes
/// and none elsewhere.
///
/// Example: xy centring in exactly 100×100 with a 30×30 box puts the box at 35,35 in a 100×100 spec; with
/// minimumXY sizing in `[0…100, 0…100]` the spec is 30×30 and the box at 0,0.
public final class CenterLayoutSpec: RelativeLayoutSpec {
    /// The centring axes.
    public var centering: CenteringOptions {
        didSet { applyCentering() }
    }

    /// Creates a center spec around one child.
    public init(centering: CenteringOptions = .none, sizing: SizingOptions = .default, child: any LayoutElement) {
        self.centering = centering
        super.init(sizing: sizing, child: child)
        applyCentering()
    }

    private func applyCentering() {
        horizontalPosition = centering == .x || centering == .xy ? .center : .none
        verticalPosition = centering == .y || centering == .xy ? .center : .none
    }
}
