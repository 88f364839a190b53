/// Places children by linear constraints between their anchors, with priorities (Auto Layout's model, solved
/// with the Cassowary algorithm by ``ConstraintSolver``).
///
/// Each child has a frame (x, y, width, height); the spec itself is `parent`, with its origin at (0, 0) and its
/// own width and height inside the range it is laid out in. Every ``LayoutConstraint`` relates an anchor of a
/// child or the parent to another (`first == multiplier × second + constant`, or `<=`, `>=`) at a priority:
/// required ones must hold, optional ones hold as far as their priority allows, and a higher priority strictly
/// dominates all lower ones. A child's unconstrained size enters with its content-hugging (250) and
/// compression-resistance (750) priorities (``IntrinsicSizePriorities``). Leading and trailing follow
/// ``layoutDirection``. What the constraints leave open resolves to the smallest spec size in the range, and an
/// undetermined child to the origin and zero size; ``ambiguousAnchors(in:)`` reports such children. Required
/// constraints that conflict are left out (the later one, as Auto Layout breaks a constraint) and reported in
/// ``lastSolution`` and by ``validate(in:)``. Children are then laid out at exactly their solved sizes.
///
/// Example (the yellow/blue scene of Auto Layout's constraint animation): in exactly 400×200, yellow is 20 from
/// the left, blue 20 from the right, both 20 from the top and bottom, equal widths, blue's leading =
/// yellow's trailing + spacing, and yellow's trailing = parent.trailing − 20 at priority P. With spacing 10 and
/// P = 250 (low) against blue's trailing at 750, both share the width: `2w + 10 = 400 − 40`, so yellow is
/// (20, 20, 175, 160) and blue (205, 20, 175, 160). With spacing 100 and P = 750 against blue's 250, yellow
/// takes the width (20, 20, 360, 160) and blue is pushed off to (480, 20, 360, 160).
public final class ConstraintLayoutSpec: LayoutSpec {
    /// The relations between anchors, in the order they are added (a conflict leaves out the later one).
    public var constraints: [LayoutConstraint]
    /// The reading direction that leading and trailing follow.
    public var layoutDirection: LayoutDirection
    /// Per child index, how its measured size enters; children not listed use Auto Layout's defaults.
    public var intrinsicSizePriorities: [Int: IntrinsicSizePriorities]
    /// The solution of the most recent layout: its conflicts and left-out invalid constraints.
    public private(set) var lastSolution: ConstraintLayoutSolution?

    /// Creates a constraints spec.
    public init(
        children: [any LayoutElement], constraints: [LayoutConstraint], layoutDirection: LayoutDirection = .leftToRight,
        intrinsicSizePriorities: [Int: IntrinsicSizePriorities] = [:]
    ) {
        self.constraints = constraints
        self.layoutDirection = layoutDirection
        self.intrinsicSizePriorities = intrinsicSizePriorities
        super.init(children: children)
    }

    /// Solves the constraints and lays each child out at exactly its solved size and position.
    public override func calculateLayoutThatFits(_ constrainedSize: SizeRange) -> Layout {
        let solution = solve(in: constrainedSize)
        lastSolution = solution
        var sublayouts: [Layout] = []
        sublayouts.reserveCapacity(children.count)
        for (child, frame) in zip(children, solution.frames) {
            let sublayout = child.layoutThatFits(SizeRange(exactly: frame.size), parentSize: solution.size)
            sublayout.position = frame.origin
            sublayouts.append(sublayout)
        }
        return Layout(element: self, size: solution.size, sublayouts: sublayouts)
    }

    /// The spec's size and its children's frames in `constrainedSize`, without laying the children out.
    public func solve(in constrainedSize: SizeRange) -> ConstraintLayoutSolution {
        ConstraintSystem(self, range: constrainedSize).solveForLayout()
    }

    /// Checks that every constraint follows the anchor rules and that the required ones can all hold.
    ///
    /// - Throws: ``ConstraintLayoutError/invalidConstraint(_:)`` or ``ConstraintLayoutError/unsatisfiable(_:)``
    ///   naming a minimal conflicting set.
    public func validate(in constrainedSize: SizeRange) throws(ConstraintLayoutError) {
        try ConstraintSystem(self, range: constrainedSize).validate()
    }

    /// The constraints that break the anchor rules (a location without a second anchor, left related to leading,
    /// a child index out of range…), each with its index and what to write instead; they need no size range, so
    /// a template checks them when its data is bound.
    public func invalidConstraints() -> [InvalidLayoutConstraint] {
        let system = ConstraintSystem(self, range: .unconstrained)
        return constraints.enumerated().compactMap { index, constraint in
            system.problem(with: constraint).map { InvalidLayoutConstraint(index: index, reason: $0) }
        }
    }

    /// The children whose frames the constraints do not determine in `constrainedSize`, with the anchors that
    /// are free (the spec's own size held at its solved value). Empty for a well-defined layout.
    public func ambiguousAnchors(in constrainedSize: SizeRange) -> [AmbiguousAnchors] {
        let size = solve(in: constrainedSize).size
        return ConstraintSystem(self, range: constrainedSize).ambiguousAnchors(size: size)
    }
}
