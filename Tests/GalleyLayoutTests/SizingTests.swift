import GalleyLayout
import Testing

// Leaves, min/max precedence, percentages, nesting, zero and over-constrained sizes.
let sizingCases: [LayoutCase] = [
    LayoutCase("leaf.box.clamped", range(20, 0, 100, 5), "=20,5 a:0,0,20,5") { box("a", 10, 10) },
    LayoutCase("leaf.fill.finiteMax", upTo(100, 50), "=100,50 f:0,0,100,50") { fill("f") },
    // Either max infinite: both axes collapse to the min.
    LayoutCase("leaf.fill.infiniteMax", range(10, 20, 100, inf), "=10,20 f:0,0,10,20") { fill("f") },
    LayoutCase("leaf.fill.tooLargeIsInvalid", upTo(100, 2e7), "=0,0 f:0,0,0,0") { fill("f") },
    // 10.2 ceils to 11; 3.0000001 is within FLT_EPSILON of 3 and stays 3.
    LayoutCase("leaf.fractionalCeiled", upTo(100, 100), "=11,3 a:0,0,11,3") { box("a", 10.2, 3.0000001) },
    // The constrained range beats the child's own min (minHeight 60 in a 40-high stack gives 40).
    LayoutCase("precedence.minHeightLoses", exact(100, 40), "=100,40 a:0,0,10,40") {
        hstack(align: .start, [box("a", 10, 10) { $0.minHeight = .points(60) }])
    },
    LayoutCase("precedence.maxWidthLosesToMin", range(50, 0, 100, 100), "=50,10 a:0,0,50,10") {
        WrapperLayoutSpec(child: box("a", 10, 10) { $0.maxWidth = .points(20) })
    },
    LayoutCase("precedence.styleWidthInsideRange", exact(100, 50), "=100,50 a:0,0,30,10") {
        hstack(align: .start, [box("a", 10, 10) { $0.width = .points(30) }])
    },
    LayoutCase("precedence.styleMaxBeatsExact", exact(100, 50), "=100,50 a:0,0,20,10") {
        hstack(
            align: .start,
            [
                box("a", 10, 10) {
                    $0.width = .points(30)
                    $0.maxWidth = .points(20)
                }
            ])
    },
    LayoutCase("precedence.styleMinBeatsMax", exact(100, 50), "=100,50 a:0,0,30,10") {
        hstack(
            align: .start,
            [
                box("a", 10, 10) {
                    $0.minWidth = .points(30)
                    $0.maxWidth = .points(20)
                }
            ])
    },
    LayoutCase("precedence.minGrowsBox", upTo(100, 100), "=25,10 a:0,0,25,10") {
        WrapperLayoutSpec(child: box("a", 10, 10) { $0.minWidth = .points(25) })
    },
    LayoutCase("precedence.specStyle", upTo(200, 200), "=50,50 a:0,0,10,10") {
        styled(hstack(align: .start, [box("a", 10, 10)])) { $0.preferredSize = Size(width: 50, height: 50) }
    },
    LayoutCase("percent.exactParent", exact(200, 50), "=200,50 a:0,0,100,10") {
        hstack(align: .start, [box("a", 10, 10) { $0.width = .fraction(0.5) }])
    },
    // The stack's width is inexact: the child's parent width is NaN and the percentage is ignored.
    LayoutCase("percent.inexactParentIgnored", upTo(200, 50), "=10,10 a:0,0,10,10") {
        hstack(align: .start, [box("a", 10, 10) { $0.width = .fraction(0.5) }])
    },
    LayoutCase("percent.crossExact", exact(200, 50), "=200,50 a:0,0,10,25") {
        hstack(align: .start, [box("a", 10, 10) { $0.height = .fraction(0.5) }])
    },
    LayoutCase("percent.crossInexact", range(200, 0, 200, 50), "=200,10 a:0,0,10,10") {
        hstack(align: .start, [box("a", 10, 10) { $0.height = .fraction(0.5) }])
    },
    // A wrapper passes cs.max as the parent size.
    LayoutCase("percent.wrapperParentIsMax", upTo(200, 100), "=100,10 a:0,0,100,10") {
        WrapperLayoutSpec(child: box("a", 10, 10) { $0.width = .fraction(0.5) })
    },
    LayoutCase("percent.maxWidth", upTo(200, 100), "=50,10 a:0,0,50,10") {
        WrapperLayoutSpec(child: box("a", 80, 10) { $0.maxWidth = .fraction(0.25) })
    },
    // Under an inset the parent shrinks by the insets: 50% of (200 − 20) = 90.
    LayoutCase("percent.underInset", upTo(200, 100), "=110,30 a:10,10,90,10") {
        InsetLayoutSpec(insets: EdgeInsets(all: 10), child: box("a", 10, 10) { $0.width = .fraction(0.5) })
    },
    // Inside an inexact stack an inset turns the NaN parent into 0: 50% of 0 = 0.
    LayoutCase("percent.insetNaNParentIsZero", upTo(200, 100), "=20,30 a:10,10,0,10") {
        hstack(
            align: .start,
            [
                InsetLayoutSpec(insets: EdgeInsets(all: 10), child: box("a", 10, 10) { $0.width = .fraction(0.5) })
            ])
    },
    // Root node style percentages resolve against the root range's max.
    LayoutCase("percent.rootSpecStyle", upTo(200, 100), "=100,100 f:0,0,100,100") {
        styled(WrapperLayoutSpec(child: fill("f"))) { $0.width = .fraction(0.5) }
    },
    // vstack(start){ hstack(center){ a, inset(5){ center(xy, minXY){ b } } }, c }: hstack 45×20 at 0,
    // inset at x 25 with b at +5,+5; c below after spacing 10.
    LayoutCase("nesting.threeDeep", upTo(200, 200), "=50,40 a:0,0,20,20 b:30,5,10,10 c:0,30,50,10") {
        vstack(
            spacing: 10, align: .start,
            [
                hstack(
                    spacing: 5, align: .center,
                    [
                        box("a", 20, 20),
                        InsetLayoutSpec(
                            insets: EdgeInsets(all: 5),
                            child: CenterLayoutSpec(centering: .xy, sizing: .minimumXY, child: box("b", 10, 10))),
                    ]),
                box("c", 50, 10),
            ])
    },
    // A composite node inside a spec: its subnodes come after it, offset by its position.
    LayoutCase("nesting.nodeInNode", upTo(100, 100), "=16,11 h:3,3,10,5 d:3,3,5,5 e:8,3,5,5") {
        InsetLayoutSpec(
            insets: EdgeInsets(all: 3),
            child: HostNode(hstack(align: .start, [box("d", 5, 5), box("e", 5, 5)]), name: "h"))
    },
    // Unrounded positions add up before the ceil: 24.5 + 15.5 = 40 (not 25 + 16).
    LayoutCase("flatten.ceilsAbsolute", exact(100, 20), "=100,20 a:40,0,20,10") {
        hstack(
            justify: .center, align: .start,
            [
                styled(hstack(justify: .center, align: .start, [box("a", 20, 10)])) { $0.width = .points(51) }
            ])
    },
    LayoutCase("flatten.ceilsFraction", exact(100, 10), "=100,10 a:34,0,33,10") {
        hstack(justify: .center, align: .start, [box("a", 33, 10)])
    },
    LayoutCase("zero.exactZero", exact(0, 0), "=0,0 a:0,0,10,0 f:10,0,0,0") {
        hstack([box("a", 10, 10), fill("f")])
    },
    LayoutCase("zero.boxes", upTo(100, 100), "=0,0 a:0,0,0,0 b:0,0,0,0") {
        hstack([box("a", 0, 0), box("b", 0, 0)])
    },
    // A range whose min exceeds its max: the node's intersect keeps the min.
    LayoutCase("overconstrained.minAboveMax", range(50, 50, 20, 20), "=50,50 a:0,0,50,50") {
        WrapperLayoutSpec(child: box("a", 10, 10))
    },
    LayoutCase("overconstrained.invalidSpecSize", upTo(100, 100), "=0,0") { FixedSpec(2e7, 10) },
]

@Test(arguments: sizingCases)
func sizing(_ testCase: LayoutCase) {
    #expect(render(testCase.build(), testCase.range) == testCase.expected, "\(testCase.id)")
}
