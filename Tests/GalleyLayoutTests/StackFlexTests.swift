import GalleyLayout
import Testing

// Flexing (§4.4): one pass per line; grow shares floored, remainder to the first flexed item.
let stackFlexCases: [LayoutCase] = [
    // v = 50; floor(50/3) = 16, floor(100/3) = 33; remainder 1 → a: 37, b: 63.
    LayoutCase("grow.unequal", exact(100, 50), "=100,50 a:0,0,37,50 b:37,0,63,50") {
        hstack([box("a", 20, 10) { $0.flexGrow = 1 }, box("b", 30, 10) { $0.flexGrow = 2 }])
    },
    LayoutCase("grow.equal", exact(100, 50), "=100,50 a:0,0,50,50 b:50,0,50,50") {
        hstack([box("a", 20, 10) { $0.flexGrow = 1 }, box("b", 20, 10) { $0.flexGrow = 1 }])
    },
    // v = 1 split between two growers floors to 0 each: the violation stays unresolved.
    LayoutCase("grow.flooredAway", exact(101, 50), "=101,50 a:0,0,10,50 b:10,0,10,50 c:20,0,80,50") {
        hstack([
            box("a", 10, 10) { $0.flexGrow = 1 }, box("b", 10, 10) { $0.flexGrow = 1 }, box("c", 80, 10),
        ])
    },
    // v = 5: a floor(5/11) = 0 (not flexed), b floor(50/11) = 4 + remainder 1 → 15.
    LayoutCase("grow.remainderToFirstFlexed", exact(25, 50), "=25,50 a:0,0,10,50 b:10,0,15,50") {
        hstack([box("a", 10, 10) { $0.flexGrow = 1 }, box("b", 10, 10) { $0.flexGrow = 10 }])
    },
    // v = 40 over grow 1,1,1: floor(13.33) = 13 each, remainder 1 → first: 14, 13, 13.
    LayoutCase("grow.threeWays", exact(40, 10), "=40,10 a:0,0,14,10 b:14,0,13,10 c:27,0,13,10") {
        hstack([
            box("a", 0, 0) { $0.flexGrow = 1 }, box("b", 0, 0) { $0.flexGrow = 1 },
            box("c", 0, 0) { $0.flexGrow = 1 },
        ])
    },
    // A plain node measures 0 wide in the first pass (infinite max) and then grows.
    LayoutCase("grow.plainNode", exact(100, 50), "=100,50 a:0,0,20,50 f:20,0,80,50") {
        hstack([box("a", 20, 10), fill("f") { $0.flexGrow = 1 }])
    },
    // The exact flexed size beats the style max (Intersect precedence).
    LayoutCase("grow.overridesStyleMax", exact(100, 50), "=100,50 a:0,0,100,50") {
        hstack([
            box("a", 10, 10) {
                $0.flexGrow = 1
                $0.maxWidth = .points(20)
            }
        ])
    },
    // No grow in an inexact stack: nothing to do, the stack shrink-wraps.
    LayoutCase("grow.inexactNoViolation", upTo(100, 50), "=20,10 a:0,0,20,10") {
        hstack([box("a", 20, 10) { $0.flexGrow = 1 }])
    },
    LayoutCase("grow.vertical", exact(20, 100), "=20,100 a:0,0,20,10 b:0,10,20,90") {
        vstack([box("a", 10, 10), box("b", 10, 10) { $0.flexGrow = 1 }])
    },
    // v = −50; weights 100×½ = 50 and 50×½ = 25 → −33.33 and −16.67 → 66.67 (67) and 33.33 (34);
    // b is placed after a's ceiled size.
    LayoutCase("shrink.sizeWeighted", exact(100, 50), "=100,50 a:0,0,67,50 b:67,0,34,50") {
        hstack([box("a", 100, 10) { $0.flexShrink = 1 }, box("b", 50, 10) { $0.flexShrink = 1 }])
    },
    // v = −20; weights 60×2/3 = 40 and 60×1/3 = 20 → −13.33 and −6.67 → 46.67 (47), 53.33 (54).
    LayoutCase("shrink.unequalFactors", exact(100, 50), "=100,50 a:0,0,47,50 b:47,0,54,50") {
        hstack([box("a", 60, 10) { $0.flexShrink = 2 }, box("b", 60, 10) { $0.flexShrink = 1 }])
    },
    LayoutCase("shrink.defaultIsZero", exact(100, 50), "=100,50 a:0,0,60,50 b:60,0,60,50") {
        hstack([box("a", 60, 10), box("b", 60, 10)])
    },
    // a would shrink by 110 to −100: clamped to 0.
    LayoutCase("shrink.clampsAtZero", exact(100, 50), "=100,50 a:0,0,0,50 b:0,0,200,50") {
        hstack([box("a", 10, 10) { $0.flexShrink = 1 }, box("b", 200, 10)])
    },
    // Shrink overrides a style min: the exact range wins.
    LayoutCase("shrink.overridesStyleMin", exact(50, 10), "=50,10 a:0,0,50,10") {
        hstack([
            box("a", 80, 10) {
                $0.flexShrink = 1
                $0.minWidth = .points(70)
            }
        ])
    },
    LayoutCase("shrink.vertical", exact(10, 50), "=10,50 a:0,0,10,25 b:0,25,10,25") {
        vstack([box("a", 10, 50) { $0.flexShrink = 1 }, box("b", 10, 50) { $0.flexShrink = 1 }])
    },
    // Optimized flexing: the only grow+shrink child is not measured (basis 0): v = 20 → a is 20,
    // where normal flexing would shrink both (a 33.33, b 66.67).
    LayoutCase("optimized.basisZero", exact(100, 50), "=100,50 a:0,0,20,50 b:20,0,80,50") {
        hstack([
            box("a", 40, 10) {
                $0.flexGrow = 1
                $0.flexShrink = 1
            }, box("b", 80, 10) { $0.flexShrink = 1 },
        ])
    },
    // Zero violation: the placeholder is measured at main size 0.
    LayoutCase("optimized.zeroViolation", exact(100, 50), "=100,50 a:0,0,0,50 b:0,0,100,50") {
        hstack([
            box("a", 40, 10) {
                $0.flexGrow = 1
                $0.flexShrink = 1
            }, box("b", 100, 10),
        ])
    },
    // Shrinking with the placeholder as the only shrinker: weight 0, it stays an unmeasured 0×0.
    LayoutCase("optimized.unmeasuredPlaceholder", exact(100, 50), "=100,50 a:0,0,0,0 b:0,0,120,10") {
        hstack(
            align: .start,
            [
                box("a", 40, 10) {
                    $0.flexGrow = 1
                    $0.flexShrink = 1
                }, box("b", 120, 10),
            ])
    },
    // ... unless the stretch step re-measures it at the line's cross size.
    LayoutCase("optimized.placeholderStretched", exact(100, 50), "=100,50 a:0,0,0,50 b:0,0,120,50") {
        hstack([
            box("a", 40, 10) {
                $0.flexGrow = 1
                $0.flexShrink = 1
            }, box("b", 120, 10),
        ])
    },
    // Inexact main size: no optimization; a measures 40 and nothing flexes.
    LayoutCase("optimized.notWhenInexact", upTo(100, 50), "=70,10 a:0,0,40,10 b:40,0,30,10") {
        hstack(
            align: .start,
            [
                box("a", 40, 10) {
                    $0.flexGrow = 1
                    $0.flexShrink = 1
                }, box("b", 30, 10),
            ])
    },
    // Two grow+shrink children: no optimization; both measured, v = 40 → 20 each.
    LayoutCase("optimized.notWithTwo", exact(100, 10), "=100,10 a:0,0,50,10 b:50,0,50,10") {
        hstack([
            box("a", 30, 10) {
                $0.flexGrow = 1
                $0.flexShrink = 1
            },
            box("b", 30, 10) {
                $0.flexGrow = 1
                $0.flexShrink = 1
            },
        ])
    },
    LayoutCase("basis.points", exact(200, 50), "=200,50 a:0,0,30,10") {
        hstack(align: .start, [box("a", 10, 10) { $0.flexBasis = .points(30) }])
    },
    LayoutCase("basis.percentOfExact", exact(200, 50), "=200,50 a:0,0,100,10") {
        hstack(align: .start, [box("a", 10, 10) { $0.flexBasis = .fraction(0.5) }])
    },
    // An inexact main axis leaves the percentage undefined: treated as auto.
    LayoutCase("basis.percentOfInexactIsAuto", upTo(200, 50), "=10,10 a:0,0,10,10") {
        hstack(align: .start, [box("a", 10, 10) { $0.flexBasis = .fraction(0.5) }])
    },
    // The basis is the starting size for flexing: 30 + floor(70/2)=35 → 65 and 35.
    LayoutCase("basis.thenGrow", exact(100, 10), "=100,10 a:0,0,65,10 b:65,0,35,10") {
        hstack([
            box("a", 10, 10) {
                $0.flexBasis = .points(30)
                $0.flexGrow = 1
            }, box("b", 0, 10) { $0.flexGrow = 1 },
        ])
    },
]

@Test(arguments: stackFlexCases)
func stackFlex(_ testCase: LayoutCase) {
    #expect(render(testCase.build(), testCase.range) == testCase.expected, "\(testCase.id)")
}
