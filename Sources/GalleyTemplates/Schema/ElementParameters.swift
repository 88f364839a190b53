import Galley
import GalleyLayout
import GalleyRender
import GalleyText

/// An element's values for one record, typed: what the property table's appliers set and the
/// builders read. Every element starts from its type's defaults (the table's, applied once), its
/// literal keys are applied when the template is compiled, and only its bound keys per record.
struct ElementParameters: Sendable {
    /// Texture's layout style (`width`, `flexGrow`, `position`, …).
    var style = Style()
    var pagination = PaginationParameters()
    var node = NodeParameters()
    var text = TextParameters()
    var content = ContentParameters()
    var spec = SpecParameters()
    var constraints = ConstraintsParameters()
    /// `lang` and `dir`: what the element and its subtree are set in.
    var scope = ScopeParameters()
}

/// Keys of every element that hold for its whole subtree: its language and base direction. They
/// are applied before the element's `if` and other keys, which format in them (``BindingScope``).
struct ScopeParameters: Sendable {
    var locale: FormatLocale?
    var direction: TextDirection?

    /// Whether the element sets either.
    var isEmpty: Bool { locale == nil && direction == nil }

    /// `scope` with this language and direction, where set.
    func applied(to scope: BindingScope) -> BindingScope {
        var scope = scope
        if let locale { scope = scope.formatting(in: locale) }
        if let direction { scope = scope.directed(direction) }
        return scope
    }
}

/// Keys of every element read by pagination and tables.
struct PaginationParameters: Sendable {
    var keepTogether = false
    var keepWithNext = false
    var colSpan: Int?
    var rowSpan: Int?
    var verticalAlign: VerticalAlignment?
}

/// Keys of drawn nodes: identity, layer, links, outline, tagging, animation.
struct NodeParameters: Sendable {
    var identifier: String?
    var debugName: String?
    /// The node's layer, when any layer key is set.
    var layer: LayerProperties?
    var link: String?
    var bookmark: String?
    var bookmarkLevel = 1
    var accessibility: NodeAccessibility?
    var transition: AnimationTiming?

    /// Edits the layer, starting from a default one.
    mutating func editLayer(_ edit: (inout LayerProperties) -> Void) {
        var layer = self.layer ?? LayerProperties()
        edit(&layer)
        self.layer = layer
    }

    /// Edits the tagged-PDF properties, starting from none.
    mutating func editAccessibility(_ edit: (inout NodeAccessibility) -> Void) {
        var accessibility = self.accessibility ?? NodeAccessibility()
        edit(&accessibility)
        self.accessibility = accessibility
    }
}

/// Keys of `text` and `toc`.
struct TextParameters: Sendable {
    var text: String?
    var spans: [TextSpanValue]?
    /// The style `style` names.
    var style: NamedTextStyle?
    var paragraph = ParagraphStyle()
    var orphans: Int?
    var widows: Int?
    /// A `toc`'s keys.
    var tocTitle: String?
    var tocTitleStyle: NamedTextStyle?
    var tocLevels = 3
    var tocLeader = TableOfContentsLeader.dots
    var tocIndent = 12.0
    var tocSpacing = 4.0
}

/// One span of a `spans` array: its text and its own text-style keys.
struct TextSpanValue: Sendable {
    var text: String
    var style: [(apply: @Sendable (inout TextStyle, PropertyValue) -> Void, value: PropertyValue)]
}

/// Keys of the drawn content: box, image, barcode, custom node, table.
struct ContentParameters: Sendable {
    var boxSize: Size?
    var source: String?
    var contentMode = ContentMode.scaleToFill
    var symbology: BarcodeSymbology?
    var barcodeData: String?
    var errorCorrection: String?
    var showText = true
    var barcodeColor = Color.black
    var nodeClass: String?
    var nodeParams: JSONValue?
    var columns: [TableColumn] = []
    var repeatHeader = true
    var cellPadding = EdgeInsets(top: 4, left: 6, bottom: 4, right: 6)
    var grid: GridLines?
    var headerBackground: Color?
}

/// A table's `grid`: the lines drawn around every cell.
struct GridLines: Sendable {
    var width: Double
    var color: Color
}

/// Keys of layout specs.
struct SpecParameters: Sendable {
    var direction = StackDirection.horizontal
    var spacing = 0.0
    var justifyContent = StackJustifyContent.start
    var alignItems = StackAlignItems.stretch
    var flexWrap = StackFlexWrap.noWrap
    var alignContent = StackAlignContent.start
    var lineSpacing = 0.0
    var insets = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
    var centering = CenteringOptions.xy
    var sizing = SizingOptions.default
    var horizontal = RelativePosition.none
    var vertical = RelativePosition.none
    var ratio = 1.0
    var absoluteSizing = AbsoluteSizing.default
    var location = CornerLocation.topRight
    var offset = Point.zero
    var wrapsCorner = false
}
