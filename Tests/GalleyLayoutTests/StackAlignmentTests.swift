import GalleyLayout
import Testing

// Expected frames are derived from texture-layout-semantics.md §4. `=W,H` is the root size.
let stackAlignmentCases: [LayoutCase] = [
    LayoutCase("stack.empty.isMin", range(10, 20, 100, 50), "=10,20") { hstack([]) },
    // Stretch is the default; in an exact cross range the first pass already measures at cross min 50.
    LayoutCase("stack.default.stretchExact", exact(100, 50), "=100,50 a:0,0,10,50 b:10,0,20,50") {
        hstack([box("a", 10, 10), box("b", 20, 30)])
    },
    // Inexact cross: line = max cross 30; a is re-measured at [30,30]; the stack shrink-wraps to 30×30.
    LayoutCase("stack.default.stretchInexact", upTo(100, 50), "=30,30 a:0,0,10,30 b:10,0,20,30") {
        hstack([box("a", 10, 10), box("b", 20, 30)])
    },
    LayoutCase("stack.vertical.stretchInexact", upTo(50, 100), "=30,30 a:0,0,30,10 b:0,10,30,20") {
        vstack([box("a", 10, 10), box("b", 30, 20)])
    },
    LayoutCase("align.start", exact(100, 50), "=100,50 a:0,0,10,10 b:10,0,20,30") {
        hstack(align: .start, [box("a", 10, 10), box("b", 20, 30)])
    },
    LayoutCase("align.center", exact(100, 50), "=100,50 a:0,20,10,10 b:10,10,20,30") {
        hstack(align: .center, [box("a", 10, 10), box("b", 20, 30)])
    },
    // (50 − 11) / 2 = 19.5, floored to 19.
    LayoutCase("align.center.floors", exact(100, 50), "=100,50 c:0,19,10,11") {
        hstack(align: .center, [box("c", 10, 11)])
    },
    LayoutCase("align.end", exact(100, 50), "=100,50 a:0,40,10,10 b:10,20,20,30") {
        hstack(align: .end, [box("a", 10, 10), box("b", 20, 30)])
    },
    LayoutCase("align.vertical.end", exact(50, 100), "=50,100 a:40,0,10,10 b:20,10,30,20") {
        vstack(align: .end, [box("a", 10, 10), box("b", 30, 20)])
    },
    LayoutCase("align.vertical.center", exact(50, 100), "=50,100 a:20,0,10,10 b:10,10,30,20") {
        vstack(align: .center, [box("a", 10, 10), box("b", 30, 20)])
    },
    LayoutCase(
        "alignSelf.overrides", exact(100, 50), "=100,50 a:0,40,10,10 b:10,10,20,30 c:30,0,10,50 d:40,0,5,5"
    ) {
        hstack(
            align: .start,
            [
                box("a", 10, 10) { $0.alignSelf = .end }, box("b", 20, 30) { $0.alignSelf = .center },
                box("c", 10, 10) { $0.alignSelf = .stretch }, box("d", 5, 5) { $0.alignSelf = .auto },
            ])
    },
    LayoutCase("alignSelf.startInStretchStack", exact(100, 50), "=100,50 a:0,0,10,10 b:10,0,20,50") {
        hstack([box("a", 10, 10) { $0.alignSelf = .start }, box("b", 20, 30)])
    },
    // Baselines 15, 10, 8 → line baseline 15; below-baseline max 20 → line 35.
    LayoutCase("baseline.first", upTo(200, 100), "=30,35 a:0,0,10,20 b:10,5,10,30 c:20,7,10,10") {
        hstack(
            align: .baselineFirst,
            [
                box("a", 10, 20) { $0.ascender = 15 }, box("b", 10, 30) { $0.ascender = 10 },
                box("c", 10, 10) { $0.ascender = 8 },
            ])
    },
    // Baselines 20−5=15, 30−10=20, 10−2=8 → line baseline 20; below 5, 10, 2 → line 30.
    LayoutCase("baseline.last", upTo(200, 100), "=30,30 a:0,5,10,20 b:10,0,10,30 c:20,12,10,10") {
        hstack(
            align: .baselineLast,
            [
                box("a", 10, 20) { $0.descender = -5 }, box("b", 10, 30) { $0.descender = -10 },
                box("c", 10, 10) { $0.descender = -2 },
            ])
    },
    // A non-baseline item (alignSelf start, 40 high) makes the line 40, larger than the baseline extent 35.
    LayoutCase("baseline.mixedWithStart", upTo(200, 100), "=30,40 a:0,0,10,20 b:10,5,10,30 d:20,0,10,40") {
        hstack(
            align: .baselineFirst,
            [
                box("a", 10, 20) { $0.ascender = 15 }, box("b", 10, 30) { $0.ascender = 10 },
                box("d", 10, 40) { $0.alignSelf = .start },
            ])
    },
    // Single line with an exact cross size keeps the stack's 50 but still aligns baselines.
    LayoutCase("baseline.exactCross", exact(100, 50), "=100,50 a:0,0,10,20 b:10,5,10,30") {
        hstack(
            align: .baselineFirst,
            [box("a", 10, 20) { $0.ascender = 15 }, box("b", 10, 30) { $0.ascender = 10 }])
    },
    // The inner vstack is 20×20 (x stretched to 20) and exports x's ascender 8; z's ascender 16 →
    // line baseline 16: vstack at y 8, z at y 0; line = 16 + max(12, 4) = 28.
    LayoutCase(
        "baseline.nestedVerticalStack", upTo(200, 100), "=30,28 x:0,8,20,10 y:0,18,20,10 z:20,0,10,20"
    ) {
        hstack(
            align: .baselineFirst,
            [
                vstack([box("x", 10, 10) { $0.ascender = 8 }, box("y", 20, 10) { $0.descender = -3 }]),
                box("z", 10, 20) { $0.ascender = 16 },
            ])
    },
    // vstack baselineLast = cross 20 + last descender −3 = 17; z: 20 − 2 = 18 → vstack y 1.
    LayoutCase(
        "baseline.nestedVerticalStackLast", upTo(200, 100), "=30,21 x:0,1,20,10 y:0,11,20,10 z:20,0,10,20"
    ) {
        hstack(
            align: .baselineLast,
            [
                vstack([box("x", 10, 10) { $0.ascender = 8 }, box("y", 20, 10) { $0.descender = -3 }]),
                box("z", 10, 20) { $0.descender = -2 },
            ])
    },
    // Stretch quirks (§4.6): style maxHeight 20 does not cap the stretch to the 40 line.
    LayoutCase("stretch.maxDoesNotCap", upTo(100, 50), "=20,40 a:0,0,10,40 b:10,0,10,40") {
        hstack([box("a", 10, 10) { $0.maxHeight = .points(20) }, box("b", 10, 40)])
    },
    // A nonzero style min (5) replaces the line size as the lower bound: the box re-clamps to 10.
    LayoutCase("stretch.minSuppresses", upTo(100, 50), "=20,40 a:0,0,10,10 b:10,0,10,40") {
        hstack([box("a", 10, 10) { $0.minHeight = .points(5) }, box("b", 10, 40)])
    },
    // A plain node with a min still fills its max (50), which then sets the line.
    LayoutCase("stretch.minPlainNodeFills", upTo(100, 50), "=20,50 a:0,0,10,50 b:10,0,10,50") {
        hstack([
            fill("a") {
                $0.minHeight = .points(5)
                $0.width = .points(10)
            }, box("b", 10, 40),
        ])
    },
    // An explicit cross size sets both bounds: no stretch.
    LayoutCase("stretch.explicitCrossNoStretch", upTo(100, 50), "=20,40 a:0,0,10,20 b:10,0,10,40") {
        hstack([box("a", 10, 10) { $0.height = .points(20) }, box("b", 10, 40)])
    },
    // Stretch children begin at the stack's cross min (30) even when content is smaller.
    LayoutCase("stretch.beginsAtCrossMin", range(0, 30, 100, 50), "=20,30 a:0,0,10,30 b:10,0,10,30") {
        hstack([box("a", 10, 10), box("b", 10, 20)])
    },
    // Cross sizes are capped by the stack's cross max: a 80-high box in a 50-high stack is 50.
    LayoutCase("cross.cappedByStackMax", upTo(100, 50), "=10,50 a:0,0,10,50") {
        hstack(align: .start, [box("a", 10, 80)])
    },
]

@Test(arguments: stackAlignmentCases)
func stackAlignment(_ testCase: LayoutCase) {
    #expect(render(testCase.build(), testCase.range) == testCase.expected, "\(testCase.id)")
}
