import GalleyLayout
import Testing

// The non-stack specs (§5).
let specCases: [LayoutCase] = [
    LayoutCase("inset.basic", upTo(100, 100), "=16,14 a:2,1,10,10") {
        InsetLayoutSpec(insets: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4), child: box("a", 10, 10))
    },
    LayoutCase("inset.passesMin", exact(100, 50), "=100,50 f:2,1,94,46") {
        InsetLayoutSpec(insets: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4), child: fill("f"))
    },
    LayoutCase("inset.all", upTo(100, 100), "=30,30 a:10,10,10,10") {
        InsetLayoutSpec(insets: EdgeInsets(all: 10), child: box("a", 10, 10))
    },
    // Left and right infinite: min width 0; right = round((100 − 31)/2) = round(34.5) = 35 → x = 34.
    // Vertically min 50 − 20 = 30 stretches the box to 30 high.
    LayoutCase("inset.infinite.centersX", exact(100, 50), "=100,50 a:34,10,31,30") {
        InsetLayoutSpec(
            insets: EdgeInsets(top: 10, left: .infinity, bottom: 10, right: .infinity), child: box("a", 31, 10))
    },
    // bottom = round(20.5) = 21 → y = 51 − 31 = 20.
    LayoutCase("inset.infinite.centersY", exact(100, 51), "=100,51 a:0,20,100,10") {
        InsetLayoutSpec(
            insets: EdgeInsets(top: .infinity, left: 0, bottom: .infinity, right: 0), child: box("a", 10, 10))
    },
    // Infinite left only: the child is pushed against the right inset: x = 100 − (5 + 10).
    LayoutCase("inset.infinite.leftOnly", exact(100, 50), "=100,50 a:85,0,10,50") {
        InsetLayoutSpec(insets: EdgeInsets(top: 0, left: .infinity, bottom: 0, right: 5), child: box("a", 10, 10))
    },
    LayoutCase("inset.infinite.topOnly", exact(100, 50), "=100,50 a:0,35,100,10") {
        InsetLayoutSpec(insets: EdgeInsets(top: .infinity, left: 0, bottom: 5, right: 0), child: box("a", 10, 10))
    },
    // Infinite right only: left is finite, so x = left and the spec is cs.max wide.
    LayoutCase("inset.infinite.rightOnly", upTo(100, 50), "=100,10 a:3,0,10,10") {
        InsetLayoutSpec(insets: EdgeInsets(top: 0, left: 3, bottom: 0, right: .infinity), child: box("a", 10, 10))
    },
    // An infinite inset with an infinite max gives an invalid size (0×0) and a NaN origin (read as 0).
    LayoutCase("inset.infinite.unboundedIsInvalid", upTo(100, inf), "=0,0 a:0,0,10,10") {
        InsetLayoutSpec(
            insets: EdgeInsets(top: .infinity, left: 0, bottom: .infinity, right: 0), child: box("a", 10, 10))
    },
    // The inset's own style is ignored.
    LayoutCase("inset.ignoresOwnStyle", upTo(100, 100), "=12,12 a:1,1,10,10") {
        styled(InsetLayoutSpec(insets: EdgeInsets(all: 1), child: box("a", 10, 10))) {
            $0.width = .points(80)
        }
    },
    LayoutCase("inset.oversizeChildClamped", upTo(15, 15), "=15,15 a:5,5,5,5") {
        InsetLayoutSpec(insets: EdgeInsets(all: 5), child: box("a", 10, 10))
    },
    LayoutCase("overlay.basic", upTo(100, 100), "=40,20 a:0,0,40,20 o:0,0,40,20") {
        OverlayLayoutSpec(child: box("a", 40, 20), overlay: fill("o"))
    },
    LayoutCase("overlay.ignoresOwnStyle", upTo(100, 100), "=40,20 a:0,0,40,20 o:0,0,40,20") {
        styled(OverlayLayoutSpec(child: box("a", 40, 20), overlay: fill("o"))) { $0.width = .points(80) }
    },
    // The overlay's parent size is the child's size: 50% of 40 = 20, pushed right by the infinite left inset.
    LayoutCase("overlay.parentIsChildSize", upTo(100, 100), "=40,20 a:0,0,40,20 o:20,0,20,20") {
        OverlayLayoutSpec(
            child: box("a", 40, 20),
            overlay: InsetLayoutSpec(
                insets: EdgeInsets(top: 0, left: .infinity, bottom: 0, right: 0),
                child: box("o", 10, 10) { $0.width = .fraction(0.5) }))
    },
    LayoutCase("background.basic", upTo(100, 100), "=40,20 bg:0,0,40,20 a:0,0,40,20") {
        BackgroundLayoutSpec(child: box("a", 40, 20), background: fill("bg"))
    },
    // The background's parent size is the spec's parent (100): 50% = 50 loses to the max 40.
    LayoutCase("background.parentIsSpecParent", upTo(100, 100), "=40,20 o:0,0,40,20 a:0,0,40,20") {
        BackgroundLayoutSpec(
            child: box("a", 40, 20),
            background: InsetLayoutSpec(
                insets: EdgeInsets(top: 0, left: .infinity, bottom: 0, right: 0),
                child: box("o", 10, 10) { $0.width = .fraction(0.5) }))
    },
    LayoutCase("background.ignoresOwnStyle", upTo(100, 100), "=40,20 bg:0,0,40,20 a:0,0,40,20") {
        styled(BackgroundLayoutSpec(child: box("a", 40, 20), background: fill("bg"))) { $0.height = .points(90) }
    },
    LayoutCase("relative.startStart", exact(100, 100), "=100,100 a:0,0,30,21") {
        RelativeLayoutSpec(horizontalPosition: .start, verticalPosition: .start, child: box("a", 30, 21))
    },
    // round(35) and round(39.5) = 40.
    LayoutCase("relative.centerCenter", exact(100, 100), "=100,100 a:35,40,30,21") {
        RelativeLayoutSpec(horizontalPosition: .center, verticalPosition: .center, child: box("a", 30, 21))
    },
    LayoutCase("relative.endEnd", exact(100, 100), "=100,100 a:70,79,30,21") {
        RelativeLayoutSpec(horizontalPosition: .end, verticalPosition: .end, child: box("a", 30, 21))
    },
    LayoutCase("relative.startEnd", exact(100, 100), "=100,100 a:0,79,30,21") {
        RelativeLayoutSpec(horizontalPosition: .start, verticalPosition: .end, child: box("a", 30, 21))
    },
    // Position none keeps cs.min for the child.
    LayoutCase("relative.noneNone", exact(100, 100), "=100,100 a:0,0,100,100") {
        RelativeLayoutSpec(child: box("a", 30, 21))
    },
    LayoutCase("relative.endNone", exact(100, 100), "=100,100 a:70,0,30,100") {
        RelativeLayoutSpec(horizontalPosition: .end, verticalPosition: .none, child: box("a", 30, 21))
    },
    LayoutCase("relative.minimumXY", upTo(100, 100), "=30,21 a:0,0,30,21") {
        RelativeLayoutSpec(
            horizontalPosition: .center, verticalPosition: .center, sizing: .minimumXY, child: box("a", 30, 21))
    },
    LayoutCase("relative.minimumX", upTo(100, 100), "=30,100 a:0,40,30,21") {
        RelativeLayoutSpec(
            horizontalPosition: .center, verticalPosition: .center, sizing: .minimumX, child: box("a", 30, 21))
    },
    LayoutCase("relative.minimumY", upTo(100, 100), "=100,21 a:35,0,30,21") {
        RelativeLayoutSpec(
            horizontalPosition: .center, verticalPosition: .center, sizing: .minimumY, child: box("a", 30, 21))
    },
    // Minimum sizing clamps back to the range min 50: round(10), round(14.5) = 15.
    LayoutCase("relative.minimumClampedToMin", range(50, 50, 100, 100), "=50,50 a:10,15,30,21") {
        RelativeLayoutSpec(
            horizontalPosition: .center, verticalPosition: .center, sizing: .minimumXY, child: box("a", 30, 21))
    },
    // An infinite max uses the child's size on that axis.
    LayoutCase("relative.infiniteMax", upTo(100, inf), "=100,21 a:35,0,30,21") {
        RelativeLayoutSpec(horizontalPosition: .center, verticalPosition: .center, child: box("a", 30, 21))
    },
    LayoutCase("center.xy", exact(100, 100), "=100,100 a:35,40,30,21") {
        CenterLayoutSpec(centering: .xy, child: box("a", 30, 21))
    },
    LayoutCase("center.x", exact(100, 100), "=100,100 a:35,0,30,100") {
        CenterLayoutSpec(centering: .x, child: box("a", 30, 21))
    },
    LayoutCase("center.y", exact(100, 100), "=100,100 a:0,40,100,21") {
        CenterLayoutSpec(centering: .y, child: box("a", 30, 21))
    },
    LayoutCase("center.none", exact(100, 100), "=100,100 a:0,0,100,100") {
        CenterLayoutSpec(centering: .none, child: box("a", 30, 21))
    },
    LayoutCase("center.defaults", upTo(100, 100), "=100,100 a:0,0,30,21") {
        CenterLayoutSpec(child: box("a", 30, 21))
    },
    LayoutCase("center.minimumXY", upTo(100, 100), "=30,21 a:0,0,30,21") {
        CenterLayoutSpec(centering: .xy, sizing: .minimumXY, child: box("a", 30, 21))
    },
    LayoutCase("center.minimumX", upTo(100, 100), "=30,100 a:0,40,30,21") {
        CenterLayoutSpec(centering: .xy, sizing: .minimumX, child: box("a", 30, 21))
    },
    LayoutCase("center.minimumY", upTo(100, 100), "=100,21 a:35,0,30,21") {
        CenterLayoutSpec(centering: .xy, sizing: .minimumY, child: box("a", 30, 21))
    },
    // (101 − 30)/2 = 35.5 rounds half away from zero to 36.
    LayoutCase("center.roundsHalfUp", exact(101, 100), "=101,100 a:36,40,30,21") {
        CenterLayoutSpec(centering: .xy, child: box("a", 30, 21))
    },
    LayoutCase("ratio.half", upTo(100, inf), "=100,50 f:0,0,100,50") {
        RatioLayoutSpec(ratio: 0.5, child: fill("f"))
    },
    // Width candidate (100, 200) clamps to (100, 100): off by 1; height candidate (50, 100) is exact.
    LayoutCase("ratio.heightCandidateWins", upTo(100, 100), "=50,100 f:0,0,50,100") {
        RatioLayoutSpec(ratio: 2, child: fill("f"))
    },
    // floor(100/3) = 33.
    LayoutCase("ratio.floors", upTo(100, inf), "=100,33 f:0,0,100,33") {
        RatioLayoutSpec(ratio: 1.0 / 3.0, child: fill("f"))
    },
    LayoutCase("ratio.onlyHeightValid", upTo(inf, 60), "=120,60 f:0,0,120,60") {
        RatioLayoutSpec(ratio: 0.5, child: fill("f"))
    },
    LayoutCase("ratio.noValidMaxPassesThrough", upTo(inf, inf), "=10,20 a:0,0,10,20") {
        RatioLayoutSpec(ratio: 0.5, child: box("a", 10, 20))
    },
    LayoutCase("ratio.boxTakesExactSize", upTo(100, 100), "=100,50 a:0,0,100,50") {
        RatioLayoutSpec(ratio: 0.5, child: box("a", 10, 10))
    },
    // b at x 80 with width 50 is clipped to the 20 points left.
    LayoutCase("absolute.default", exact(100, 100), "=100,100 a:10,20,10,10 b:80,0,20,30") {
        AbsoluteLayoutSpec(children: [
            box("a", 10, 10) { $0.layoutPosition = Point(x: 10, y: 20) },
            box("b", 30, 30) {
                $0.layoutPosition = Point(x: 80, y: 0)
                $0.width = .points(50)
            },
        ])
    },
    LayoutCase("absolute.defaultTakesMax", upTo(100, 100), "=100,100 a:5,5,10,10") {
        AbsoluteLayoutSpec(children: [box("a", 10, 10) { $0.layoutPosition = Point(x: 5, y: 5) }])
    },
    LayoutCase("absolute.sizeToFit", upTo(100, 100), "=15,15 a:5,5,10,10") {
        AbsoluteLayoutSpec(
            sizing: .sizeToFit, children: [box("a", 10, 10) { $0.layoutPosition = Point(x: 5, y: 5) }])
    },
    LayoutCase("absolute.sizeToFitAtLeastMin", range(40, 40, 100, 100), "=40,40 a:5,5,10,10") {
        AbsoluteLayoutSpec(
            sizing: .sizeToFit, children: [box("a", 10, 10) { $0.layoutPosition = Point(x: 5, y: 5) }])
    },
    // An infinite max height fits the children on that axis only.
    LayoutCase("absolute.infiniteHeightFits", upTo(100, inf), "=100,30 a:10,20,10,10") {
        AbsoluteLayoutSpec(children: [box("a", 10, 10) { $0.layoutPosition = Point(x: 10, y: 20) }])
    },
    LayoutCase("absolute.percentOfSize", exact(100, 100), "=100,100 a:0,0,50,10") {
        AbsoluteLayoutSpec(children: [box("a", 10, 10) { $0.width = .fraction(0.5) }])
    },
    LayoutCase("absolute.empty", range(5, 6, 100, 100), "=100,100") { AbsoluteLayoutSpec(children: []) },
    LayoutCase("corner.topRight", upTo(200, 200), "=100,50 c:0,0,100,50 b:90,-10,20,20") {
        CornerLayoutSpec(child: box("c", 100, 50), corner: box("b", 20, 20), location: .topRight)
    },
    LayoutCase("corner.topLeft", upTo(200, 200), "=100,50 c:0,0,100,50 b:-10,-10,20,20") {
        CornerLayoutSpec(child: box("c", 100, 50), corner: box("b", 20, 20), location: .topLeft)
    },
    LayoutCase("corner.bottomLeft", upTo(200, 200), "=100,50 c:0,0,100,50 b:-10,40,20,20") {
        CornerLayoutSpec(child: box("c", 100, 50), corner: box("b", 20, 20), location: .bottomLeft)
    },
    LayoutCase("corner.bottomRight", upTo(200, 200), "=100,50 c:0,0,100,50 b:90,40,20,20") {
        CornerLayoutSpec(child: box("c", 100, 50), corner: box("b", 20, 20), location: .bottomRight)
    },
    LayoutCase("corner.offset", upTo(200, 200), "=100,50 c:0,0,100,50 b:95,-13,20,20") {
        CornerLayoutSpec(
            child: box("c", 100, 50), corner: box("b", 20, 20), location: .topRight, offset: Point(x: 5, y: -3))
    },
    LayoutCase("corner.wraps.topRight", upTo(200, 200), "=110,60 c:0,10,100,50 b:90,0,20,20") {
        CornerLayoutSpec(child: box("c", 100, 50), corner: box("b", 20, 20), location: .topRight, wrapsCorner: true)
    },
    LayoutCase("corner.wraps.bottomRight", upTo(200, 200), "=110,60 c:0,0,100,50 b:90,40,20,20") {
        CornerLayoutSpec(
            child: box("c", 100, 50), corner: box("b", 20, 20), location: .bottomRight, wrapsCorner: true)
    },
    LayoutCase("corner.wraps.topLeft", upTo(200, 200), "=110,60 c:10,10,100,50 b:0,0,20,20") {
        CornerLayoutSpec(child: box("c", 100, 50), corner: box("b", 20, 20), location: .topLeft, wrapsCorner: true)
    },
    LayoutCase("corner.wraps.clamped", upTo(105, 200), "=105,60 c:0,10,100,50 b:90,0,20,20") {
        CornerLayoutSpec(child: box("c", 100, 50), corner: box("b", 20, 20), location: .topRight, wrapsCorner: true)
    },
    // Both get the full range: a min of 30 inflates the badge to 30×30, centred on the corner.
    LayoutCase("corner.minInflatesBadge", range(30, 30, 200, 200), "=100,50 c:0,0,100,50 b:-15,-15,30,30") {
        CornerLayoutSpec(child: box("c", 100, 50), corner: box("b", 20, 20), location: .topLeft)
    },
    LayoutCase("wrapper.notClampedToMax", range(50, 50, 100, 100), "=50,120") {
        WrapperLayoutSpec(child: FixedSpec(30, 120))
    },
    LayoutCase("wrapper.largestChild", upTo(100, 100), "=30,20 a:0,0,10,20 b:0,0,30,5") {
        WrapperLayoutSpec(wrapping: [box("a", 10, 20), box("b", 30, 5)])
    },
    LayoutCase("wrapper.styleApplies", upTo(100, 100), "=60,100 f:0,0,60,100") {
        styled(WrapperLayoutSpec(child: fill("f"))) { $0.width = .points(60) }
    },
    LayoutCase("wrapper.atLeastMin", range(50, 50, 100, 100), "=50,50 a:0,0,50,50") {
        WrapperLayoutSpec(child: box("a", 10, 10))
    },
    // A node returned as a spec is wrapped.
    LayoutCase("wrapper.nodeAsSpec", upTo(100, 100), "=10,10 a:0,0,10,10") { box("a", 10, 10) },
]

@Test(arguments: specCases)
func spec(_ testCase: LayoutCase) {
    #expect(render(testCase.build(), testCase.range) == testCase.expected, "\(testCase.id)")
}
