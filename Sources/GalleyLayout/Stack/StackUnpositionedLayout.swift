// Phase 1 of the stack (ASStackUnpositionedLayout.mm): measure, break into lines, flex, size the lines,
// stretch. Positions are left to StackPositionedLayout.

/// One child of a stack while it is being laid out.
struct StackItem {
    let element: any LayoutElement
    var layout: Layout
    let flexGrow: Double
    let flexShrink: Double
    let spacingBefore: Double
    let spacingAfter: Double
    let alignment: StackAlignItems
    /// The child's style cross min/max resolved against an undefined parent; NaN means missing.
    let styleCrossMin: Double
    let styleCrossMax: Double
    /// A clamped element at an exact flex basis not measured yet: `layout` has its main size only
    /// (its cross size is 0 until `measureDeferredItems`).
    var isDeferred = false

    var isFlexibleInBothDirections: Bool { flexGrow > 0 && flexShrink > 0 }
    var isBaselineAligned: Bool { alignment == .baselineFirst || alignment == .baselineLast }
}

/// A line of items: a range of the item array plus its measured extents.
struct StackLine {
    var start: Int
    var end: Int
    var crossSize: Double = 0
    var baseline: Double = 0
    var mainSum: Double = 0
}

/// The measured, flexed and stretched children of a stack, grouped into lines.
///
/// Example: in a wrapping horizontal stack with max width 50, items 20, 20, 20 wide make lines `[0,2)` and
/// `[2,3)`.
struct StackUnpositionedLayout {
    var items: [StackItem]
    /// The lines (a stack that does not wrap has one: kept inline, no array per stack laid out).
    var lines: InlineFirstList<StackLine>
    /// The longest line's main length.
    var mainSum: Double = 0
    /// The lines' cross sizes plus line spacing.
    var crossSum: Double = 0

    let style: StackStyle
    let range: SizeRange
    /// The size children resolve percentages against: the stack's size on exact axes, NaN elsewhere.
    let parentSize: Size

    init(children: [any LayoutElement], style: StackStyle, range: SizeRange) {
        self.style = style
        self.range = range
        parentSize = Size(
            width: range.min.width == range.max.width ? range.min.width : .nan,
            height: range.min.height == range.max.height ? range.min.height : .nan)
        items = []
        lines = InlineFirstList()
        let optimized = Self.useOptimizedFlexing(children, style: style, range: range)
        measureItems(children, optimized: optimized)
        collectLines()
        for index in lines.indices { flex(lineAt: index, optimized: optimized) }
        measureDeferredItems()
        computeLineCrossSizes()
        stretchLines()
        for index in lines.indices {
            lines[index].mainSum = mainLength(lines[index])
            mainSum = fMax(lines[index].mainSum, mainSum)
        }
        crossSum = linesCrossSum()
    }

    /// Optimized flexing (U:538-546): exactly one child grows and shrinks and the main size is exact, so that
    /// child's first measurement is skipped.
    static func useOptimizedFlexing(_ children: [any LayoutElement], style: StackStyle, range: SizeRange) -> Bool {
        guard style.main(range.min) == style.main(range.max) else { return false }
        var count = 0
        for child in children {
            let childStyle = child.style
            if childStyle.flexGrow > 0 && childStyle.flexShrink > 0 { count += 1 }
        }
        return count == 1
    }

    /// First pass (U:674-698): the main range comes from flexBasis, the cross range from the stack.
    private mutating func measureItems(_ children: [any LayoutElement], optimized: Bool) {
        items.reserveCapacity(children.count)
        let parentMain = style.main(parentSize)
        for child in children {
            let childStyle = child.style
            let alignment = childStyle.alignSelf.effective(style.alignItems)
            var crossMin = Double.nan
            var crossMax = Double.nan
            if alignment == .stretch {
                let resolved = childStyle.resolvedRange(parentSize: .undefined)
                crossMin = style.cross(resolved.min)
                crossMax = style.cross(resolved.max)
            }
            let layout: Layout
            var deferred = false
            if optimized && childStyle.flexGrow > 0 && childStyle.flexShrink > 0 {
                // The optimized child gets a 0×0 placeholder instead of a measurement.
                layout = Layout(element: child, size: .zero)
            } else {
                // A percentage basis of an undefined main size is NaN, treated as auto (semantics §7.9).
                let basisMin = childStyle.flexBasis.resolve(parent: parentMain, autoValue: 0)
                let basisMax = childStyle.flexBasis.resolve(parent: parentMain, autoValue: .infinity)
                if basisMin == basisMax, basisMin.isFinite, keepsExactMain(child, childStyle, basisMin) {
                    layout = Layout(element: child, size: style.size(main: basisMin, cross: 0))
                    deferred = true
                } else {
                    layout = measure(
                        child, alignment: alignment, styleCrossMin: crossMin, styleCrossMax: crossMax,
                        mainMin: basisMin.isNaN ? 0 : basisMin, mainMax: basisMax.isNaN ? .infinity : basisMax,
                        crossMin: style.cross(range.min), crossMax: style.cross(range.max))
                }
            }
            var item = StackItem(
                element: child, layout: layout, flexGrow: childStyle.flexGrow, flexShrink: childStyle.flexShrink,
                spacingBefore: childStyle.spacingBefore, spacingAfter: childStyle.spacingAfter, alignment: alignment,
                styleCrossMin: crossMin, styleCrossMax: crossMax)
            item.isDeferred = deferred
            items.append(item)
        }
    }

    /// Whether `child`, measured at the exact main size `basis`, is sure to come out `basis` long:
    /// a clamped element (a text leaf, a nested stack) whose own style range (resolved as
    /// `layoutThatFits` resolves it) allows it.
    /// Its first measurement can then wait (`measureDeferredItems`). Text cells with
    /// `flexBasis: 0` are the common case: measured at width 0 (every word on its own line) only to
    /// be measured again at their flexed width, they were a fifth of the typesetting of an invoice.
    private func keepsExactMain(_ child: any LayoutElement, _ childStyle: Style, _ basis: Double) -> Bool {
        guard let clamped = child as? any ClampedLayoutElement, clamped.measuresClamped else { return false }
        let own = childStyle.resolvedRange(parentSize: parentSize)
        return style.main(own.min) <= basis && basis <= style.main(own.max)
    }

    /// Measures the items whose first measurement was put off and that flexing did not measure
    /// (their line did not flex, or their adjustment was 0), with the first pass's ranges: the
    /// same call, so the same layout, as measuring them up front. Line cross sizes, baselines and
    /// stretching, which follow, read what this measures.
    private mutating func measureDeferredItems() {
        for index in items.indices where items[index].isDeferred {
            let main = style.main(items[index].layout.size)
            items[index].layout = measure(
                items[index], mainMin: main, mainMax: main, crossMin: style.cross(range.min),
                crossMax: style.cross(range.max))
            items[index].isDeferred = false
        }
    }

    /// `crossChildLayout` (U:48-68) for an item already in the stack.
    func measure(_ item: StackItem, mainMin: Double, mainMax: Double, crossMin: Double, crossMax: Double) -> Layout {
        measure(
            item.element, alignment: item.alignment, styleCrossMin: item.styleCrossMin,
            styleCrossMax: item.styleCrossMax, mainMin: mainMin, mainMax: mainMax, crossMin: crossMin,
            crossMax: crossMax)
    }

    /// `crossChildLayout` (U:48-68): a stretch child's cross range is its style min (if nonzero) or the given
    /// min, up to its style max (if finite) or the given max; other children get `[0, crossMax]`.
    func measure(
        _ element: any LayoutElement, alignment: StackAlignItems, styleCrossMin: Double, styleCrossMax: Double,
        mainMin: Double, mainMax: Double, crossMin: Double, crossMax: Double
    ) -> Layout {
        var childCrossMin = 0.0
        var childCrossMax = crossMax
        if alignment == .stretch {
            childCrossMin = styleCrossMin != 0 && !styleCrossMin.isNaN ? styleCrossMin : crossMin
            childCrossMax = styleCrossMax.isFinite ? styleCrossMax : crossMax
        }
        let childRange = SizeRange(
            min: style.size(main: mainMin, cross: childCrossMin),
            max: style.size(main: mainMax, cross: childCrossMax))
        return element.layoutThatFits(childRange, parentSize: parentSize)
    }

    /// Line breaking (U:631-668): a new line starts when the next item (with its spacing) would pass the main max.
    private mutating func collectLines() {
        guard style.flexWrap == .wrap else {
            lines.removeAll()
            lines.append(StackLine(start: 0, end: items.count))
            return
        }
        let mainMax = style.main(range.max)
        var start = 0
        var lineLength = 0.0
        for index in items.indices {
            let item = items[index]
            let itemLength = item.spacingBefore + style.main(item.layout.size) + item.spacingAfter
            let addition = itemLength + (index > start ? style.spacing : 0)
            if index > start && lineLength + addition > mainMax {
                lines.append(StackLine(start: start, end: index))
                start = index
                lineLength = itemLength
            } else {
                lineLength += addition
            }
        }
        lines.append(StackLine(start: start, end: items.count))
    }

    /// `spacing×(n−1) + Σ(before+after) + Σ main sizes` (U:468-486).
    func mainLength(_ line: StackLine) -> Double {
        var total = style.spacing * Double(line.end - line.start - 1)
        for index in line.start..<line.end {
            total += items[index].spacingBefore + items[index].spacingAfter + style.main(items[index].layout.size)
        }
        return total
    }

    /// How far `length` lies outside `[min, max]`: positive when short, negative when long, else 0.
    static func violation(_ length: Double, min: Double, max: Double) -> Double {
        if length < min { return min - length }
        if length > max { return max - length }
        return 0
    }

    func linesCrossSum() -> Double {
        var total = style.lineSpacing * Double(lines.count - 1)
        for line in lines { total += line.crossSize }
        return total
    }
}
