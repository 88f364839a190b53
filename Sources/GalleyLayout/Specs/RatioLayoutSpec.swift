/// Gives its child a fixed aspect ratio, `ratio = height / width` (Texture's `ASRatioLayoutSpec`).
///
/// Candidates: `Clamp(cs, (maxW, floorPx(r × maxW)))` when maxW is valid and `Clamp(cs, (floorPx(maxH / r),
/// maxH))` when maxH is valid; the one whose `h/w` is closer to `r` wins, ties going to the width candidate. The
/// child gets `Intersect(cs, exactly best)` with `parentSize = best`; with neither max valid `cs` passes through
/// with an undefined parent size. The spec is the child's size. Example: ratio 0.5 in `[0…100, 0…inf]` gives
/// 100×50.
public final class RatioLayoutSpec: LayoutSpec {
    /// Height divided by width.
    public var ratio: Double

    /// Creates a ratio spec around one child.
    public init(ratio: Double, child: any LayoutElement) {
        self.ratio = ratio
        super.init(children: [child])
    }

    /// Chooses the candidate size nearest the ratio and lays the child out in it (ASRatioLayoutSpec.mm:58-87).
    public override func calculateLayoutThatFits(_ cs: SizeRange) -> Layout {
        guard let child = children.first else { return Layout(element: self, size: cs.min) }
        var best: Size?
        if isValidForSize(cs.max.width) {
            best = cs.clamp(Size(width: cs.max.width, height: floorPx(ratio * cs.max.width)))
        }
        if isValidForSize(cs.max.height) {
            let candidate = cs.clamp(Size(width: floorPx(cs.max.height / ratio), height: cs.max.height))
            // std::max_element keeps the first of equal candidates, so the height candidate must be strictly nearer.
            if let current = best {
                if abs(current.height / current.width - ratio) > abs(candidate.height / candidate.width - ratio) {
                    best = candidate
                }
            } else {
                best = candidate
            }
        }
        let sublayout: Layout
        if let best {
            sublayout = child.layoutThatFits(cs.intersect(SizeRange(exactly: best)), parentSize: best)
        } else {
            sublayout = child.layoutThatFits(cs, parentSize: .undefined)
        }
        sublayout.position = .zero
        return Layout(element: self, size: sublayout.size, sublayouts: [sublayout])
    }
}
