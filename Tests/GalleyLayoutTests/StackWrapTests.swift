import GalleyLayout
import Testing

private func items() -> [any LayoutElement] { [box("a", 20, 10), box("b", 20, 15), box("c", 20, 10)] }

// Wrapping at max width 50: [a b] (40) and [c]; line crosses 15 and 10.
let stackWrapCases: [LayoutCase] = [
    LayoutCase("wrap.lines", upTo(50, 100), "=40,25 a:0,0,20,10 b:20,0,20,15 c:0,15,20,10") {
        hstack(align: .start, wrap: .wrap, items())
    },
    LayoutCase("wrap.noWrapOverflows", upTo(50, 100), "=50,15 a:0,0,20,10 b:20,0,20,15 c:40,0,20,10") {
        hstack(align: .start, items())
    },
    LayoutCase("wrap.lineSpacing", upTo(50, 100), "=40,30 a:0,0,20,10 b:20,0,20,15 c:0,20,20,10") {
        hstack(align: .start, wrap: .wrap, lineSpacing: 5, items())
    },
    // With spacing 10: a, b fit (20+10+20 = 50), c would make 80.
    LayoutCase("wrap.spacingCounts", upTo(50, 100), "=50,25 a:0,0,20,10 b:30,0,20,15 c:0,15,20,10") {
        hstack(spacing: 10, align: .start, wrap: .wrap, items())
    },
    // spacingBefore/After count toward the line: b needs 5+20 → 45 fits; c needs 25 more → new line.
    LayoutCase("wrap.spacingBeforeCounts", upTo(50, 100), "=45,25 a:0,0,20,10 b:25,0,20,15 c:0,15,20,10") {
        hstack(
            align: .start, wrap: .wrap,
            [box("a", 20, 10), box("b", 20, 15) { $0.spacingBefore = 5 }, box("c", 20, 10)])
    },
    LayoutCase("wrap.singleItemPerLine", upTo(15, 100), "=15,35 a:0,0,20,10 b:0,10,20,15 c:0,25,20,10") {
        hstack(align: .start, wrap: .wrap, items())
    },
    LayoutCase("wrap.vertical", upTo(100, 30), "=40,25 a:0,0,20,10 b:0,10,20,15 c:20,0,20,10") {
        vstack(align: .start, wrap: .wrap, [box("a", 20, 10), box("b", 20, 15), box("c", 20, 10)])
    },
    // Exact 50×100: lines total 25, violation 75.
    LayoutCase("alignContent.start", exact(50, 100), "=50,100 a:0,0,20,10 b:20,0,20,15 c:0,15,20,10") {
        hstack(align: .start, wrap: .wrap, alignContent: .start, items())
    },
    // Offset 37.5: lines at 37.5 (38) and 52.5 (53).
    LayoutCase("alignContent.center", exact(50, 100), "=50,100 a:0,38,20,10 b:20,38,20,15 c:0,53,20,10") {
        hstack(align: .start, wrap: .wrap, alignContent: .center, items())
    },
    LayoutCase("alignContent.end", exact(50, 100), "=50,100 a:0,75,20,10 b:20,75,20,15 c:0,90,20,10") {
        hstack(align: .start, wrap: .wrap, alignContent: .end, items())
    },
    LayoutCase("alignContent.spaceBetween", exact(50, 100), "=50,100 a:0,0,20,10 b:20,0,20,15 c:0,90,20,10") {
        hstack(align: .start, wrap: .wrap, alignContent: .spaceBetween, items())
    },
    // unit 18.75: lines at 18.75 (19) and 18.75 + 15 + 37.5 = 71.25 (72).
    LayoutCase("alignContent.spaceAround", exact(50, 100), "=50,100 a:0,19,20,10 b:20,19,20,15 c:0,72,20,10") {
        hstack(align: .start, wrap: .wrap, alignContent: .spaceAround, items())
    },
    // Lines grow by 37.5 each: 52.5 and 47.5; the second starts at 52.5 (53).
    LayoutCase("alignContent.stretch", exact(50, 100), "=50,100 a:0,0,20,10 b:20,0,20,15 c:0,53,20,10") {
        hstack(align: .start, wrap: .wrap, alignContent: .stretch, items())
    },
    // Line spacing counts in the shortfall: 100 − 30 = 70 → +35 per line; line 2 at 50 + 5.
    LayoutCase("alignContent.stretchWithLineSpacing", exact(50, 100), "=50,100 a:0,0,20,10 b:20,0,20,15 c:0,55,20,10") {
        hstack(align: .start, wrap: .wrap, alignContent: .stretch, lineSpacing: 5, items())
    },
    // Stretch items begin at the stack's cross min (100) even when wrapping: every line is 100 high.
    LayoutCase("wrap.stretchQuirk", exact(50, 100), "=50,100 a:0,0,20,100 b:20,0,20,100 c:0,100,20,100") {
        hstack(wrap: .wrap, items())
    },
    // One line: spaceBetween falls back to start, spaceAround to center (line sum 15 in min 100).
    LayoutCase(
        "alignContent.singleLineSpaceAround", range(0, 100, 100, 100), "=60,100 a:0,0,20,10 b:20,0,20,15 c:40,0,20,10"
    ) {
        hstack(align: .start, wrap: .wrap, alignContent: .spaceAround, items())
    },
    // Each line is justified on its own: line 1 (40) shifts 10, line 2 (20) shifts 30.
    LayoutCase("wrap.justifyPerLine", exact(50, 100), "=50,100 a:10,0,20,10 b:30,0,20,15 c:30,15,20,10") {
        hstack(justify: .end, align: .start, wrap: .wrap, items())
    },
    // Grow applies per line: line 1 has v = 10 → a 30; line 2 v = 30 → c 50.
    LayoutCase("wrap.growPerLine", exact(50, 100), "=50,100 a:0,0,30,10 b:30,0,20,15 c:0,15,50,10") {
        hstack(
            align: .start, wrap: .wrap,
            [box("a", 20, 10) { $0.flexGrow = 1 }, box("b", 20, 15), box("c", 20, 10) { $0.flexGrow = 1 }])
    },
]

@Test(arguments: stackWrapCases)
func stackWrap(_ testCase: LayoutCase) {
    #expect(render(testCase.build(), testCase.range) == testCase.expected, "\(testCase.id)")
}
