import GalleyLayout

/// An encoded barcode: its modules, and the human-readable text zint places under linear symbols.
public struct BarcodeSymbol: Hashable, Sendable {
    /// One piece of human-readable text, in module units (EAN and UPC split theirs into groups).
    public struct Text: Hashable, Sendable {
        /// Where `x` is on the text: its centre, its start or its end.
        public enum Anchor: Hashable, Sendable {
            case center, start, end
        }

        public var text: String
        public var x: Double
        /// The baseline.
        public var y: Double
        /// The font size zint suggests.
        public var fontSize: Double
        public var anchor: Anchor

        /// A text piece.
        public init(text: String, x: Double, y: Double, fontSize: Double, anchor: Anchor) {
            self.text = text
            self.x = x
            self.y = y
            self.fontSize = fontSize
            self.anchor = anchor
        }
    }

    public var symbology: BarcodeSymbology
    /// The modules, quiet zones included in `shapes.size`.
    public var shapes: ModuleShapes
    /// Human-readable text (empty for matrix symbols, or when it was not asked for).
    public var texts: [Text]
    /// For a linear symbol, the height of its bars in modules (what it was encoded with); the rest of
    /// `shapes.size.height` is quiet zone, bearer bars and text, which do not grow with the bars.
    public var barHeight: Double

    /// A symbol.
    public init(symbology: BarcodeSymbology, shapes: ModuleShapes, texts: [Text], barHeight: Double) {
        self.symbology = symbology
        self.shapes = shapes
        self.texts = texts
        self.barHeight = barHeight
    }
}

/// Why data cannot be encoded: zint's own reason, or Galley's check of a length or a level.
public struct BarcodeError: Error, Sendable, CustomStringConvertible {
    /// The reason, quoting zint's message when zint refused the data.
    public let description: String

    /// An error with this reason.
    public init(_ description: String) {
        self.description = description
    }
}
