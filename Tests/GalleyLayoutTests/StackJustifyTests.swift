import GalleyLayout
import Testing

private func three() -> [any LayoutElement] { [box("a", 10, 10), box("b", 20, 10), box("c", 30, 10)] }
private func twoWide() -> [any LayoutElement] { [box("a", 60, 10), box("b", 60, 10)] }

// Three boxes 10+20+30 = 60 in an exact 100: violation 40.
let stackJustifyCases: [LayoutCase] = [
    LayoutCase("justify.start", exact(100, 50), "=100,50 a:0,0,10,10 b:10,0,20,10 c:30,0,30,10") {
        hstack(align: .start, three())
    },
    LayoutCase("justify.center", exact(100, 50), "=100,50 a:20,0,10,10 b:30,0,20,10 c:50,0,30,10") {
        hstack(justify: .center, align: .start, three())
    },
    LayoutCase("justify.end", exact(100, 50), "=100,50 a:40,0,10,10 b:50,0,20,10 c:70,0,30,10") {
        hstack(justify: .end, align: .start, three())
    },
    LayoutCase("justify.spaceBetween", exact(100, 50), "=100,50 a:0,0,10,10 b:30,0,20,10 c:70,0,30,10") {
        hstack(justify: .spaceBetween, align: .start, three())
    },
    // unit = 40/6: a at 6.67 → 7; b at 30; c at 63.33 → 64 (positions ceiled only when flattened).
    LayoutCase("justify.spaceAround", exact(100, 50), "=100,50 a:7,0,10,10 b:30,0,20,10 c:64,0,30,10") {
        hstack(justify: .spaceAround, align: .start, three())
    },
    // unit = 40/4 = 10 at both edges and between items.
    LayoutCase("justify.spaceEvenly", exact(100, 50), "=100,50 a:10,0,10,10 b:30,0,20,10 c:60,0,30,10") {
        hstack(justify: .spaceEvenly, align: .start, three())
    },
    LayoutCase("justify.vertical.spaceBetween", exact(50, 100), "=50,100 a:0,0,10,10 b:0,45,20,10 c:0,90,30,10") {
        vstack(justify: .spaceBetween, align: .start, three())
    },
    // Overflow (120 in 100, violation −20): offsets are negative and space-* fall back.
    LayoutCase("justify.overflow.start", exact(100, 50), "=100,50 a:0,0,60,10 b:60,0,60,10") {
        hstack(align: .start, twoWide())
    },
    LayoutCase("justify.overflow.center", exact(100, 50), "=100,50 a:-10,0,60,10 b:50,0,60,10") {
        hstack(justify: .center, align: .start, twoWide())
    },
    LayoutCase("justify.overflow.end", exact(100, 50), "=100,50 a:-20,0,60,10 b:40,0,60,10") {
        hstack(justify: .end, align: .start, twoWide())
    },
    LayoutCase("justify.overflow.spaceBetweenIsStart", exact(100, 50), "=100,50 a:0,0,60,10 b:60,0,60,10") {
        hstack(justify: .spaceBetween, align: .start, twoWide())
    },
    LayoutCase("justify.overflow.spaceAroundIsCenter", exact(100, 50), "=100,50 a:-10,0,60,10 b:50,0,60,10") {
        hstack(justify: .spaceAround, align: .start, twoWide())
    },
    LayoutCase("justify.overflow.spaceEvenlyIsCenter", exact(100, 50), "=100,50 a:-10,0,60,10 b:50,0,60,10") {
        hstack(justify: .spaceEvenly, align: .start, twoWide())
    },
    LayoutCase("justify.single.spaceBetweenIsStart", exact(100, 50), "=100,50 a:0,0,10,10") {
        hstack(justify: .spaceBetween, align: .start, [box("a", 10, 10)])
    },
    LayoutCase("justify.single.spaceAroundIsCenter", exact(100, 50), "=100,50 a:45,0,10,10") {
        hstack(justify: .spaceAround, align: .start, [box("a", 10, 10)])
    },
    LayoutCase("justify.single.spaceEvenlyIsCenter", exact(100, 50), "=100,50 a:45,0,10,10") {
        hstack(justify: .spaceEvenly, align: .start, [box("a", 10, 10)])
    },
    // In a range [0, 100] the 60-long line lies inside it: violation 0, so center does nothing.
    LayoutCase("justify.center.inexactDoesNothing", upTo(100, 50), "=60,10 a:0,0,10,10 b:10,0,20,10 c:30,0,30,10") {
        hstack(justify: .center, align: .start, three())
    },
    // A min of 80 gives a violation of 20: end shifts by 20; the stack is 80 wide.
    LayoutCase("justify.end.minOnly", range(80, 0, 200, 50), "=80,10 a:20,0,10,10 b:30,0,20,10 c:50,0,30,10") {
        hstack(justify: .end, align: .start, three())
    },
    LayoutCase("spacing.between", exact(100, 50), "=100,50 a:0,0,10,10 b:15,0,10,10 c:30,0,10,10") {
        hstack(spacing: 5, align: .start, [box("a", 10, 10), box("b", 10, 10), box("c", 10, 10)])
    },
    // a: 0, cursor 10+3; b: +2 +5 → 20, cursor 30+4; c: +5 → 39.
    LayoutCase("spacing.beforeAfter", exact(100, 50), "=100,50 a:0,0,10,10 b:20,0,10,10 c:39,0,10,10") {
        hstack(
            spacing: 5, align: .start,
            [
                box("a", 10, 10) { $0.spacingAfter = 3 },
                box("b", 10, 10) {
                    $0.spacingBefore = 2
                    $0.spacingAfter = 4
                }, box("c", 10, 10),
            ])
    },
    LayoutCase("spacing.beforeFirst", exact(100, 50), "=100,50 a:7,0,10,10") {
        hstack(align: .start, [box("a", 10, 10) { $0.spacingBefore = 7 }])
    },
    // Shrink-wrapped length includes all spacing: 30 + 2×5 + 3 + 2 + 4 = 49.
    LayoutCase("spacing.inSize", upTo(100, 50), "=49,10 a:0,0,10,10 b:20,0,10,10 c:39,0,10,10") {
        hstack(
            spacing: 5, align: .start,
            [
                box("a", 10, 10) { $0.spacingAfter = 3 },
                box("b", 10, 10) {
                    $0.spacingBefore = 2
                    $0.spacingAfter = 4
                }, box("c", 10, 10),
            ])
    },
    LayoutCase("spacing.vertical", upTo(100, 100), "=10,25 a:0,0,10,10 b:0,15,10,10") {
        vstack(spacing: 5, [box("a", 10, 10), box("b", 10, 10)])
    },
    // A spacer (bare spec, size cs.min) with flexGrow takes the free space.
    LayoutCase("spacer.grows", exact(100, 10), "=100,10 a:0,0,10,10 b:90,0,10,10") {
        hstack([box("a", 10, 10), styled(LayoutSpec()) { $0.flexGrow = 1 }, box("b", 10, 10)])
    },
    LayoutCase("spacer.alone.isMin", range(5, 7, 100, 100), "=5,7") { LayoutSpec() },
    LayoutCase("spacer.style.appliesAsRange", upTo(100, 100), "=30,20") {
        styled(LayoutSpec()) { $0.preferredSize = Size(width: 30, height: 20) }
    },
]

@Test(arguments: stackJustifyCases)
func stackJustify(_ testCase: LayoutCase) {
    #expect(render(testCase.build(), testCase.range) == testCase.expected, "\(testCase.id)")
}
