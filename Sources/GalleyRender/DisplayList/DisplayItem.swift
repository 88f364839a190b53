import GalleyLayout

/// Where a link goes: a URL, or a named destination in the same document (`#id`).
public enum LinkTarget: Hashable, Sendable {
    case url(String)
    case destination(String)
}

/// A drop shadow cast by a group's content.
public struct Shadow: Hashable, Sendable {
    public var offset: Point
    public var blurRadius: Double
    public var color: Color

    public init(offset: Point, blurRadius: Double, color: Color) {
        self.offset = offset
        self.blurRadius = blurRadius
        self.color = color
    }
}

/// How an image's pixels are sampled when scaled.
public enum ImageInterpolation: String, Hashable, Sendable {
    case smooth, nearest
}

/// A group of items drawn with a common transform, clip, opacity and shadow.
///
/// Opacity applies to the group as a whole: overlapping children are composited first and the
/// result faded once (a layer's opacity, not per-primitive alpha).
public struct DisplayGroup: Hashable, Sendable {
    public var transform: AffineTransform
    public var clip: Path?
    public var opacity: Double
    public var shadow: Shadow?
    public var items: [DisplayItem]

    public init(
        transform: AffineTransform = .identity, clip: Path? = nil, opacity: Double = 1,
        shadow: Shadow? = nil, items: [DisplayItem]
    ) {
        self.transform = transform
        self.clip = clip
        self.opacity = opacity
        self.shadow = shadow
        self.items = items
    }

    /// Whether the group needs an offscreen layer when drawn (anything but a plain transform).
    public var needsLayer: Bool { opacity < 1 || shadow != nil }
}

/// One drawing operation of a page. The display list is the only thing the PNG and PDF
/// writers read: immutable, `Sendable`, free of nodes and C objects.
public enum DisplayItem: Hashable, Sendable {
    case fill(Path, Color)
    case stroke(Path, Color, lineWidth: Double)
    case glyphs(GlyphRun)
    case image(ImageBuffer, Rect, ImageInterpolation)
    /// An SVG stretched over the rect, drawn as vectors (paths in a PDF, device pixels in a PNG).
    case vector(VectorImage, Rect)
    /// A barcode's modules scaled into the rect: exact in a PDF, snapped to whole device pixels in a PNG.
    case modules(ModuleShapes, Rect, Color)
    case group(DisplayGroup)
    /// A clickable area (PDF annotations; ignored by raster output).
    case link(Rect, LinkTarget)
    /// A named destination that internal links (`#name`) jump to.
    case anchor(String, Point)
    /// Opens or closes a structure element or an artifact (tagged PDF; ignored by raster output).
    case structure(StructureMark)
}

/// One page (or canvas) of output: its size in points and its items in z-order.
public struct DisplayPage: Hashable, Sendable {
    public var size: Size
    public var items: [DisplayItem]
    /// Painted under everything when set (PNG pages default to transparent otherwise).
    public var background: Color?

    public init(size: Size, items: [DisplayItem], background: Color? = nil) {
        // Debug builds walk every page made: a deferred-layer marker must never get this far.
        assert(!PendingLayerMarker.occurs(in: items), "a display page holds an unresolved deferred layer")
        self.size = size
        self.items = items
        self.background = background
    }
}

/// Document-level PDF information.
public struct DocumentMetadata: Hashable, Sendable {
    public var title: String?
    public var author: String?
    public var subject: String?
    public var keywords: String?
    public var creator: String?
    /// The creation date as PDF wants it (`D:YYYYMMDDHHmmSS`); fixed from
    /// `SOURCE_DATE_EPOCH` so identical input gives identical bytes.
    public var creationDate: String?
    /// The document's language (BCP 47, e.g. `en-GB`): the catalog's `/Lang` and the XMP
    /// `dc:language` of PDFs that are tagged or follow a standard.
    public var language: String?

    public init(
        title: String? = nil, author: String? = nil, subject: String? = nil, keywords: String? = nil,
        creator: String? = "Galley", creationDate: String? = nil, language: String? = nil
    ) {
        self.title = title
        self.author = author
        self.subject = subject
        self.keywords = keywords
        self.creator = creator
        self.creationDate = creationDate
        self.language = language
    }
}

/// One bookmark of the PDF outline.
public struct OutlineEntry: Hashable, Sendable {
    public var title: String
    /// 1 for top-level entries, 2 for their children, and so on.
    public var level: Int
    /// The named destination (an `.anchor` item) the entry opens.
    public var destination: String

    public init(title: String, level: Int, destination: String) {
        self.title = title
        self.level = level
        self.destination = destination
    }
}
