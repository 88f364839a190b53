import GalleyLayout
import GalleyRender

/// Realign: the same line breaks aligned within another width, without typesetting again.
/// Moving a line is a translation of its display items, so the result equals a fresh layout
/// with `alignmentWidth` (up to floating-point rounding of the x positions) at a small fraction
/// of the cost — what a table cell measured at its content width and drawn in its column needs.
extension ParagraphLayout {
    /// The lines aligned within `width` (`.infinity`: the widest line), or nil when that needs
    /// typesetting (a justified line would be stretched differently).
    package func realigned(within width: Double) -> ParagraphLayout? {
        if isAlignmentIndependent { return self }
        guard let alignment, alignment != .justify || isWidthIndependent, knowsEveryItemsLine else {
            return nil
        }
        let container = width.isFinite ? max(0, width) : size.width
        var shifts = InlineFirstList(repeatElement(0.0, count: lines.count))
        var moved = lines
        for index in lines.indices {
            let line = lines[index]
            let x = Self.alignedX(
                lineWidth: line.width, container: container, alignment: alignment, rtl: paragraphIsRTL)
            shifts[index] = x - line.x
            moved[index] = line.moved(to: x)
        }
        var items = items
        for index in items.indices where shifts[line(ofItem: index)] != 0 {
            let dx = shifts[line(ofItem: index)]
            let lineX = lines[line(ofItem: index)].x
            items[index] = items[index].realigned(fromLineX: lineX, toLineX: lineX + dx)
        }
        var result = ParagraphLayout(
            size: size, lines: moved, firstBaseline: firstBaseline, lastBaseline: lastBaseline, items: items,
            missingCharacters: missingCharacters)
        result.copyTypesettingFacts(from: self)
        return result
    }

    /// Where Position puts a line's left edge: start (right for right-to-left paragraphs), end,
    /// or centred; justified paragraphs align like start.
    static func alignedX(lineWidth: Double, container: Double, alignment: TextAlignment, rtl: Bool) -> Double {
        let slack = container - lineWidth
        switch alignment {
        case .center: return slack / 2
        case .start, .justify: return rtl ? slack : 0
        case .end: return rtl ? 0 : slack
        }
    }

    mutating func copyTypesettingFacts(from other: ParagraphLayout) {
        isAlignmentIndependent = other.isAlignmentIndependent
        isWidthIndependent = other.isWidthIndependent
        alignment = other.alignment
        paragraphIsRTL = other.paragraphIsRTL
        explicitItemLines = other.explicitItemLines
    }
}

extension LineInfo {
    fileprivate func moved(to x: Double) -> LineInfo {
        LineInfo(
            range: range, baseline: baseline, ascent: ascent, descent: descent, width: width, x: x,
            isHyphenated: isHyphenated, isTruncated: isTruncated)
    }
}

extension DisplayItem {
    /// The item of a line drawn at `oldX` moved with its line to `newX`. Positions are
    /// recomputed as `newX + (position - oldX)`, the way Draw adds a run's x to its line's.
    fileprivate func realigned(fromLineX oldX: Double, toLineX newX: Double) -> DisplayItem {
        func move(_ x: Double) -> Double { newX + (x - oldX) }
        switch self {
        case .glyphs(var run):
            run.origin.x = move(run.origin.x)
            return .glyphs(run)
        case .fill(let path, let color):
            return .fill(path.mapPoints { Point(x: move($0.x), y: $0.y) }, color)
        case .link(var rect, let target):
            rect.origin.x = move(rect.origin.x)
            return .link(rect, target)
        default:
            return self
        }
    }
}

extension Path {
    fileprivate func mapPoints(_ transform: (Point) -> Point) -> Path {
        var result = Path()
        for element in elements {
            switch element {
            case .move(let p): result.move(to: transform(p))
            case .line(let p): result.line(to: transform(p))
            case .curve(let c1, let c2, let end):
                result.curve(to: transform(end), control1: transform(c1), control2: transform(c2))
            case .close: result.close()
            }
        }
        return result
    }
}
