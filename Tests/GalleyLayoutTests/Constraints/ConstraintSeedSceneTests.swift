import GalleyLayout
import Testing

/// The two scenes of the Auto Layout constraint-animation seed (reference 003) as constraints layouts, each in
/// the two constraint states an animation moves between, with every frame asserted.
@Suite("constraints spec: seed-003 scenes")
struct ConstraintSeedSceneTests {
    func frames(_ spec: ConstraintLayoutSpec, _ width: Double, _ height: Double) -> [Rect] {
        let layout = spec.layoutThatFits(SizeRange(exactly: Size(width: width, height: height)))
        return layout.sublayouts.map(\.frame)
    }

    /// Yellow and blue: five constraints each, equal widths, and the three constraints the mode switch changes
    /// (the spacing's constant, and the priorities of yellow's and blue's trailing constraints).
    func yellowBlue(
        spacing: Double, yellowTrailing: ConstraintPriority, blueTrailing: ConstraintPriority,
        direction: LayoutDirection = .leftToRight
    ) -> ConstraintLayoutSpec {
        let yellow = 0
        let blue = 1
        return ConstraintLayoutSpec(
            children: [fill("yellow"), fill("blue")],
            constraints: [
                LayoutConstraint(.child(yellow, .leading), .equal, .parent(.leading), constant: 20),
                LayoutConstraint(.child(yellow, .top), .equal, .parent(.top), constant: 20),
                LayoutConstraint(.child(yellow, .bottom), .equal, .parent(.bottom), constant: -20),
                LayoutConstraint(.child(blue, .top), .equal, .parent(.top), constant: 20),
                LayoutConstraint(.child(blue, .bottom), .equal, .parent(.bottom), constant: -20),
                LayoutConstraint(.child(yellow, .width), .equal, .child(blue, .width)),
                LayoutConstraint(.child(blue, .leading), .equal, .child(yellow, .trailing), constant: spacing),
                LayoutConstraint(
                    .child(blue, .trailing), .equal, .parent(.trailing), constant: -20, priority: blueTrailing),
                LayoutConstraint(
                    .child(yellow, .trailing), .equal, .parent(.trailing), constant: -20, priority: yellowTrailing),
            ],
            layoutDirection: direction)
    }

    @Test func yellowAndBlueShareTheWidthWhenModeIsOn() {
        let spec = yellowBlue(spacing: 10, yellowTrailing: .low, blueTrailing: .high)
        #expect(
            frames(spec, 400, 200) == [
                Rect(x: 20, y: 20, width: 175, height: 160), Rect(x: 205, y: 20, width: 175, height: 160),
            ])
        #expect(spec.lastSolution?.conflicts.isEmpty == true)
        #expect(spec.ambiguousAnchors(in: SizeRange(exactly: Size(width: 400, height: 200))).isEmpty)
    }

    @Test func aSpacingOf100PushesBlueOffWhenModeIsOff() {
        let spec = yellowBlue(spacing: 100, yellowTrailing: .high, blueTrailing: .low)
        #expect(
            frames(spec, 400, 200) == [
                Rect(x: 20, y: 20, width: 360, height: 160), Rect(x: 480, y: 20, width: 360, height: 160),
            ])
        #expect(spec.ambiguousAnchors(in: SizeRange(exactly: Size(width: 400, height: 200))).isEmpty)
    }

    @Test func rightToLeftMirrorsBothStates() {
        let on = yellowBlue(spacing: 10, yellowTrailing: .low, blueTrailing: .high, direction: .rightToLeft)
        #expect(
            frames(on, 400, 200) == [
                Rect(x: 205, y: 20, width: 175, height: 160), Rect(x: 20, y: 20, width: 175, height: 160),
            ])
        let off = yellowBlue(spacing: 100, yellowTrailing: .high, blueTrailing: .low, direction: .rightToLeft)
        #expect(
            frames(off, 400, 200) == [
                Rect(x: 20, y: 20, width: 360, height: 160), Rect(x: -440, y: 20, width: 360, height: 160),
            ])
    }

    /// Red has leading, trailing and top space and a bottom space to the bottom edge (the slider's constraint);
    /// yellow, blue and green have leading, trailing, top space to the view above and a height. All required.
    func slider(redBottomSpace: Double) -> ConstraintLayoutSpec {
        let names = ["red", "yellow", "blue", "green"]
        var constraints: [LayoutConstraint] = []
        for index in names.indices {
            constraints.append(LayoutConstraint(.child(index, .leading), .equal, .parent(.leading), constant: 20))
            constraints.append(LayoutConstraint(.child(index, .trailing), .equal, .parent(.trailing), constant: -20))
            if index == 0 {
                constraints.append(LayoutConstraint(.child(0, .top), .equal, .parent(.top), constant: 20))
                constraints.append(
                    LayoutConstraint(.child(0, .bottom), .equal, .parent(.bottom), constant: -redBottomSpace))
            } else {
                constraints.append(
                    LayoutConstraint(.child(index, .top), .equal, .child(index - 1, .bottom), constant: 10))
                constraints.append(LayoutConstraint(.child(index, .height), .equal, constant: 50))
            }
        }
        return ConstraintLayoutSpec(children: names.map { fill($0) }, constraints: constraints)
    }

    @Test func theRedBottomConstraintMovesEveryViewBelow() {
        #expect(
            frames(slider(redBottomSpace: 300), 320, 568) == [
                Rect(x: 20, y: 20, width: 280, height: 248), Rect(x: 20, y: 278, width: 280, height: 50),
                Rect(x: 20, y: 338, width: 280, height: 50), Rect(x: 20, y: 398, width: 280, height: 50),
            ])
        // The slider drags the constant by −100: red grows by 100 and the three views below move down 100.
        #expect(
            frames(slider(redBottomSpace: 200), 320, 568) == [
                Rect(x: 20, y: 20, width: 280, height: 348), Rect(x: 20, y: 378, width: 280, height: 50),
                Rect(x: 20, y: 438, width: 280, height: 50), Rect(x: 20, y: 498, width: 280, height: 50),
            ])
        #expect(
            slider(redBottomSpace: 200).ambiguousAnchors(in: SizeRange(exactly: Size(width: 320, height: 568))).isEmpty)
    }
}
