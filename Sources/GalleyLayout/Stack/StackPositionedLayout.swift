// Phase 2 of the stack (ASStackPositionedLayout.mm): alignContent across lines, justifyContent within each
// line, and cross-axis alignment of each item.

/// The positioned children of a stack and the stack's size.
///
/// Example: justifyContent spaceAround with 3 items and a violation of 60 gives unit 10: the first item at 10,
/// then gaps of 20 between items.
struct StackPositionedLayout {
    var sublayouts: [Layout]
    var size: Size

    init(_ layout: StackUnpositionedLayout, style: StackStyle, range: SizeRange) {
        sublayouts = []
        sublayouts.reserveCapacity(layout.items.count)
        let crossViolation = StackUnpositionedLayout.violation(
            layout.crossSum, min: style.cross(range.min), max: style.cross(range.max))
        let (crossOffset, crossGap) = Self.alignContentOffsets(
            lines: layout.lines.count, violation: crossViolation, alignContent: style.alignContent)
        var cross = crossOffset
        for (lineIndex, line) in layout.lines.enumerated() {
            if lineIndex > 0 { cross += crossGap + style.lineSpacing }
            let violation = StackUnpositionedLayout.violation(
                line.mainSum, min: style.main(range.min), max: style.main(range.max))
            let (offset, gap) = Self.justifyOffsets(
                items: line.end - line.start, violation: violation, justifyContent: style.justifyContent)
            var main = offset
            for index in line.start..<line.end {
                let item = layout.items[index]
                main += item.spacingBefore
                if index > line.start { main += style.spacing + gap }
                let itemCross = Self.crossOffset(item, line: line, in: layout)
                item.layout.position = style.point(main: main, cross: cross + itemCross)
                main += style.main(item.layout.size) + item.spacingAfter
                sublayouts.append(item.layout)
            }
            cross += line.crossSize
        }
        size = range.clamp(style.size(main: layout.mainSum, cross: layout.crossSum))
    }

    /// Cross offset within a line (P:19-37): end, floored centre, baseline difference, or 0.
    static func crossOffset(_ item: StackItem, line: StackLine, in layout: StackUnpositionedLayout) -> Double {
        let cross = layout.style.cross(item.layout.size)
        switch item.alignment {
        case .end: return line.crossSize - cross
        case .center: return floorPx((line.crossSize - cross) / 2)
        case .baselineFirst, .baselineLast: return line.baseline - layout.baseline(of: item)
        case .start, .stretch: return 0
        }
    }

    /// alignContent (P:39-79): spaceBetween falls back to start, spaceAround to center, when the violation is
    /// below 0.01 or there is one line.
    static func alignContentOffsets(lines: Int, violation: Double, alignContent: StackAlignContent)
        -> (offset: Double, gap: Double)
    {
        let degenerate = violation < violationEpsilon || lines == 1
        switch alignContent {
        case .start, .stretch: return (0, 0)
        case .center: return (violation / 2, 0)
        case .end: return (violation, 0)
        case .spaceBetween:
            return degenerate ? (0, 0) : (0, violation / Double(lines - 1))
        case .spaceAround:
            if degenerate { return (violation / 2, 0) }
            let unit = violation / Double(lines * 2)
            return (unit, unit * 2)
        }
    }

    /// justifyContent (P:81-120) with the same fallbacks, including on overflow (negative violation).
    /// spaceEvenly is Galley's addition: `unit = v/(n+1)` at the edges and between items; center on fallback.
    static func justifyOffsets(items: Int, violation: Double, justifyContent: StackJustifyContent)
        -> (offset: Double, gap: Double)
    {
        let degenerate = violation < violationEpsilon || items == 1
        switch justifyContent {
        case .start: return (0, 0)
        case .center: return (violation / 2, 0)
        case .end: return (violation, 0)
        case .spaceBetween:
            return degenerate ? (0, 0) : (0, violation / Double(items - 1))
        case .spaceAround:
            if degenerate { return (violation / 2, 0) }
            let unit = violation / Double(items * 2)
            return (unit, unit * 2)
        case .spaceEvenly:
            if degenerate { return (violation / 2, 0) }
            let unit = violation / Double(items + 1)
            return (unit, unit)
        }
    }
}
