// Phase 1, steps 4-6 of the stack (U:199-626): flexing each line once, line cross sizes and baselines, and
// stretching.

extension StackUnpositionedLayout {
    /// Flexes one line once (U:561-626). Grow shares are floored; shrink shares are weighted by size; the
    /// remainder goes to the first flexed item only if it grows; items whose share is 0 are not re-measured.
    mutating func flex(lineAt lineIndex: Int, optimized: Bool) {
        let line = lines[lineIndex]
        let violation = Self.violation(mainLength(line), min: style.main(range.min), max: style.main(range.max))
        let growing = violation > 0
        var factorSum = 0.0
        if abs(violation) >= violationEpsilon {
            for index in line.start..<line.end {
                factorSum += growing ? items[index].flexGrow : items[index].flexShrink
            }
        }
        let crossMin = style.cross(range.min)
        let crossMax = style.cross(range.max)
        if factorSum == 0 {
            // The optimized child was never measured: measure it at main size 0 (U:579-585).
            if optimized {
                for index in line.start..<line.end where items[index].isFlexibleInBothDirections {
                    items[index].layout = measure(
                        items[index], mainMin: 0, mainMax: 0, crossMin: crossMin, crossMax: crossMax)
                }
            }
            return
        }
        var scaledShrinkSum = 0.0
        if !growing {
            for index in line.start..<line.end {
                scaledShrinkSum += style.main(items[index].layout.size) * (items[index].flexShrink / factorSum)
            }
        }
        var remaining = violation
        var firstFlexed = -1
        for index in line.start..<line.end {
            let adjustment = self.adjustment(index, violation, factorSum, scaledShrinkSum)
            remaining -= adjustment
            if firstFlexed < 0 && adjustment != 0 { firstFlexed = index }
        }
        guard firstFlexed >= 0 else { return }
        for index in line.start..<line.end {
            let adjustment = self.adjustment(index, violation, factorSum, scaledShrinkSum)
            guard adjustment != 0 else { continue }
            let item = items[index]
            let extra = index == firstFlexed && item.flexGrow > 0 ? remaining : 0
            let flexed = fMax(style.main(item.layout.size) + adjustment + extra, 0)
            items[index].layout = measure(
                item, mainMin: flexed, mainMax: flexed, crossMin: crossMin, crossMax: crossMax)
            items[index].isDeferred = false
        }
    }

    /// Grow: `floor(violation × grow/Σgrow)`. Shrink: `−|violation × (size×shrink)/Σ(size×shrink)|`.
    @inline(__always)
    private func adjustment(_ index: Int, _ violation: Double, _ factorSum: Double, _ scaledShrinkSum: Double)
        -> Double
    {
        let item = items[index]
        if violation > 0 {
            return (violation * (item.flexGrow / factorSum)).rounded(.down)
        }
        if scaledShrinkSum == 0 { return 0 }
        let scaled = style.main(item.layout.size) * (item.flexShrink / factorSum)
        return -abs(scaled / scaledShrinkSum * violation)
    }

    /// An item's baseline: its ascender (first) or cross size + descender (last) (U:257-268). The style is
    /// read after measurement, so a text node or nested vertical stack can set it while being measured.
    func baseline(of item: StackItem) -> Double {
        switch item.alignment {
        case .baselineFirst: return item.element.style.ascender
        case .baselineLast: return style.cross(item.layout.size) + item.element.style.descender
        default: return 0
        }
    }

    /// Line cross sizes and baselines (U:278-336). A single line in an exact cross range takes the stack's cross
    /// size; otherwise the larger of the baseline extent and the largest item, clamped only for a single line.
    mutating func computeLineCrossSizes() {
        let crossMin = style.cross(range.min)
        let crossMax = style.cross(range.max)
        if lines.count == 1 && crossMin == crossMax {
            var baseline = 0.0
            for index in lines[0].start..<lines[0].end where items[index].isBaselineAligned {
                baseline = fMax(baseline, self.baseline(of: items[index]))
            }
            lines[0].crossSize = crossMin
            lines[0].baseline = baseline
            return
        }
        for lineIndex in lines.indices {
            var toBaseline = 0.0
            var fromBaseline = 0.0
            var largest = 0.0
            for index in lines[lineIndex].start..<lines[lineIndex].end {
                let item = items[index]
                let cross = style.cross(item.layout.size)
                if item.isBaselineAligned {
                    let baseline = self.baseline(of: item)
                    toBaseline = fMax(toBaseline, baseline)
                    fromBaseline = fMax(fromBaseline, cross - baseline)
                } else {
                    largest = fMax(largest, cross)
                }
            }
            var crossSize = fMax(toBaseline + fromBaseline, largest)
            if lines.count == 1 { crossSize = fMin(fMax(crossMin, crossSize), crossMax) }
            lines[lineIndex].crossSize = crossSize
            lines[lineIndex].baseline = toBaseline
        }
    }

    /// alignContent stretch grows several lines to the cross min; then each stretch item shorter than its line
    /// by more than 0.01 is re-measured at its main size and the line's cross size (U:199-248).
    mutating func stretchLines() {
        let violation = Self.violation(linesCrossSum(), min: style.cross(range.min), max: style.cross(range.max))
        let stretchLines = lines.count > 1 && style.alignContent == .stretch && violation > violationEpsilon
        let extra = violation / Double(lines.count)
        for lineIndex in lines.indices {
            if stretchLines { lines[lineIndex].crossSize += extra }
            let lineCross = lines[lineIndex].crossSize
            for index in lines[lineIndex].start..<lines[lineIndex].end where items[index].alignment == .stretch {
                let item = items[index]
                guard lineCross - style.cross(item.layout.size) > violationEpsilon else { continue }
                let main = style.main(item.layout.size)
                items[index].layout = measure(
                    item, mainMin: main, mainMax: main, crossMin: lineCross, crossMax: lineCross)
            }
        }
    }
}
