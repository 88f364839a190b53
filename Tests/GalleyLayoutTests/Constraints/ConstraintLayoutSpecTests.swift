import GalleyLayout
import Testing

/// A leaf that wraps like a text: 10 points a line, `words` words of 40 points, as many per line as fit.
private final class WrappingNode: LayoutNode {
    let words: Int

    init(_ name: String, words: Int) {
        self.words = words
        super.init()
        debugName = name
    }

    override func calculateSizeThatFits(_ constrainedSize: Size) -> Size {
        let perLine = max(1, Int(min(constrainedSize.width, Double(words) * 40) / 40))
        let lines = (words + perLine - 1) / perLine
        return Size(width: Double(min(words, perLine)) * 40, height: Double(lines) * 10)
    }
}

@Suite("constraints spec")
struct ConstraintLayoutSpecTests {
    let exact400 = SizeRange(exactly: Size(width: 400, height: 100))

    /// Two labels in a row: a at the leading edge, b 10 after it, b's trailing at the edge; tops at 0.
    func row(_ a: BoxNode, _ b: BoxNode, _ priorities: [Int: IntrinsicSizePriorities]) -> ConstraintLayoutSpec {
        ConstraintLayoutSpec(
            children: [a, b],
            constraints: [
                LayoutConstraint(.child(0, .leading), .equal, .parent(.leading)),
                LayoutConstraint(.child(1, .leading), .equal, .child(0, .trailing), constant: 10),
                LayoutConstraint(.child(1, .trailing), .equal, .parent(.trailing)),
                LayoutConstraint(.child(0, .top), .equal, .parent(.top)),
                LayoutConstraint(.child(1, .top), .equal, .parent(.top)),
            ],
            intrinsicSizePriorities: priorities)
    }

    func resistance(_ horizontal: Double) -> IntrinsicSizePriorities {
        IntrinsicSizePriorities(
            compressionResistance: AxisPriorities(horizontal: ConstraintPriority(horizontal), vertical: .high))
    }

    func hugging(_ horizontal: Double) -> IntrinsicSizePriorities {
        IntrinsicSizePriorities(
            contentHugging: AxisPriorities(horizontal: ConstraintPriority(horizontal), vertical: .low))
    }

    @Test func lowerCompressionResistanceShrinksFirst() {
        // 150 + 10 + 200 = 360 in 300: 60 points must go.
        let range = SizeRange(exactly: Size(width: 300, height: 40))
        let bShrinks = row(box("a", 150, 20), box("b", 200, 20), [1: resistance(749)]).layoutThatFits(range)
        #expect(
            bShrinks.sublayouts.map(\.frame) == [
                Rect(x: 0, y: 0, width: 150, height: 20), Rect(x: 160, y: 0, width: 140, height: 20),
            ])
        let aShrinks = row(box("a", 150, 20), box("b", 200, 20), [0: resistance(749)]).layoutThatFits(range)
        #expect(
            aShrinks.sublayouts.map(\.frame) == [
                Rect(x: 0, y: 0, width: 90, height: 20), Rect(x: 100, y: 0, width: 200, height: 20),
            ])
    }

    @Test func lowerContentHuggingGrowsFirst() {
        let range = SizeRange(exactly: Size(width: 400, height: 40))
        let aGrows = row(box("a", 150, 20), box("b", 200, 20), [1: hugging(251)]).layoutThatFits(range)
        #expect(aGrows.sublayouts.map(\.frame.width) == [190, 200])
        let bGrows = row(box("a", 150, 20), box("b", 200, 20), [0: hugging(251)]).layoutThatFits(range)
        #expect(bGrows.sublayouts.map(\.frame.width) == [150, 240])
    }

    @Test func aWrappedChildIsMeasuredAgainAtItsWidth() {
        // Six 40-point words are 240 wide on one line; at 120 they take two lines of three (20 high).
        let spec = ConstraintLayoutSpec(
            children: [WrappingNode("text", words: 6), fill("below")],
            constraints: [
                LayoutConstraint(.child(0, .leading), .equal, .parent(.leading)),
                LayoutConstraint(.child(0, .trailing), .equal, .parent(.trailing)),
                LayoutConstraint(.child(0, .top), .equal, .parent(.top)),
                LayoutConstraint(.child(1, .top), .equal, .child(0, .bottom), constant: 5),
                LayoutConstraint(.child(1, .leading), .equal, .parent(.leading)),
                LayoutConstraint(.child(1, .width), .equal, constant: 30),
                LayoutConstraint(.child(1, .height), .equal, constant: 30),
            ])
        let layout = spec.layoutThatFits(SizeRange(exactly: Size(width: 120, height: 200)))
        #expect(
            layout.sublayouts.map(\.frame) == [
                Rect(x: 0, y: 0, width: 120, height: 20), Rect(x: 0, y: 25, width: 30, height: 30),
            ])
        // Solved zeros are +0 (no "-0" in dumps).
        #expect(layout.sublayouts.allSatisfy { $0.frame.origin.x.sign == .plus && $0.frame.origin.y.sign == .plus })
    }

    @Test func multipliersCentresAndBaselines() {
        let label = box("label", 80, 20) { $0.ascender = 15 }
        let badge = box("badge", 30, 12) { $0.ascender = 8 }
        let spec = ConstraintLayoutSpec(
            children: [label, badge],
            constraints: [
                LayoutConstraint(.child(0, .width), .equal, .parent(.width), multiplier: 0.5),
                LayoutConstraint(.child(0, .centerX), .equal, .parent(.centerX)),
                LayoutConstraint(.child(0, .centerY), .equal, .parent(.centerY)),
                LayoutConstraint(.child(1, .leading), .equal, .child(0, .trailing), constant: 4),
                LayoutConstraint(.child(1, .firstBaseline), .equal, .child(0, .firstBaseline)),
            ])
        let layout = spec.layoutThatFits(exact400)
        // label: 200 wide centred (100…300), 20 high centred at 50; badge's baseline (8) at the label's (40 + 15).
        #expect(
            layout.sublayouts.map(\.frame) == [
                Rect(x: 100, y: 40, width: 200, height: 20), Rect(x: 304, y: 47, width: 30, height: 12),
            ])
    }

    @Test func theSpecShrinkWrapsInsideARange() {
        let spec = ConstraintLayoutSpec(
            children: [box("a", 100, 30)],
            constraints: [
                LayoutConstraint(.child(0, .leading), .equal, .parent(.leading), constant: 20),
                LayoutConstraint(.parent(.trailing), .equal, .child(0, .trailing), constant: 20),
                LayoutConstraint(.child(0, .top), .equal, .parent(.top), constant: 5),
                LayoutConstraint(.child(0, .bottom), .lessThanOrEqual, .parent(.bottom), constant: -5),
            ])
        let layout = spec.layoutThatFits(SizeRange(min: .zero, max: Size(width: 500, height: 500)))
        #expect(layout.size == Size(width: 140, height: 40))
        #expect(layout.sublayouts.map(\.frame) == [Rect(x: 20, y: 5, width: 100, height: 30)])
    }

    @Test func ambiguousAnchorsAreReported() {
        // b has a size and a leading edge but no vertical position.
        let spec = ConstraintLayoutSpec(
            children: [fill("a"), fill("b")],
            constraints: [
                LayoutConstraint(.child(0, .leading), .equal, .parent(.leading)),
                LayoutConstraint(.child(0, .top), .equal, .parent(.top)),
                LayoutConstraint(.child(0, .width), .equal, constant: 50),
                LayoutConstraint(.child(0, .height), .equal, constant: 50),
                LayoutConstraint(.child(1, .leading), .equal, .child(0, .trailing)),
                LayoutConstraint(.child(1, .width), .equal, constant: 20),
                LayoutConstraint(.child(1, .height), .equal, constant: 20),
            ],
            intrinsicSizePriorities: [
                0: IntrinsicSizePriorities(usesIntrinsicSize: false),
                1: IntrinsicSizePriorities(usesIntrinsicSize: false),
            ])
        let ambiguous = spec.ambiguousAnchors(in: exact400)
        #expect(ambiguous == [AmbiguousAnchors(child: 1, name: "b", anchors: [.top, .bottom, .centerY])])
        #expect(ambiguous.first?.description == "child[1] (b): top, bottom, centerY ambiguous")
        // Laid out anyway: the undetermined top rests at 0.
        #expect(spec.layoutThatFits(exact400).sublayouts[1].frame == Rect(x: 50, y: 0, width: 20, height: 20))
    }

    @Test func conflictingRequiredConstraintsAreNamedAndTheLaterIsLeftOut() {
        let spec = ConstraintLayoutSpec(
            children: [fill("card")],
            constraints: [
                LayoutConstraint(.child(0, .leading), .equal, .parent(.leading), constant: 20),
                LayoutConstraint(.child(0, .trailing), .equal, .parent(.trailing), constant: -20),
                LayoutConstraint(.child(0, .top), .equal, .parent(.top)),
                LayoutConstraint(.child(0, .height), .equal, constant: 10),
                LayoutConstraint(.child(0, .width), .equal, constant: 500, identifier: "wide"),
            ])
        #expect {
            try spec.validate(in: exact400)
        } throws: { error in
            guard case ConstraintLayoutError.unsatisfiable(let conflict) = error else { return false }
            return conflict.broken == .constraint(4)
                && conflict.conflicting == [.parentSize(.horizontal), .constraint(0), .constraint(1), .constraint(4)]
                && conflict.description == "required constraints conflict: "
                    + "the spec's width within 400…400 (its size range); constraints[0] card.leading == parent.leading + 20; "
                    + "constraints[1] card.trailing == parent.trailing - 20; constraints[4] wide: card.width == 500 "
                    + "(the last is left out)"
        }
        let layout = spec.layoutThatFits(exact400)
        #expect(layout.sublayouts[0].frame == Rect(x: 20, y: 0, width: 360, height: 10))
        #expect(spec.lastSolution?.conflicts.map(\.broken) == [.constraint(4)])
    }

    @Test(arguments: [
        (LayoutConstraint(.child(0, .left), .equal, constant: 10), "a location (left) needs a second anchor"),
        (
            LayoutConstraint(.child(0, .leading), .equal, .parent(.left)),
            "leading/trailing cannot be related to left/right"
        ),
        (LayoutConstraint(.child(0, .width), .equal, .parent(.left)), "a size relates only to a size"),
        (LayoutConstraint(.child(0, .top), .equal, .parent(.leading)), "lie on different axes"),
        (LayoutConstraint(.child(3, .top), .equal, .parent(.top)), "names child 3, but the spec has 1 children"),
        (
            LayoutConstraint(.child(0, .firstBaseline), .equal, .parent(.firstBaseline)),
            "the spec itself has no first baseline"
        ),
        (LayoutConstraint(.child(0, .top), .equal, .parent(.top), multiplier: 0), "a multiplier of 0"),
        (LayoutConstraint(.child(0, .width), .equal, constant: .nan), "must be finite numbers"),
    ])
    func invalidConstraintsAreReportedAndLeftOut(constraint: LayoutConstraint, reason: String) {
        let spec = ConstraintLayoutSpec(
            children: [box("a", 10, 10)],
            constraints: [LayoutConstraint(.child(0, .top), .equal, .parent(.top)), constraint])
        #expect {
            try spec.validate(in: exact400)
        } throws: { error in
            guard case ConstraintLayoutError.invalidConstraint(let report) = error else { return false }
            return report.index == 1 && report.reason.contains(reason)
        }
        let solution = spec.solve(in: exact400)
        #expect(solution.invalidConstraints.map(\.index) == [1])
        #expect(solution.frames == [Rect(x: 0, y: 0, width: 10, height: 10)])
    }
}
