import GalleyLayout

/// A deterministic SplitMix64 generator, so random trees are the same on every run.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Builds random trees of every spec with boxes and plain nodes as leaves.
struct RandomTreeBuilder {
    var generator: SeededGenerator
    private(set) var boxes: [BoxNode] = []
    private var counter = 0

    init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

    private mutating func int(_ upper: Int) -> Int { Int(generator.next() % UInt64(upper)) }
    private mutating func chance(_ percent: Int) -> Bool { int(100) < percent }
    private mutating func pick<T>(_ values: [T]) -> T { values[int(values.count)] }

    private mutating func dimension() -> Dimension {
        switch int(6) {
        case 0: return .points(Double(int(80)))
        case 1: return .fraction(Double(int(11)) / 10)
        default: return .auto
        }
    }

    private mutating func randomizeStyle(_ style: inout Style) {
        if chance(20) { style.width = dimension() }
        if chance(20) { style.height = dimension() }
        if chance(10) { style.minWidth = dimension() }
        if chance(10) { style.maxHeight = dimension() }
        if chance(30) { style.flexGrow = Double(int(3)) }
        if chance(30) { style.flexShrink = Double(int(3)) }
        if chance(10) { style.flexBasis = dimension() }
        if chance(20) { style.alignSelf = pick(AlignSelf.allCases) }
        if chance(10) { style.spacingBefore = Double(int(5)) }
        if chance(10) { style.spacingAfter = Double(int(5)) }
        if chance(20) { style.ascender = Double(int(20)) }
        if chance(20) { style.descender = -Double(int(5)) }
        if chance(30) { style.layoutPosition = Point(x: Double(int(50)), y: Double(int(50))) }
    }

    private mutating func leaf() -> any LayoutElement {
        counter += 1
        if chance(20) {
            let node = FillNode("f\(counter)")
            randomizeStyle(&node.style)
            return node
        }
        let node = BoxNode("b\(counter)", Double(int(60)) + 0.5 * Double(int(2)), Double(int(60)))
        randomizeStyle(&node.style)
        boxes.append(node)
        return node
    }

    mutating func element(depth: Int) -> any LayoutElement {
        if depth == 0 || chance(25) { return leaf() }
        let element: any LayoutElement
        switch int(11) {
        case 0, 1, 2:
            element = StackLayoutSpec(
                direction: pick(StackDirection.allCases), spacing: Double(int(6)),
                justifyContent: pick(StackJustifyContent.allCases), alignItems: pick(StackAlignItems.allCases),
                flexWrap: pick(StackFlexWrap.allCases), alignContent: pick(StackAlignContent.allCases),
                lineSpacing: Double(int(4)), children: (0..<int(5)).map { _ in self.element(depth: depth - 1) })
        case 3:
            let values: [Double] = [0, 3, 10, .infinity]
            element = InsetLayoutSpec(
                insets: EdgeInsets(top: pick(values), left: pick(values), bottom: pick(values), right: pick(values)),
                child: self.element(depth: depth - 1))
        case 4:
            element = OverlayLayoutSpec(child: self.element(depth: depth - 1), overlay: self.element(depth: depth - 1))
        case 5:
            element = BackgroundLayoutSpec(
                child: self.element(depth: depth - 1), background: self.element(depth: depth - 1))
        case 6:
            element = CenterLayoutSpec(
                centering: pick(CenteringOptions.allCases), sizing: pick(SizingOptions.allCases),
                child: self.element(depth: depth - 1))
        case 7:
            element = RelativeLayoutSpec(
                horizontalPosition: pick(RelativePosition.allCases), verticalPosition: pick(RelativePosition.allCases),
                sizing: pick(SizingOptions.allCases), child: self.element(depth: depth - 1))
        case 8:
            element = RatioLayoutSpec(ratio: pick([0.5, 1, 1.5]), child: self.element(depth: depth - 1))
        case 9:
            element = AbsoluteLayoutSpec(
                sizing: pick(AbsoluteSizing.allCases),
                children: (0..<int(4)).map { _ in self.element(depth: depth - 1) })
        default:
            element = CornerLayoutSpec(
                child: self.element(depth: depth - 1), corner: self.element(depth: depth - 1),
                location: pick(CornerLocation.allCases), offset: Point(x: Double(int(5)), y: 0),
                wrapsCorner: chance(50))
        }
        if chance(20) { randomizeStyle(&element.style) }
        if chance(15) {
            counter += 1
            return HostNode(element, name: "h\(counter)")
        }
        return element
    }

    mutating func range() -> SizeRange {
        let maxW = pick([0, 50, 200, 333.5, .infinity])
        let maxH = pick([0, 60, 150, .infinity])
        let minW = maxW.isFinite && chance(50) ? maxW : Double(int(20))
        let minH = maxH.isFinite && chance(50) ? maxH : Double(int(20))
        return SizeRange(min: Size(width: minW, height: minH), max: Size(width: maxW, height: maxH))
    }
}
