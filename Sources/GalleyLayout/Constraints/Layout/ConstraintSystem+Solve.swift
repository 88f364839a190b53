// The three uses of a system: solving for layout (conflicts left out, like Auto Layout), strict validation, and
// the ambiguity probe.

extension ConstraintSystem {
    /// Solves for layout: invalid and conflicting constraints are left out and reported, the resting pulls make
    /// the solution unique, and a child laid out narrower than it measured is measured again at that width (a
    /// wrapping text gets taller) before the final solve.
    func solveForLayout() -> ConstraintLayoutSolution {
        measureChildren()
        do {
            try build(strict: false)
            try addRestingPulls()
            try refineWrappedHeights()
        } catch {
            return ConstraintLayoutSolution(
                size: range.clamp(range.min), frames: children.map { _ in .zero }, conflicts: conflicts,
                invalidConstraints: invalid, failure: error.description)
        }
        let solved = solvedFrames()
        return ConstraintLayoutSolution(
            size: solved.size, frames: solved.frames, conflicts: conflicts, invalidConstraints: invalid, failure: nil)
    }

    /// Auto Layout's second pass for multi-line text (`preferredMaxLayoutWidth`): the vertical intrinsic
    /// constraints of a child now narrower than its one-line size follow its height at the solved width.
    func refineWrappedHeights() throws(ConstraintLayoutError) {
        for index in children.indices {
            guard let size = intrinsic[index], let previous = verticalIntrinsic[index] else { continue }
            let width = max(0, solver.value(of: frames[index].width))
            guard width < size.width - 0.01 else { continue }
            let range = SizeRange(min: Size(width: width, height: 0), max: Size(width: width, height: .infinity))
            let height = children[index].layoutThatFits(range, parentSize: parentSize).size.height
            guard abs(height - size.height) > 0.01 else { continue }
            do {
                for constraint in previous where solver.contains(constraint) { try solver.remove(constraint) }
            } catch {
                throw .solverFailure("constraints layout: \(error)")
            }
            intrinsic[index] = Size(width: size.width, height: height)
            verticalIntrinsic[index] = try addIntrinsic(child: index, axis: .vertical, height, strict: false)
        }
    }

    /// Builds the system and throws its first invalid constraint or required conflict.
    func validate() throws(ConstraintLayoutError) {
        measureChildren()
        try build(strict: true)
    }

    /// The anchors each child could move along without violating any constraint more: with the spec held at
    /// `size` and no resting pulls, each anchor is pulled to −10⁶ and then to +10⁶ at the lowest priority; an
    /// anchor whose two values differ by more than 0.01 pt is not determined by the constraints.
    func ambiguousAnchors(size: Size) -> [AmbiguousAnchors] {
        measureChildren()
        let probe = ConstraintVariable("probe")
        var result: [AmbiguousAnchors] = []
        do {
            try build(strict: false)
            try add(parentWidth == size.width, nil, strict: false)
            try add(parentHeight == size.height, nil, strict: false)
            for index in children.indices {
                var anchors: [LayoutAttribute] = []
                for attribute in [LayoutAttribute.left, .right, .centerX, .width, .top, .bottom, .centerY, .height] {
                    let link = probe == expression(for: .child(index, attribute))
                    try solver.add(link)
                    try solver.addEditVariable(probe, priority: .lowest)
                    try solver.suggestValue(-1e6, for: probe)
                    let low = solver.value(of: probe)
                    try solver.suggestValue(1e6, for: probe)
                    if solver.value(of: probe) - low > 0.01 { anchors.append(attribute) }
                    try solver.removeEditVariable(probe)
                    try solver.remove(link)
                }
                if !anchors.isEmpty {
                    result.append(AmbiguousAnchors(child: index, name: children[index].debugName, anchors: anchors))
                }
            }
        } catch {
            // Only a solver failure (pivot limit, cancellation) gets here; report what was found so far.
            return result
        }
        return result
    }
}
