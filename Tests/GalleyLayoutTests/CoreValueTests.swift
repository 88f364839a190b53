import GalleyLayout
import Testing

struct RoundingCase: Sendable, CustomTestStringConvertible {
    let id: String
    let value: Double
    let expected: Double
    let function: @Sendable (Double) -> Double
    var testDescription: String { id }
}

let roundingCases: [RoundingCase] = [
    RoundingCase(id: "ceil.exact", value: 10, expected: 10, function: ceilPx),
    RoundingCase(id: "ceil.up", value: 10.2, expected: 11, function: ceilPx),
    RoundingCase(id: "ceil.epsilonNudge", value: 10.0000001, expected: 10, function: ceilPx),
    RoundingCase(id: "ceil.negative", value: -10.5, expected: -10, function: ceilPx),
    RoundingCase(id: "floor.down", value: 9.7, expected: 9, function: floorPx),
    RoundingCase(id: "floor.epsilonNudge", value: 9.9999999, expected: 10, function: floorPx),
    RoundingCase(id: "floor.negative", value: -0.5, expected: -1, function: floorPx),
    RoundingCase(id: "round.halfUp", value: 2.5, expected: 3, function: roundPx),
    RoundingCase(id: "round.halfAwayNegative", value: -2.5, expected: -3, function: roundPx),
    RoundingCase(id: "round.down", value: 2.4, expected: 2, function: roundPx),
]

@Test(arguments: roundingCases)
func pixelRounding(_ testCase: RoundingCase) {
    #expect(testCase.function(testCase.value) == testCase.expected)
}

struct IntersectCase: Sendable, CustomTestStringConvertible {
    let id: String
    let a: SizeRange
    let b: SizeRange
    let expected: SizeRange
    var testDescription: String { id }
}

let intersectCases: [IntersectCase] = [
    IntersectCase(id: "overlap", a: range(0, 0, 100, 100), b: range(20, 30, 200, 50), expected: range(20, 30, 100, 50)),
    // a lies below b: a's max wins.
    IntersectCase(
        id: "belowWinsMax", a: range(0, 0, 40, 40), b: range(60, 60, 60, 60), expected: range(40, 40, 40, 40)),
    // a lies above b: a's min wins.
    IntersectCase(
        id: "aboveWinsMin", a: range(80, 80, 100, 100), b: range(0, 0, 50, 50), expected: range(80, 80, 80, 80)),
    IntersectCase(id: "unconstrained", a: .unconstrained, b: range(1, 2, 3, 4), expected: range(1, 2, 3, 4)),
    IntersectCase(id: "exactInside", a: exact(30, 30), b: range(0, 0, 100, 100), expected: exact(30, 30)),
]

@Test(arguments: intersectCases)
func sizeRangeIntersect(_ testCase: IntersectCase) {
    #expect(testCase.a.intersect(testCase.b) == testCase.expected)
}

@Test func sizeRangeClamp() {
    let r = range(10, 10, 100, 50)
    #expect(r.clamp(Size(width: 150, height: 20)) == Size(width: 100, height: 20))
    #expect(r.clamp(Size(width: 5, height: 60)) == Size(width: 10, height: 50))
    #expect(r.clamp(Size(width: .nan, height: 30)) == Size(width: 10, height: 30))
    #expect(SizeRange.unconstrained.max.width == .infinity)
    #expect(SizeRange(exactly: Size(width: 3, height: 4)).min == Size(width: 3, height: 4))
    #expect(range(1, 2, 3, 4).description == "{{1, 2}, {3, 4}}")
    #expect(exact(3, 4).description == "{{3, 4}}")
}

@Test func geometryBasics() {
    let rect = Rect(x: 10, y: 20, width: 30, height: 40)
    #expect(rect.minX == 10 && rect.minY == 20 && rect.maxX == 40 && rect.maxY == 60)
    #expect(rect.width == 30 && rect.height == 40)
    #expect(Rect.zero == Rect(origin: .zero, size: .zero))
    #expect(Point.zero == Point(x: 0, y: 0))
    #expect(Size.zero == Size(width: 0, height: 0))
    #expect(EdgeInsets(all: 3) == EdgeInsets(top: 3, left: 3, bottom: 3, right: 3))
}

struct DimensionParseCase: Sendable, CustomTestStringConvertible {
    let text: String
    let expected: Dimension?
    var testDescription: String { "\"\(text)\"" }
}

let dimensionParseCases: [DimensionParseCase] = [
    DimensionParseCase(text: "50%", expected: .fraction(0.5)),
    DimensionParseCase(text: "10pt", expected: .points(10)),
    DimensionParseCase(text: "12.5pt", expected: .points(12.5)),
    DimensionParseCase(text: "auto", expected: .auto),
    DimensionParseCase(text: "100", expected: .auto),
    DimensionParseCase(text: "", expected: .auto),
    DimensionParseCase(text: "wide%", expected: nil),
    DimensionParseCase(text: "100%", expected: .fraction(1)),
]

@Test(arguments: dimensionParseCases)
func dimensionParsing(_ testCase: DimensionParseCase) {
    #expect(Dimension(parsing: testCase.text) == testCase.expected)
}

@Test func dimensionResolve() {
    #expect(Dimension.auto.resolve(parent: 300, autoValue: 7) == 7)
    #expect(Dimension.points(12).resolve(parent: 300, autoValue: 7) == 12)
    #expect(Dimension.fraction(0.5).resolve(parent: 300, autoValue: 7) == 150)
    #expect(Dimension.fraction(0.5).resolve(parent: .nan, autoValue: 7).isNaN)
    #expect(Dimension.fraction(0.5).resolve(parent: .infinity, autoValue: 7) == .infinity)
    #expect(Dimension.points(10).description == "10pt")
    #expect(Dimension.fraction(0.5).description == "50%")
    #expect(Dimension.auto.description == "Auto")
}

struct ResolveCase: Sendable, CustomTestStringConvertible {
    let id: String
    let style: Style
    let parent: Size
    let expected: SizeRange
    var testDescription: String { id }
}

private func style(_ configure: (inout Style) -> Void) -> Style {
    var style = Style()
    configure(&style)
    return style
}

let resolveCases: [ResolveCase] = [
    ResolveCase(id: "defaults", style: Style(), parent: Size(width: 100, height: 100), expected: .unconstrained),
    ResolveCase(
        id: "exact", style: style { $0.preferredSize = Size(width: 30, height: 40) },
        parent: Size(width: 100, height: 100), expected: exact(30, 40)),
    ResolveCase(
        id: "maxBeatsExact",
        style: style {
            $0.width = .points(120)
            $0.maxWidth = .points(100)
        },
        parent: Size(width: 500, height: 500), expected: range(100, 0, 100, .infinity)),
    ResolveCase(
        id: "minBeatsMax",
        style: style {
            $0.minWidth = .points(30)
            $0.maxWidth = .points(20)
        },
        parent: Size(width: 500, height: 500), expected: range(30, 0, 30, .infinity)),
    ResolveCase(
        id: "minBeatsExact",
        style: style {
            $0.width = .points(10)
            $0.minWidth = .points(25)
        },
        parent: Size(width: 500, height: 500), expected: range(25, 0, 25, .infinity)),
    ResolveCase(
        id: "percent",
        style: style {
            $0.width = .fraction(0.5)
            $0.maxHeight = .fraction(0.25)
        },
        parent: Size(width: 200, height: 400), expected: range(100, 0, 100, 100)),
    ResolveCase(
        id: "percentOfUndefinedIsMissing", style: style { $0.width = .fraction(0.5) },
        parent: .undefined, expected: .unconstrained),
    ResolveCase(
        id: "minMaxRange",
        style: style {
            $0.minSize = Size(width: 5, height: 6)
            $0.maxSize = Size(width: 50, height: 60)
        },
        parent: .zero, expected: range(5, 6, 50, 60)),
]

@Test(arguments: resolveCases)
func styleResolve(_ testCase: ResolveCase) {
    #expect(testCase.style.resolvedRange(parentSize: testCase.parent) == testCase.expected)
}

@Test func styleDefaultsMatchTexture() {
    let style = Style()
    #expect(style.flexGrow == 0 && style.flexShrink == 0 && style.flexBasis == .auto && style.alignSelf == .auto)
    #expect(style.width == .auto && style.height == .auto && style.minWidth == .auto && style.maxHeight == .auto)
    #expect(style.spacingBefore == 0 && style.spacingAfter == 0 && style.ascender == 0 && style.descender == 0)
    #expect(style.layoutPosition == .zero)
    let stack = StackLayoutSpec(children: [])
    #expect(stack.direction == .horizontal && stack.alignItems == .stretch && stack.justifyContent == .start)
    #expect(stack.flexWrap == .noWrap && stack.alignContent == .start && stack.spacing == 0 && stack.lineSpacing == 0)
    let corner = CornerLayoutSpec(child: LayoutSpec(), corner: LayoutSpec(), location: .topLeft)
    #expect(corner.offset == .zero && corner.wrapsCorner == false)
    #expect(AbsoluteLayoutSpec(children: []).sizing == .default)
    #expect(CenterLayoutSpec(child: LayoutSpec()).centering == .none)
    #expect(CenterLayoutSpec(child: LayoutSpec()).sizing == .default)
}

@Test func styleConveniences() {
    var style = Style()
    style.preferredSize = Size(width: 10, height: 20)
    #expect(style.width == .points(10) && style.height == .points(20))
    #expect(style.preferredSize == Size(width: 10, height: 20))
    style.minSize = Size(width: 1, height: 2)
    style.maxSize = Size(width: 3, height: 4)
    #expect(style.minSize == Size(width: 1, height: 2) && style.maxSize == Size(width: 3, height: 4))
    #expect(style.minLayoutSize == LayoutSize(width: .points(1), height: .points(2)))
}

struct DescriptionCase: Sendable, CustomTestStringConvertible {
    let id: String
    let style: Style
    let expected: String
    var testDescription: String { id }
}

let descriptionCases: [DescriptionCase] = [
    DescriptionCase(
        id: "default", style: Style(), expected: "min {Auto, Auto} <= preferred {Auto, Auto} <= max {Auto, Auto}"),
    DescriptionCase(
        id: "preferred", style: style { $0.preferredSize = Size(width: 100, height: 50) },
        expected: "min {Auto, Auto} <= preferred {100pt, 50pt} <= max {Auto, Auto}"),
    DescriptionCase(
        id: "mixed",
        style: style {
            $0.width = .fraction(0.5)
            $0.maxHeight = .points(200)
            $0.minWidth = .points(10)
        },
        expected: "min {10pt, Auto} <= preferred {50%, Auto} <= max {Auto, 200pt}"),
]

@Test(arguments: descriptionCases)
func styleDescription(_ testCase: DescriptionCase) {
    #expect(testCase.style.description == testCase.expected)
}

@Test func enumRawValuesMatchTemplateFormat() {
    #expect(StackDirection.allCases.map(\.rawValue) == ["horizontal", "vertical"])
    #expect(
        StackJustifyContent.allCases.map(\.rawValue)
            == ["start", "center", "end", "spaceBetween", "spaceAround", "spaceEvenly"])
    #expect(
        StackAlignItems.allCases.map(\.rawValue)
            == ["start", "center", "end", "stretch", "baselineFirst", "baselineLast"])
    #expect(StackFlexWrap.allCases.map(\.rawValue) == ["noWrap", "wrap"])
    #expect(
        StackAlignContent.allCases.map(\.rawValue)
            == ["start", "center", "end", "spaceBetween", "spaceAround", "stretch"])
    #expect(AlignSelf.allCases.map(\.rawValue) == ["auto", "start", "center", "end", "stretch"])
    #expect(CenteringOptions.allCases.map(\.rawValue) == ["none", "x", "y", "xy"])
    #expect(SizingOptions.allCases.map(\.rawValue) == ["default", "minimumX", "minimumY", "minimumXY"])
    #expect(RelativePosition.allCases.map(\.rawValue) == ["none", "start", "center", "end"])
    #expect(AbsoluteSizing.allCases.map(\.rawValue) == ["default", "sizeToFit"])
    #expect(CornerLocation.allCases.map(\.rawValue) == ["topLeft", "topRight", "bottomLeft", "bottomRight"])
}
