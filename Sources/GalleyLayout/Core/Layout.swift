/// The measured size and position of one element, and of its children (Texture's `ASLayout`).
///
/// A layout's size is ceiled to the 1-point pixel grid when it is created; an invalid size (not finite,
/// negative, or 1e7 and above) becomes `0×0`, as in Texture's release builds. Specs set `position` afterwards,
/// unrounded. A node's layout is flattened: its sublayouts are its subnodes' layouts at ceiled positions.
///
/// Example: `Layout(element: e, size: Size(width: 10.2, height: 3)).size` is `11×3`.
public final class Layout {
    /// The element this layout measures.
    public let element: any LayoutElement
    /// The size, ceiled to the pixel grid.
    public let size: Size
    /// The origin relative to the parent layout (unrounded until flattening).
    public var position: Point
    /// The children's layouts.
    public let sublayouts: [Layout]

    /// Creates a layout, ceiling its size to the pixel grid (or zeroing an invalid size).
    public init(element: any LayoutElement, size: Size, sublayouts: [Layout] = []) {
        self.element = element
        if isValidForSize(size.width) && isValidForSize(size.height) {
            // One read of the task-local grid for both sides.
            let scale = PixelGrid.scale
            self.size = Size(width: ceilPx(size.width, scale: scale), height: ceilPx(size.height, scale: scale))
        } else {
            self.size = .zero
        }
        self.position = .zero
        self.sublayouts = sublayouts
    }

    /// Places a flattened node layout at `position` ceiled to the pixel grid (`ASLayout.mm:102-106`); its
    /// size was ceiled when it was made.
    func moveToPixelGrid(_ position: Point) {
        let scale = PixelGrid.scale
        self.position = Point(x: ceilPx(position.x, scale: scale), y: ceilPx(position.y, scale: scale))
    }

    /// The frame in the parent's coordinates; a non-finite origin or size component reads as 0.
    public var frame: Rect {
        Rect(
            x: position.x.isFinite ? position.x : 0,
            y: position.y.isFinite ? position.y : 0,
            width: size.width.isFinite ? size.width : 0,
            height: size.height.isFinite ? size.height : 0
        )
    }
}
