import GalleyLayout

/// Children stacked top to bottom (`StackLayoutSpec`, vertical). Defaults are Texture's:
/// children stretch across the stack, no spacing.
///
/// ```swift
/// VStack(spacing: 8) {
///     Text("Summary").fontSize(16).bold()
///     Text(summary)
/// }
/// ```
public struct VStack: ReportContent {
    public var spacing: Double
    public var alignment: StackAlignItems
    public var justification: StackJustifyContent
    public var children: [any ReportContent]

    public init(
        spacing: Double = 0, alignment: StackAlignItems = .stretch, justification: StackJustifyContent = .start,
        @ContentBuilder _ children: () -> [any ReportContent]
    ) {
        self.spacing = spacing
        self.alignment = alignment
        self.justification = justification
        self.children = children()
    }

    public func makeElements(in context: ReportContext) throws -> [any LayoutElement] {
        [
            StackLayoutSpec(
                direction: .vertical, spacing: spacing, justifyContent: justification, alignItems: alignment,
                children: try Group(children).makeElements(in: context))
        ]
    }
}

/// Children side by side, left to right (`StackLayoutSpec`, horizontal); with `wrap`, lines
/// wrap like CSS `flex-wrap`.
public struct HStack: ReportContent {
    public var spacing: Double
    public var alignment: StackAlignItems
    public var justification: StackJustifyContent
    public var wrap: StackFlexWrap
    public var lineSpacing: Double
    public var children: [any ReportContent]

    public init(
        spacing: Double = 0, alignment: StackAlignItems = .stretch, justification: StackJustifyContent = .start,
        wrap: StackFlexWrap = .noWrap, lineSpacing: Double = 0, @ContentBuilder _ children: () -> [any ReportContent]
    ) {
        self.spacing = spacing
        self.alignment = alignment
        self.justification = justification
        self.wrap = wrap
        self.lineSpacing = lineSpacing
        self.children = children()
    }

    public func makeElements(in context: ReportContext) throws -> [any LayoutElement] {
        [
            StackLayoutSpec(
                direction: .horizontal, spacing: spacing, justifyContent: justification, alignItems: alignment,
                flexWrap: wrap, lineSpacing: lineSpacing, children: try Group(children).makeElements(in: context))
        ]
    }
}

/// Children placed at their `.position(x:y:)` (`AbsoluteLayoutSpec`).
public struct Absolute: ReportContent {
    public var sizing: AbsoluteSizing
    public var children: [any ReportContent]

    public init(sizing: AbsoluteSizing = .default, @ContentBuilder _ children: () -> [any ReportContent]) {
        self.sizing = sizing
        self.children = children()
    }

    public func makeElements(in context: ReportContext) throws -> [any LayoutElement] {
        [AbsoluteLayoutSpec(sizing: sizing, children: try Group(children).makeElements(in: context))]
    }
}
