// The linear system behind one constraints layout: four variables per child (x, y, width, height), the spec's
// width and height, and one linear constraint per anchor relation, intrinsic size and bound, each remembered
// with its source so a conflict can be reported in the spec's own terms.

/// Builds and solves the system of a ``ConstraintLayoutSpec`` in one range.
final class ConstraintSystem {
    struct Frame {
        let x: ConstraintVariable
        let y: ConstraintVariable
        let width: ConstraintVariable
        let height: ConstraintVariable
    }

    /// Below every layout priority (1–1000): the spec's own size shrink-wraps its children…
    static let fittingPriority = ConstraintPriority(0.002)
    /// …and an undetermined child comes out at the parent's origin, zero-sized.
    static let restingPriority = ConstraintPriority(0.001)

    let children: [any LayoutElement]
    let layoutConstraints: [LayoutConstraint]
    let direction: LayoutDirection
    let range: SizeRange
    let intrinsicPriorities: [IntrinsicSizePriorities]
    let solver = ConstraintSolver()
    let parentWidth = ConstraintVariable("parent.width")
    let parentHeight = ConstraintVariable("parent.height")
    let frames: [Frame]
    /// Each child's unconstrained size (nil when its intrinsic size is not used) and first-baseline offset.
    var intrinsic: [Size?] = []
    var ascenders: [Double] = []
    var sources: [LinearConstraint: ConstraintSource] = [:]
    var conflicts: [ConstraintConflict] = []
    var invalid: [InvalidLayoutConstraint] = []
    /// The vertical intrinsic constraints per child, replaced when a wrapped child's height changes.
    var verticalIntrinsic: [Int: [LinearConstraint]] = [:]

    init(_ spec: ConstraintLayoutSpec, range: SizeRange) {
        children = spec.children
        layoutConstraints = spec.constraints
        direction = spec.layoutDirection
        self.range = range
        intrinsicPriorities = spec.children.indices.map {
            spec.intrinsicSizePriorities[$0] ?? IntrinsicSizePriorities()
        }
        frames = spec.children.indices.map { index in
            let name = Self.name(of: spec.children[index], index)
            return Frame(
                x: ConstraintVariable("\(name).x"), y: ConstraintVariable("\(name).y"),
                width: ConstraintVariable("\(name).width"), height: ConstraintVariable("\(name).height"))
        }
    }

    /// The size children resolve percentages against: the range's max where it is a valid size.
    var parentSize: Size {
        Size(
            width: isValidForSize(range.max.width) ? range.max.width : .nan,
            height: isValidForSize(range.max.height) ? range.max.height : .nan)
    }

    /// Measures each child unconstrained: its intrinsic size and its first baseline.
    func measureChildren() {
        intrinsic = []
        ascenders = []
        for (index, child) in children.enumerated() {
            let layout = child.layoutThatFits(.unconstrained, parentSize: parentSize)
            intrinsic.append(intrinsicPriorities[index].usesIntrinsicSize ? layout.size : nil)
            ascenders.append(child.style.ascender)
        }
    }

    /// Adds every constraint in a fixed order — the spec's size range, non-negative sizes, the spec's constraints,
    /// intrinsic sizes — so a conflict always names the later constraint as the broken one.
    ///
    /// - Parameter strict: throw the first conflict or invalid constraint instead of leaving it out.
    func build(strict: Bool) throws(ConstraintLayoutError) {
        for axis in LayoutAxis.allCases {
            let size = axis == .horizontal ? parentWidth : parentHeight
            let minimum = axis == .horizontal ? range.min.width : range.min.height
            let maximum = axis == .horizontal ? range.max.width : range.max.height
            try add(size >= (minimum.isFinite ? minimum : 0), .parentSize(axis), strict: strict)
            if maximum.isFinite { try add(size <= maximum, .parentSize(axis), strict: strict) }
        }
        for (index, frame) in frames.enumerated() {
            try add(frame.width >= 0, .nonNegativeSize(child: index, axis: .horizontal), strict: strict)
            try add(frame.height >= 0, .nonNegativeSize(child: index, axis: .vertical), strict: strict)
        }
        for (index, constraint) in layoutConstraints.enumerated() {
            if let reason = problem(with: constraint) {
                let report = InvalidLayoutConstraint(index: index, reason: reason)
                if strict { throw .invalidConstraint(report) }
                invalid.append(report)
                continue
            }
            try add(linear(constraint), .constraint(index), strict: strict)
        }
        for index in children.indices {
            guard let size = intrinsic[index] else { continue }
            try addIntrinsic(child: index, axis: .horizontal, size.width, strict: strict)
            verticalIntrinsic[index] = try addIntrinsic(child: index, axis: .vertical, size.height, strict: strict)
        }
    }

    /// `size >= measured` at the compression resistance and `size <= measured` at the content hugging.
    @discardableResult
    func addIntrinsic(child index: Int, axis: LayoutAxis, _ measured: Double, strict: Bool)
        throws(ConstraintLayoutError)
        -> [LinearConstraint]
    {
        let frame = frames[index]
        let size = axis == .horizontal ? frame.width : frame.height
        let priorities = intrinsicPriorities[index]
        let resist = (size >= measured).withPriority(priorities.compressionResistance[axis])
        let hug = (size <= measured).withPriority(priorities.contentHugging[axis])
        try add(resist, .compressionResistance(child: index, axis: axis), strict: strict)
        try add(hug, .contentHugging(child: index, axis: axis), strict: strict)
        return [resist, hug]
    }

    /// The weakest pulls that make every solution unique: the spec's size towards its range's minimum, each
    /// child's origin and size towards 0.
    func addRestingPulls() throws(ConstraintLayoutError) {
        let minimum = Size(
            width: range.min.width.isFinite ? range.min.width : 0,
            height: range.min.height.isFinite ? range.min.height : 0)
        try add((parentWidth == minimum.width).withPriority(Self.fittingPriority), nil, strict: false)
        try add((parentHeight == minimum.height).withPriority(Self.fittingPriority), nil, strict: false)
        for frame in frames {
            for variable in [frame.x, frame.y, frame.width, frame.height] {
                try add((variable == 0).withPriority(Self.restingPriority), nil, strict: false)
            }
        }
    }

    /// Adds one constraint; a conflict is thrown (strict) or recorded with the constraint left out.
    func add(_ constraint: LinearConstraint, _ source: ConstraintSource?, strict: Bool) throws(ConstraintLayoutError) {
        if let source { sources[constraint] = source }
        do {
            try solver.add(constraint)
        } catch {
            guard case .unsatisfiable(let report) = error, let source else {
                throw .solverFailure("constraints layout: \(error)")
            }
            let members = report.conflicting.compactMap { sources[$0] }
            let conflict = ConstraintConflict(
                broken: source, conflicting: members, descriptions: members.map(describe))
            if strict { throw .unsatisfiable(conflict) }
            conflicts.append(conflict)
        }
    }

    /// The solved spec size and child frames, with rounding noise (within 1e-9 of a whole point) and negative
    /// zeros removed.
    func solvedFrames() -> (size: Size, frames: [Rect]) {
        func value(_ variable: ConstraintVariable) -> Double {
            let raw = solver.value(of: variable)
            return (abs(raw - raw.rounded()) < 1e-9 ? raw.rounded() : raw) + 0
        }
        let size = range.clamp(Size(width: value(parentWidth), height: value(parentHeight)))
        let rects = frames.map {
            Rect(x: value($0.x), y: value($0.y), width: value($0.width), height: value($0.height))
        }
        return (size, rects)
    }

    static func name(of child: any LayoutElement, _ index: Int) -> String {
        child.debugName ?? "child[\(index)]"
    }
}
