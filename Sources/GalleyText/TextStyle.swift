import GalleyRender

/// How tall a line of a style is: a multiple of the font size, or a fixed height in points.
public enum LineHeight: Hashable, Sendable {
    case multiple(Double)
    case points(Double)

    /// The line height in points for a font size.
    public func resolved(fontSize: Double) -> Double {
        switch self {
        case .multiple(let factor): return factor * fontSize
        case .points(let points): return points
        }
    }
}

/// The character-level style of a run of text (the template's TEXTSTYLE).
public struct TextStyle: Hashable, Sendable {
    /// Family name; nil for the registry's default family.
    public var font: String?
    public var weight: Int
    public var italic: Bool
    public var fontSize: Double
    public var color: Color
    public var lineHeight: LineHeight
    /// Extra space after every cluster, in points.
    public var letterSpacing: Double
    /// OpenType features in HarfBuzz syntax: "tnum", "-liga", "liga=0", "ss01".
    public var features: [String]
    public var underline: Bool
    public var strikethrough: Bool
    /// Shift of the baseline in points, positive up (superscripts).
    public var baselineOffset: Double
    /// A URL, or `#id` for an internal destination.
    public var link: String?

    public init(
        font: String? = nil, weight: Int = 400, italic: Bool = false, fontSize: Double = 12,
        color: Color = .black, lineHeight: LineHeight = .multiple(1.2), letterSpacing: Double = 0,
        features: [String] = [], underline: Bool = false, strikethrough: Bool = false,
        baselineOffset: Double = 0, link: String? = nil
    ) {
        self.font = font
        self.weight = weight
        self.italic = italic
        self.fontSize = fontSize
        self.color = color
        self.lineHeight = lineHeight
        self.letterSpacing = letterSpacing
        self.features = features
        self.underline = underline
        self.strikethrough = strikethrough
        self.baselineOffset = baselineOffset
        self.link = link
    }
}

/// A piece of a paragraph's text with one style.
public struct TextSpan: Hashable, Sendable {
    public var text: String
    public var style: TextStyle

    public init(text: String, style: TextStyle = TextStyle()) {
        self.text = text
        self.style = style
    }
}

/// Horizontal alignment of lines; `start` and `end` follow the paragraph's direction.
public enum TextAlignment: String, Hashable, Sendable {
    case start, center, end, justify
}

/// How lines are chosen: first-fit, or Knuth–Plass total-fit.
public enum LineBreaking: String, Hashable, Sendable {
    case greedy, optimal
}

/// A paragraph's base direction (UAX #9): from its first strong character, or set.
public enum TextDirection: String, Hashable, Sendable, CaseIterable {
    /// The first strong character decides (rules P2–P3); left to right when there is none.
    case auto
    /// Left to right whatever the text: `start` is the left.
    case ltr
    /// Right to left whatever the text: `start` is the right, and a Latin line reads after the
    /// Arabic or Hebrew around it.
    case rtl
}

/// Where a truncated last line is cut.
public enum TruncationMode: String, Hashable, Sendable, CaseIterable {
    /// After the last whole word that fits with the truncation string ("rendering pipeline…");
    /// a single word wider than the line is still cut between characters.
    case word
    /// After the last character (grapheme) that fits ("rendering pipeline t…").
    case character
}

/// Paragraph-level options (the text element's keys).
public struct ParagraphStyle: Hashable, Sendable {
    public var alignment: TextAlignment
    /// Lines beyond this are dropped and the last kept line ends with `truncation`.
    public var maxLines: Int?
    public var truncation: String
    /// Where the last kept line is cut: at a word boundary (default) or a character.
    public var truncationMode: TruncationMode
    public var lineBreaking: LineBreaking
    public var hyphenate: Bool
    /// BCP 47 language ("en-US"): line-break locale, hyphenation dictionary, shaping language.
    public var language: String?
    /// Shrink to fit: the smallest font size the text may be set in when it does not fit its
    /// frame (height, `maxLines` or a word wider than the line) at its own sizes. Nil: never shrink.
    public var minimumFontSize: Double?
    /// The base direction (`dir`): `start` and `end` alignment and the order of mixed runs follow it.
    public var direction: TextDirection

    public init(
        alignment: TextAlignment = .start, maxLines: Int? = nil, truncation: String = "…",
        lineBreaking: LineBreaking = .greedy, hyphenate: Bool = false, language: String? = nil,
        truncationMode: TruncationMode = .word, minimumFontSize: Double? = nil, direction: TextDirection = .auto
    ) {
        self.alignment = alignment
        self.maxLines = maxLines
        self.truncation = truncation
        self.truncationMode = truncationMode
        self.lineBreaking = lineBreaking
        self.hyphenate = hyphenate
        self.language = language
        self.minimumFontSize = minimumFontSize
        self.direction = direction
    }
}
